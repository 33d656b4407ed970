import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Knex } from '@ems/db';
import { createApiKey } from '../../../subgraphs/membership/src/domain/apiKeys';
import { seededBenchDatabase } from '../lib/databaseServer';
import { describeServiceEnv, runEnvironment } from '../lib/env';
import { runBenchProcess, runCleanup, STOP_GRACE_MS, whenAborted, writeResult } from '../lib/run';
import { startBenchStack } from '../lib/stack';
import { ratio, summarise, type LatencySummary } from '../lib/stats';
import { fixed, formatTable } from '../lib/table';
import { loadPartnerBenchEnv, type PartnerBenchEnv } from './env';
import { REGISTRATION_SYSTEM_ID, seedMembers } from './seed';

/**
 * The partner API's read rate (issue 22): a partner system pages through the members of its club
 * (`members`, page size 500) through the router with `Authorization: ApiKey`, the way
 * docs/partner-api/examples/sync-members.mjs does; beside it, in the same run, the same rows
 * (persons with their memberships and household links) read from PostgreSQL with one query. Prints
 * rows/s of both and their ratio; target: at least 5,000 rows/s through the router.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const LOG_FILE = path.join(ROOT, 'test-artifacts', 'logs', 'bench-partner.log');
const RESULT_FILE = path.join(ROOT, 'test-artifacts', 'bench', 'partner.json');
export const TARGET_ROWS_PER_SECOND = 5000;

/** The documentation's sync query (docs/partner-api.md, "Worked example"). */
const MEMBERS = `query Members($first: Int!, $after: String) {
  partner {
    members(first: $first, after: $after) {
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

/** The same rows in one statement: what a partner reads, straight from the tables. */
const DIRECT = `
  SELECT p.id, p.updated_at, p.first_name, p.last_name, p.email, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
         (SELECT json_agg(json_build_object('id', m.id, 'organisationId', mp.organisation_id, 'periodId', m.period_id, 'status', m.status,
                                            'membershipNumber', m.membership_number, 'membershipTypeCode', mt.code) ORDER BY mp.starts_on DESC, m.id)
            FROM membership.memberships m JOIN membership.membership_periods mp ON mp.id = m.period_id
            JOIN membership.membership_types mt ON mt.id = m.membership_type_id
           WHERE m.person_id = p.id AND mp.organisation_id = ?) AS memberships,
         (SELECT json_agg(json_build_object('householdId', l.account_id, 'memberId', l.person_id, 'relationship', l.relationship) ORDER BY l.account_id, l.id)
            FROM membership.linked_persons mine JOIN membership.linked_persons l ON l.account_id = mine.account_id
           WHERE mine.person_id = p.id) AS household_links
    FROM membership.persons p
   WHERE p.registration_system_id = ?
     AND EXISTS (SELECT 1 FROM membership.memberships m JOIN membership.membership_periods mp ON mp.id = m.period_id
                  WHERE m.person_id = p.id AND mp.organisation_id = ?)
   ORDER BY p.sync_xid, p.id`;

interface PassResult {
  rows: number;
  ms: number;
  rowsPerSecond: number;
  pages: LatencySummary | null;
}

const rate = (rows: number, ms: number): PassResult => ({ rows, ms, rowsPerSecond: (rows * 1000) / ms, pages: null });

/** One full sync through the router; checks that every member came exactly once. */
async function routerPass(routerUrl: string, key: string, pageSize: number, expected: number, maxPages = Infinity): Promise<PassResult> {
  const seen = new Set<string>();
  const pageMs: number[] = [];
  let after: string | null = null;
  const start = performance.now();
  for (let page = 0; page < maxPages; page += 1) {
    const t0 = performance.now();
    const res = await fetch(`${routerUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: MEMBERS, variables: { first: pageSize, after } }),
    });
    const body = (await res.json()) as {
      data?: { partner: { members: { edges: Array<{ node: { id: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string } } } };
      errors?: unknown;
    };
    pageMs.push(performance.now() - t0);
    if (!res.ok || body.errors || !body.data)
      throw new Error(`page ${page + 1}: HTTP ${res.status} ${JSON.stringify(body.errors ?? body)}`);
    const members = body.data.partner.members;
    for (const edge of members.edges) {
      if (seen.has(edge.node.id)) throw new Error(`member ${edge.node.id} came twice`);
      seen.add(edge.node.id);
    }
    after = members.pageInfo.endCursor;
    if (!members.pageInfo.hasNextPage) break;
  }
  const ms = performance.now() - start;
  if (maxPages === Infinity && seen.size !== expected) throw new Error(`the sync read ${seen.size} members, the club has ${expected}`);
  return { ...rate(seen.size, ms), pages: summarise(pageMs) };
}

async function directPass(knex: Knex, organisationId: number): Promise<PassResult> {
  const start = performance.now();
  const { rows } = await knex.raw<{ rows: unknown[] }>(DIRECT, [organisationId, REGISTRATION_SYSTEM_ID, organisationId]);
  return rate(rows.length, performance.now() - start);
}

const best = (passes: PassResult[]) => passes.reduce((a, b) => (b.rowsPerSecond > a.rowsPerSecond ? b : a));
const median = (passes: PassResult[]) => [...passes].sort((a, b) => a.rowsPerSecond - b.rowsPerSecond)[Math.floor(passes.length / 2)]!;

async function main(env: PartnerBenchEnv, signal: AbortSignal): Promise<void> {
  const cleanup: Array<() => Promise<void>> = [];
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  try {
    const work = async () => {
      console.log(
        `partner bench: ${env.members} members, pages of ${env.pageSize}, ${env.passes} passes, on ` +
          `${env.databaseUrl ? 'a scratch database on DATABASE_URL' : 'embedded PostgreSQL under .data/bench-pg'}`,
      );
      const db = await seededBenchDatabase(env.databaseUrl, path.join(ROOT, '.data', 'bench-pg'), 'ems_bench_partner', cleanup);
      let t0 = performance.now();
      const club = await seedMembers(db.knex, env.members);
      const expected = Number(
        (
          await db.knex.raw<{ rows: Array<{ n: string }> }>(
            `SELECT count(DISTINCT m.person_id) AS n FROM membership.memberships m JOIN membership.membership_periods mp ON mp.id = m.period_id
              WHERE mp.organisation_id = ?`,
            [club.organisationId],
          )
        ).rows[0]!.n,
      );
      console.log(`${env.members} members seeded, ${expected} members of the club in all (${fixed((performance.now() - t0) / 1000, 1)} s)`);
      const { key } = await createApiKey(db.knex, {
        portal: 'partner',
        registrationSystemId: REGISTRATION_SYSTEM_ID,
        organisationIds: [club.organisationId],
        scopes: ['members:read', 'members:pii'],
        label: 'partner bench',
      });
      const { stack } = await startBenchStack({
        databaseUrl: db.url,
        secrets: db.secrets,
        // The benchmark measures reading, not the per-key rate limit (600 a minute by default).
        serviceEnv: { ...env.serviceEnv, router: { PARTNER_LIMIT_PER_KEY: '1000000', ...env.serviceEnv.router } },
        nodeArgs: env.nodeArgs,
        logFile: LOG_FILE,
        cleanup,
      });

      t0 = performance.now();
      await routerPass(stack.urls.router, key, env.pageSize, expected, 3);
      await directPass(db.knex, club.organisationId);
      console.log(`warm-up done (${fixed((performance.now() - t0) / 1000, 1)} s)`);
      const router: PassResult[] = [];
      const direct: PassResult[] = [];
      // Alternating, so that both see the same machine.
      for (let pass = 1; pass <= env.passes; pass += 1) {
        router.push(await routerPass(stack.urls.router, key, env.pageSize, expected));
        direct.push(await directPass(db.knex, club.organisationId));
        console.log(
          `pass ${pass}: router ${fixed(router.at(-1)!.rowsPerSecond, 0)} rows/s, PostgreSQL ${fixed(direct.at(-1)!.rowsPerSecond, 0)} rows/s`,
        );
      }
      const r = median(router);
      const d = median(direct);
      const share = ratio(r.rowsPerSecond, d.rowsPerSecond);
      const pass = r.rowsPerSecond >= TARGET_ROWS_PER_SECOND;
      console.log(
        `\n${formatTable(
          ['path (median of passes)', 'rows', 's', 'rows/s', 'best rows/s', 'page p50 ms', 'page p99 ms'],
          [
            [
              `router, partner API, pages of ${env.pageSize}`,
              String(r.rows),
              fixed(r.ms / 1000, 2),
              fixed(r.rowsPerSecond, 0),
              fixed(best(router).rowsPerSecond, 0),
              fixed(r.pages!.p50Ms, 1),
              fixed(r.pages!.p99Ms, 1),
            ],
            [
              'PostgreSQL, one query',
              String(d.rows),
              fixed(d.ms / 1000, 2),
              fixed(d.rowsPerSecond, 0),
              fixed(best(direct).rowsPerSecond, 0),
              '',
              '',
            ],
          ],
        )}\n\nrouter / PostgreSQL: ${fixed(share * 100, 1)} %\ntarget: >= ${TARGET_ROWS_PER_SECOND} rows/s through the router: ${pass ? 'PASS' : 'FAIL'}`,
      );
      if (loadAtStart[0]! > os.cpus().length) {
        console.log(
          `note: 1-minute load average was ${loadAtStart[0]!.toFixed(1)} on ${os.cpus().length} CPUs before the run; rerun on a quiet machine`,
        );
      }
      writeResult(RESULT_FILE, {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        environment: runEnvironment(db.server, db.postgresVersion, loadAtStart[0]!),
        settings: { ...env, databaseUrl: undefined, serviceEnv: describeServiceEnv(env.serviceEnv) },
        target: { routerRowsPerSecondMin: TARGET_ROWS_PER_SECOND },
        members: expected,
        router,
        direct,
        median: { router: r, direct: d, routerShareOfDirect: share },
        pass,
      });
      if (!pass) process.exitCode = 1;
    };
    const running = work();
    try {
      await Promise.race([running, whenAborted(signal)]);
    } finally {
      if (signal.aborted) await Promise.race([running.catch(() => undefined), new Promise((r) => setTimeout(r, STOP_GRACE_MS))]);
    }
  } finally {
    await runCleanup(cleanup);
  }
}

runBenchProcess({ name: 'partner bench', loadEnv: loadPartnerBenchEnv, main });
