import type { Knex } from '@ems/db';
import type { Club } from '../../testing/fixtures';
import type { operatorGraphql } from '../../testing/operatorGraphql';
import { useOperatorTestbed } from '../../testing/operatorTestbed';

/** Sign-in hand-offs (issue 20): the tenant's signed-link attempts with their reasons, for its operators only. */
const bed = useOperatorTestbed();
let knex: Knex;
let club: Club;
let otherTenant: Club;
let as: ReturnType<typeof operatorGraphql>;

beforeAll(async () => {
  ({ knex, club, otherTenant, as } = bed);
  const attempt = (tenant: Club, userKey: string, reason: string | null) => ({
    registrationSystemId: tenant.tenantId,
    userKey,
    scheme: 'hmac-sha256',
    result: reason ? 'refused' : 'accepted',
    reason,
    clientAddress: '203.0.113.7',
  });
  await knex('membership.handoffAttempts').insert([
    attempt(club, 'anna', 'bad_signature'),
    attempt(club, 'anna', 'expired'),
    attempt(club, 'anna', null),
    attempt(club, 'ghost', 'unknown_user'),
    attempt(otherTenant, 'anna', 'replayed'),
  ]);
});

const TRAIL = `query($filter: HandoffAttemptFilter, $first: Int, $after: ID) { operatorHandoffAttempts(filter: $filter, first: $first, after: $after) {
  nextCursor attempts { userKey scheme result reason clientAddress at } } }`;

interface Trail {
  operatorHandoffAttempts: { nextCursor: string | null; attempts: Array<{ userKey: string; result: string; reason: string | null }> };
}

async function trail(userKey: string, tenant: Club, variables: Record<string, unknown> = {}) {
  const res = await as<Trail>(userKey, tenant, TRAIL, variables);
  expect(res.errors).toBeUndefined();
  return res.data!.operatorHandoffAttempts;
}

const reasons = (t: Trail['operatorHandoffAttempts']) => t.attempts.map((a) => `${a.userKey}:${a.result}:${a.reason ?? '-'}`);

it("lists the tenant's attempts newest first with their reasons", async () => {
  const all = await trail(club.operator.userKey, club);
  expect(reasons(all)).toEqual(['ghost:REFUSED:unknown_user', 'anna:ACCEPTED:-', 'anna:REFUSED:expired', 'anna:REFUSED:bad_signature']);
  expect(all.attempts[0]).toMatchObject({ scheme: 'hmac-sha256', clientAddress: '203.0.113.7' });
});

it('filters by user key, result and reason, and pages', async () => {
  expect(reasons(await trail(club.operator.userKey, club, { filter: { userKey: 'anna', result: 'REFUSED' } }))).toEqual([
    'anna:REFUSED:expired',
    'anna:REFUSED:bad_signature',
  ]);
  expect(reasons(await trail(club.operator.userKey, club, { filter: { reason: 'unknown_user' } }))).toEqual(['ghost:REFUSED:unknown_user']);
  const page1 = await trail(club.operator.userKey, club, { first: 3 });
  const page2 = await trail(club.operator.userKey, club, { first: 3, after: page1.nextCursor });
  expect(reasons(page2)).toEqual(['anna:REFUSED:bad_signature']);
  expect(page2.nextCursor).toBeNull();
});

it("another tenant's operator sees only their own tenant's; a member sees nothing", async () => {
  expect(reasons(await trail(otherTenant.operator.userKey, otherTenant, { filter: { userKey: 'anna' } }))).toEqual([
    'anna:REFUSED:replayed',
  ]);
  expect((await trail(club.family.userKey, club)).attempts).toEqual([]);
  // An operator of the tenant's other organisation: the links are the tenant's (docs/decisions.md).
  expect((await trail(club.otherOperator.userKey, club)).attempts).toHaveLength(4);
});

it('a malformed cursor is a clear input error', async () => {
  const res = await as(club.operator.userKey, club, TRAIL, { after: 'abc' });
  expect(res.errors?.[0]?.extensions?.code).toBe('INVALID_CURSOR');
});
