// Sync the members of a partner key's organisations (docs/partner-api.md, "Worked example").
// Node 18 or later, nothing to install:
//
//   EMS_URL=https://portal.example.org EMS_PARTNER_KEY=ems_... node sync-members.mjs members.cursor
//
// The first run reads every member (or, with UPDATED_SINCE=2026-01-01T00:00:00Z, those changed
// since); each run prints one JSON line per member to stdout and keeps the last page's endCursor
// in the state file, so the next run prints exactly what changed since. Before the members it
// prints a line {"removed": ...} for each member who left one of the key's organisations (keep
// that cursor in <state file>.removals). A run that stops half-way goes on from the last page it
// finished.
import { readFile, writeFile } from 'node:fs/promises';

const endpoint = new URL('/graphql', process.env.EMS_URL ?? 'http://localhost:4000');
const key = process.env.EMS_PARTNER_KEY;
const stateFile = process.argv[2] ?? 'members.cursor';
const pageSize = Number(process.env.PAGE_SIZE ?? 500);
const filter = process.env.UPDATED_SINCE ? { updatedSince: process.env.UPDATED_SINCE } : null;
if (!key) throw new Error('set EMS_PARTNER_KEY');

const MEMBERS = `query Members($first: Int!, $after: String, $filter: MemberFilter) {
  partner {
    members(first: $first, after: $after, filter: $filter) {
      edges {
        node {
          id
          updatedAt
          personalData { firstName lastName email dateOfBirth }
          memberships { id organisationId periodId status membershipNumber membershipTypeCode }
          householdLinks { householdId memberId relationship }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

const REMOVALS = `query Removals($first: Int!, $after: String, $filter: RemovalFilter) {
  partner {
    removals(first: $first, after: $after, filter: $filter) {
      edges { node { kind id organisationId removedAt } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

async function page(query, list, variables) {
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    // The key's rate limit (429) says when to come back; a router that cannot reach a service (502) is worth a few retries.
    if ((res.status === 429 || res.status === 502) && attempt < 5) {
      await sleep(Number(res.headers.get('retry-after') ?? attempt));
      continue;
    }
    const body = await res.json();
    if (!res.ok || body.errors) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body.errors ?? body)}`);
    return body.data.partner[list];
  }
}

/** Pages through one list from the cursor kept in `cursorFile`, printing each node; answers how many. */
async function sync(query, list, cursorFile, filter, print) {
  let after = (await readFile(cursorFile, 'utf8').catch(() => '')).trim() || null;
  let count = 0;
  for (;;) {
    const current = await page(query, list, { first: pageSize, after, filter });
    for (const { node } of current.edges) {
      process.stdout.write(`${JSON.stringify(print(node))}\n`);
      count += 1;
    }
    after = current.pageInfo.endCursor;
    if (after) await writeFile(cursorFile, after);
    if (!current.pageInfo.hasNextPage) return count;
  }
}

const removed = await sync(REMOVALS, 'removals', `${stateFile}.removals`, { kinds: ['MEMBER'], ...filter }, (node) => ({ removed: node }));
const members = await sync(MEMBERS, 'members', stateFile, filter, (node) => node);
console.error(`${members} members, ${removed} removed; the next run starts after the cursors in ${stateFile}(.removals)`);
