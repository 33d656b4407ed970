import type { Knex } from '@ems/db';
import { createEvent, type Club } from '../../testing/fixtures';
import type { operatorGraphql } from '../../testing/operatorGraphql';
import { useOperatorTestbed } from '../../testing/operatorTestbed';

/** "End every session of a member" (issue 20): the rows of the routers' session table go, for the operator's members only. */
const bed = useOperatorTestbed();
let knex: Knex;
let club: Club;
let otherTenant: Club;
let as: ReturnType<typeof operatorGraphql>;

beforeAll(async () => {
  ({ knex, club, otherTenant, as } = bed);
});

async function sessionsOf(accountId: number, count: number, prefix: string): Promise<void> {
  const expire = new Date(Date.now() + 3_600_000);
  for (let i = 0; i < count; i += 1) {
    await knex('gateway.session').insert({ sid: `${prefix}-${i}`, sess: JSON.stringify({ auth: { accountId } }), expire });
  }
}

async function remaining(accountId: number): Promise<number> {
  const rows = await knex.raw<{ rows: Array<{ n: number }> }>(
    `SELECT count(*)::int AS n FROM gateway.session WHERE sess -> 'auth' ->> 'accountId' = ?`,
    [String(accountId)],
  );
  return rows.rows[0]!.n;
}

const END = `mutation($u: String!) { endMemberSessions(userKey: $u) { __typename ... on SessionsEnded { ended } ... on EndSessionsError { code message } } }`;

async function end(userKey: string, tenant: Club, target: string) {
  const res = await as<{ endMemberSessions: Record<string, unknown> }>(userKey, tenant, END, { u: target });
  expect(res.errors).toBeUndefined();
  return res.data!.endMemberSessions;
}

it("nobody else can end a member's sessions: another organisation's or tenant's operator, a member", async () => {
  await sessionsOf(club.family.accountId, 2, 'family');
  expect(await end(club.otherOperator.userKey, club, club.family.userKey)).toMatchObject({ code: 'NOT_FOUND' });
  expect(await end(otherTenant.operator.userKey, otherTenant, club.family.userKey)).toMatchObject({ code: 'NOT_FOUND' });
  expect(await end(club.stranger.userKey, club, club.family.userKey)).toMatchObject({ code: 'NOT_FOUND' });
  expect(await remaining(club.family.accountId)).toBe(2);
});

it('ends every session of the member, and only theirs, with an audit entry', async () => {
  await sessionsOf(club.stranger.accountId, 1, 'stranger');
  expect(await end(club.operator.userKey, club, ` ${club.family.userKey} `)).toEqual({ __typename: 'SessionsEnded', ended: 2 });
  expect(await remaining(club.family.accountId)).toBe(0);
  expect(await remaining(club.stranger.accountId)).toBe(1);
  const [entry] = await knex('membership.auditLog').where({ action: 'sessions.ended', subjectId: club.family.userKey });
  expect(entry).toMatchObject({ organisationId: club.organisationId, actorUserKey: club.operator.userKey, after: { ended: 2 } });
  // Again: nothing left to end.
  expect(await end(club.operator.userKey, club, club.family.userKey)).toEqual({ __typename: 'SessionsEnded', ended: 0 });
});

it('an unknown or empty user key', async () => {
  expect(await end(club.operator.userKey, club, 'nobody.at.all')).toMatchObject({ code: 'NOT_FOUND' });
  const res = await as(club.operator.userKey, club, END, { u: '  ' });
  expect(res.errors?.[0]?.extensions?.code).toBe('USER_KEY_REQUIRED');
});

it("a user whose person is only a merge candidate of the operator's persons is not theirs", async () => {
  // A participant of the club's event was proposed as the twin of another organisation's user.
  const [row] = await knex('membership.persons')
    .insert({ registrationSystemId: club.tenantId, firstName: 'Otto', lastName: 'Twin', dateOfBirth: null })
    .returning('id');
  const participant = (row as { id: number }).id;
  const event = await createEvent(knex, club.organisationId);
  await knex('membership.participants').insert({ eventId: event.id, personId: participant });
  await knex('membership.mergeCandidates').insert({
    registrationSystemId: club.tenantId,
    personId: participant,
    candidatePersonId: club.otherOperator.self,
    score: 0.9,
    reason: 'FUZZY_NAME',
  });
  await sessionsOf(club.otherOperator.accountId, 1, 'other');
  expect(await end(club.operator.userKey, club, club.otherOperator.userKey)).toMatchObject({ code: 'NOT_FOUND' });
  expect(await remaining(club.otherOperator.accountId)).toBe(1);
});
