import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import { endSessions, parseSessionsCommand, runEndSessions, UsageError, type AccountLookup } from './sessions';

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let tenantId: number;
let aliceId: number;
let bobId: number;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  [tenantId] = (await knex('membership.registrationSystems').insert({ name: 'Tenant' }).returning('id')).map(
    (r: { id: number }) => r.id,
  ) as [number];
  [aliceId, bobId] = (
    await knex('membership.accounts')
      .insert([
        { registrationSystemId: tenantId, externalUserId: 'alice' },
        { registrationSystemId: tenantId, externalUserId: 'bob' },
      ])
      .returning('id')
  ).map((r: { id: number }) => r.id) as [number, number];
});

afterAll(async () => {
  await db.drop();
});

beforeEach(async () => {
  await knex('gateway.session').delete();
  const expire = new Date(Date.now() + 30 * 60_000);
  const signedIn = (accountId: number, userKey: string) => ({
    cookie: { httpOnly: true },
    auth: { token: 'jwt', expiresAt: expire.toISOString(), accountId, userKey, registrationSystemId: tenantId },
  });
  await knex('gateway.session').insert([
    { sid: 'alice-laptop', sess: JSON.stringify(signedIn(aliceId, 'alice')), expire },
    { sid: 'alice-phone', sess: JSON.stringify(signedIn(aliceId, 'alice')), expire },
    { sid: 'bob-laptop', sess: JSON.stringify(signedIn(bobId, 'bob')), expire },
    { sid: 'anonymous', sess: JSON.stringify({ cookie: { httpOnly: true } }), expire },
  ]);
});

/**
 * Stands in for the admin service's account lookup (the command asks membership over HTTP, which
 * tests/e2e/gateway-session.test.ts runs for real), answering from the same accounts table.
 */
const accountOf: AccountLookup = async (registrationSystemId, userKey) =>
  ((await knex('membership.accounts').where({ registrationSystemId, externalUserId: userKey }).first('id')) as { id: number } | undefined)
    ?.id ?? null;

async function remainingSids(): Promise<string[]> {
  return (await knex('gateway.session').select('sid').orderBy('sid')).map((r: { sid: string }) => r.sid);
}

describe('ending every session of one user', () => {
  it("by user key and tenant: ends both of that account's sessions and no one else's", async () => {
    expect(await endSessions(knex, accountOf, { userKey: 'alice', registrationSystemId: tenantId })).toEqual({
      accountId: aliceId,
      ended: 2,
    });
    expect(await remainingSids()).toEqual(['anonymous', 'bob-laptop']);
  });

  it('by account id', async () => {
    expect(await endSessions(knex, accountOf, { accountId: bobId })).toEqual({ accountId: bobId, ended: 1 });
    expect(await remainingSids()).toEqual(['alice-laptop', 'alice-phone', 'anonymous']);
  });

  it('an unknown user key in that tenant ends nothing', async () => {
    expect(await endSessions(knex, accountOf, { userKey: 'alice', registrationSystemId: tenantId + 1 })).toBeNull();
    expect(await endSessions(knex, accountOf, { userKey: 'carol', registrationSystemId: tenantId })).toBeNull();
    expect(await remainingSids()).toHaveLength(4);
  });

  it('the command prints how many sessions it ended, and exits 1 for an unknown user', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
    const command = parseSessionsCommand(['end', '--user', 'alice', '--tenant', String(tenantId)], 99);
    if (command.kind !== 'end') throw new Error('expected an end command');
    expect(await runEndSessions(knex, accountOf, command.target, io)).toBe(0);
    expect(out).toEqual([`Ended 2 sessions of user "alice" (account ${aliceId}).`]);
    expect(await runEndSessions(knex, accountOf, { userKey: 'carol', registrationSystemId: tenantId }, io)).toBe(1);
    expect(err.join('\n')).toMatch(/no account with user key "carol"/);
  });
});

describe('sessions command arguments', () => {
  it('--tenant defaults to the configured tenant', () => {
    expect(parseSessionsCommand(['end', '--user', 'alice'], 7)).toEqual({
      kind: 'end',
      target: { userKey: 'alice', registrationSystemId: 7 },
    });
    expect(parseSessionsCommand(['end', '--account', '12'], 7)).toEqual({ kind: 'end', target: { accountId: 12 } });
  });

  it.each([
    [[]],
    [['stop', '--user', 'alice']],
    [['end']],
    [['end', '--user', 'alice', '--account', '1']],
    [['end', '--account', '1', '--tenant', '2']],
    [['end', '--user', 'alice', '--tenant', 'x']],
    [['end', '--account', '0']],
    [['end', '--user', '']],
    [['end', '--user', 'alice', 'extra']],
  ])('usage error for %j', (argv) => {
    expect(() => parseSessionsCommand(argv, 1)).toThrow(UsageError);
  });
});
