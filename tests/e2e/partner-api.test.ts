import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createKnex, type Knex } from '@ems/db';
import { createPartnerKey, partnerClient } from '../support/partnerKeys';
import { waitForSyncWatermark } from '../support/partnerRequests';
import { e2eContext } from '../support/stackContext';

/**
 * Issue 22, data: the partner API through the router with a real key, and the documentation's
 * worked examples (docs/partner-api.md, "Worked example") run against the real system: the
 * JavaScript one with this Node, the Python one with the machine's python3 and its standard
 * library. A full sync prints every member of the key's organisations once; the next run, started
 * from the cursor the first one kept, prints exactly what changed since.
 */
const ctx = e2eContext();
const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');
const examples = path.join(root, 'docs', 'partner-api', 'examples');
let knex: Knex;
let key: string;
/** An organisation of the demo tenant of this file's own, so that other test files' members never show up here. */
let clubId: number;
/** A member of another club of the same tenant: never in this key's answers. */
let otherClub: number;
let otherClubMember: number;

/** A club of the demo tenant with a membership type and an open period. */
async function newClub(): Promise<number> {
  const [org] = await knex('membership.organisations')
    .insert({ registrationSystemId: 1, name: 'Partner Sync Club', slug: `partner-sync-${Date.now().toString(36)}` })
    .returning('id');
  await knex('membership.membershipTypes').insert({ organisationId: org.id, code: 'individual', name: 'Individual' });
  await knex('membership.membershipPeriods').insert({
    organisationId: org.id,
    name: 'Season 2026',
    startsOn: '2026-01-01',
    endsOn: '2026-12-31',
    registrationOpensOn: '2025-10-01',
    registrationClosesOn: '2026-12-31',
    status: 'open',
    pricingRules: JSON.stringify({
      currency: 'EUR',
      referenceDate: '2026-01-01',
      baseFees: { individual: { adult: 5000 } },
      timing: [],
      memberTypes: {},
      options: {},
    }),
  });
  return org.id as number;
}

/** A person of the demo tenant with an active membership in the organisation's latest period. */
async function newMember(organisationId: number, firstName: string): Promise<number> {
  return knex.transaction(async (trx) => {
    const period = await trx('membership.membershipPeriods').where({ organisationId }).orderBy('startsOn', 'desc').first('id');
    const type = await trx('membership.membershipTypes').where({ organisationId }).orderBy('id').first('id');
    const [person] = await trx('membership.persons')
      .insert({ registrationSystemId: 1, firstName, lastName: 'Partnersync', dateOfBirth: '1991-04-05', email: `${firstName}@example.org` })
      .returning('id');
    await trx('membership.memberships').insert({
      personId: person.id,
      periodId: period.id,
      membershipTypeId: type.id,
      status: 'active',
      memberType: 'new',
      membershipNumber: `PS-${person.id}`,
      activatedAt: trx.fn.now(),
    });
    return person.id as number;
  });
}

/** Every member of the organisation as the partner API defines one (any membership in one of its periods). */
async function membersOf(organisationId: number): Promise<number[]> {
  const rows: Array<{ personId: number }> = await knex('membership.memberships as m')
    .join('membership.membershipPeriods as p', 'p.id', 'm.periodId')
    .where('p.organisationId', organisationId)
    .distinct('m.personId');
  return rows.map((r) => r.personId).sort((a, b) => a - b);
}

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  clubId = await newClub();
  ({ key } = await createPartnerKey(knex, {
    organisationIds: [clubId],
    scopes: ['members:read', 'members:pii'],
    label: 'e2e partner sync',
  }));
  for (let i = 0; i < 12; i += 1) await newMember(clubId, `Sync${i}`);
  otherClub = await newClub();
  otherClubMember = await newMember(otherClub, 'Elsewhere');
  await waitForSyncWatermark(knex);
});
afterAll(() => knex.destroy());

interface SyncedMember {
  id: string;
  personalData: { firstName: string; lastName: string; email: string | null } | null;
  memberships: Array<{ organisationId: string; status: string }>;
}

interface RemovedMember {
  removed: { kind: string; id: string; organisationId: string; removedAt: string };
}

/** Runs an example as a partner would, with a small page so that a sync takes several pages: the members it prints. */
async function syncRun(command: string, script: string, stateFile: string): Promise<Array<SyncedMember | RemovedMember>> {
  const { stdout, stderr } = await run(command, [path.join(examples, script), stateFile], {
    env: { PATH: process.env.PATH, EMS_URL: ctx.urls.router, EMS_PARTNER_KEY: key, PAGE_SIZE: '5' },
    timeout: 60_000,
  });
  expect(stderr).toMatch(/^\d+ members, \d+ removed; the next run starts after the cursors in /);
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SyncedMember | RemovedMember);
}

const isRemoval = (line: SyncedMember | RemovedMember): line is RemovedMember => 'removed' in line;

/** A run's members (the removals it printed first are left out). */
async function sync(command: string, script: string, stateFile: string): Promise<SyncedMember[]> {
  return (await syncRun(command, script, stateFile)).filter((line): line is SyncedMember => !isRemoval(line));
}

describe.each([
  ['JavaScript', process.execPath, 'sync-members.mjs'],
  ['Python', 'python3', 'sync-members.py'],
])('the %s example of docs/partner-api.md', (_language, command, script) => {
  const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'partner-sync-')), 'members.cursor');

  it('is the program the documentation shows', () => {
    expect(readFileSync(path.join(root, 'docs', 'partner-api.md'), 'utf8')).toContain(readFileSync(path.join(examples, script), 'utf8'));
  });

  it("a full sync prints every member of the key's organisation once, with personal data and memberships, and none of another", async () => {
    const members = await sync(command, script, stateFile);
    const ids = members.map((m) => Number(m.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(await membersOf(clubId));
    expect(ids.length).toBeGreaterThanOrEqual(12);
    expect(ids).not.toContain(otherClubMember);
    const sync0 = members.find((m) => m.personalData?.firstName === 'Sync0')!;
    expect(sync0.personalData).toEqual({
      firstName: 'Sync0',
      lastName: 'Partnersync',
      email: 'Sync0@example.org',
      dateOfBirth: '1991-04-05',
    });
    expect(sync0.memberships).toEqual([expect.objectContaining({ organisationId: String(clubId), status: 'ACTIVE' })]);
  });

  it('the next run, from the cursor the first kept, prints exactly what changed since', async () => {
    expect(await sync(command, script, stateFile)).toEqual([]);
    const [changed] = await knex('membership.persons')
      .where({ firstName: 'Sync3', lastName: 'Partnersync' })
      .update({ email: `sync3.${script}@example.org` })
      .returning('id');
    const joined = await newMember(clubId, `Joined${script.replace(/\W/g, '')}`);
    await newMember(otherClub, 'ElsewhereToo');
    await waitForSyncWatermark(knex);
    const next = await sync(command, script, stateFile);
    expect(next.map((m) => Number(m.id))).toEqual([changed.id, joined]);
    expect(next[0]!.personalData?.email).toBe(`sync3.${script}@example.org`);
  });

  it('a member whose membership is gone (an import undone, say) is printed as removed, before the members', async () => {
    const leaving = await newMember(clubId, `Leaving${script.replace(/\W/g, '')}`);
    await waitForSyncWatermark(knex);
    expect((await sync(command, script, stateFile)).map((m) => Number(m.id))).toEqual([leaving]);
    await knex('membership.memberships').where({ personId: leaving }).delete();
    await waitForSyncWatermark(knex);
    const lines = await syncRun(command, script, stateFile);
    expect(lines).toEqual([
      { removed: { kind: 'MEMBER', id: String(leaving), organisationId: String(clubId), removedAt: expect.any(String) } },
    ]);
    expect(await syncRun(command, script, stateFile)).toEqual([]);
  });
});

it('the curl example of docs/partner-api.md answers a page of members', async () => {
  const doc = readFileSync(path.join(root, 'docs', 'partner-api.md'), 'utf8');
  const curl = /### curl\n\n[^\n]*\n\n```sh\n([\s\S]*?)\n# /.exec(doc)![1]!;
  const { stdout } = await run('sh', ['-c', curl], { env: { PATH: process.env.PATH, EMS_URL: ctx.urls.router, EMS_PARTNER_KEY: key } });
  const page = JSON.parse(stdout).data.partner.members;
  expect(page.edges).toHaveLength(2);
  expect(page.pageInfo.hasNextPage).toBe(true);
  expect(page.edges[0].node.personalData).toEqual({ firstName: expect.any(String), lastName: expect.any(String) });
});

it("through the router a key reads only its scopes and its organisation's ids", async () => {
  const client = partnerClient(key);
  const { status, body } = await client.graphql<{ partner: Record<string, unknown> }>(
    `query($other: ID!) { partner { scopes organisations { slug } member(id: $other) { id } events { edges { node { id } } } } }`,
    { other: otherClubMember },
  );
  expect(status).toBe(200);
  expect(body.data?.partner).toEqual({
    scopes: ['members:read', 'members:pii'],
    organisations: [{ slug: expect.stringMatching(/^partner-sync-/) }],
    member: null,
    events: null,
  });
  expect(body.errors?.map((e) => e.extensions?.code)).toEqual(['MISSING_SCOPE']);
});

it('the page size cap answers with its error through the router', async () => {
  const { body } = await partnerClient(key).graphql('query($first: Int) { partner { members(first: $first) { edges { cursor } } } }', {
    first: 501,
  });
  expect(body.errors).toEqual([
    expect.objectContaining({
      message: expect.stringContaining('first is at most 500'),
      extensions: expect.objectContaining({ code: 'PAGE_SIZE_TOO_LARGE' }),
    }),
  ]);
});
