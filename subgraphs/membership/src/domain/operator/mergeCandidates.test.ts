import type { Knex } from '@ems/db';
import { createEvent, giveActiveMembership, type Club } from '../../testing/fixtures';
import type { operatorGraphql } from '../../testing/operatorGraphql';
import { useOperatorTestbed } from '../../testing/operatorTestbed';

/**
 * Persons to review (issue 20, F8): the merge candidates side by side, a merge that keeps every
 * membership, participation and household link in one transaction (or changes nothing), and a
 * dismissal; each tried by an operator of another organisation and of another tenant.
 */
const bed = useOperatorTestbed();
let knex: Knex;
let club: Club;
let otherTenant: Club;
let as: ReturnType<typeof operatorGraphql>;

beforeAll(async () => {
  ({ knex, club, otherTenant, as } = bed);
});

async function person(firstName: string, extra: Record<string, unknown> = {}): Promise<number> {
  const [row] = await knex('membership.persons')
    .insert({ registrationSystemId: club.tenantId, firstName, lastName: 'Twin', dateOfBirth: null, ...extra })
    .returning('id');
  return (row as { id: number }).id;
}

async function candidate(personId: number, candidatePersonId: number): Promise<number> {
  const [row] = await knex('membership.mergeCandidates')
    .insert({ registrationSystemId: club.tenantId, personId, candidatePersonId, score: 0.9, reason: 'FUZZY_NAME' })
    .returning('id');
  return (row as { id: number }).id;
}

const LIST = `{ operatorMergeCandidates { id reason person { id firstName memberships participations userKeys } candidate { id firstName memberships participations userKeys } } }`;
const MERGE = `mutation($c: ID!, $k: ID!) { mergePersons(candidateId: $c, keepPersonId: $k) {
  __typename ... on MergeDecided { keptPersonId } ... on MergeDecisionError { code message } } }`;
const DISMISS = `mutation($c: ID!) { dismissMergeCandidate(candidateId: $c) {
  __typename ... on MergeDecided { keptPersonId } ... on MergeDecisionError { code message } } }`;

async function numbersOf(personId: number): Promise<string[]> {
  const rows: Array<{ membershipNumber: string }> = await knex('membership.memberships')
    .where({ personId })
    .orderBy('membershipNumber')
    .select('membershipNumber');
  return rows.map((r) => r.membershipNumber);
}

type Decision = { __typename: string; keptPersonId?: string; code?: string; message?: string };

async function merge(userKey: string, tenant: Club, c: number, k: number): Promise<Decision> {
  const res = await as<{ mergePersons: Decision }>(userKey, tenant, MERGE, { c: String(c), k: String(k) });
  expect(res.errors).toBeUndefined();
  return res.data!.mergePersons;
}

describe('merging two persons', () => {
  let kept: number;
  let twin: number;
  let pair: number;

  beforeAll(async () => {
    kept = await person('Rita', { email: null });
    twin = await person('Rita', { dateOfBirth: '1990-02-03', email: 'rita@example.org' });
    const event = await createEvent(knex, club.organisationId);
    const otherEvent = await createEvent(knex, club.organisationId);
    await knex('membership.participants').insert([
      { eventId: event.id, personId: kept },
      { eventId: otherEvent.id, personId: twin },
    ]);
    await giveActiveMembership(knex, club, kept, club.previousPeriodId, 'TC-2025-00100');
    await giveActiveMembership(knex, club, twin, club.periodId, 'TC-2026-00100');
    await knex('membership.linkedPersons').insert({ accountId: club.stranger.accountId, personId: twin, relationship: 'child' });
    pair = await candidate(kept, twin);
  });

  it('lists the candidate with both persons side by side for the operator only', async () => {
    const mine = await as<{ operatorMergeCandidates: Array<Record<string, unknown>> }>(club.operator.userKey, club, LIST);
    expect(mine.data?.operatorMergeCandidates).toEqual([
      {
        id: String(pair),
        reason: 'FUZZY_NAME',
        person: { id: String(kept), firstName: 'Rita', memberships: 1, participations: 1, userKeys: [] },
        candidate: { id: String(twin), firstName: 'Rita', memberships: 1, participations: 1, userKeys: [club.stranger.userKey] },
      },
    ]);
    for (const [userKey, tenant] of [
      [club.otherOperator.userKey, club],
      [otherTenant.operator.userKey, otherTenant],
      [club.family.userKey, club],
    ] as const) {
      expect((await as<{ operatorMergeCandidates: unknown[] }>(userKey, tenant, LIST)).data?.operatorMergeCandidates).toEqual([]);
    }
  });

  it("another organisation's or tenant's operator cannot merge or dismiss it, and nothing changes", async () => {
    expect(await merge(club.otherOperator.userKey, club, pair, kept)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await merge(otherTenant.operator.userKey, otherTenant, pair, kept)).toMatchObject({ code: 'NOT_FOUND' });
    const dismissed = await as<{ dismissMergeCandidate: Decision }>(club.otherOperator.userKey, club, DISMISS, { c: String(pair) });
    expect(dismissed.data?.dismissMergeCandidate).toMatchObject({ code: 'NOT_FOUND' });
    expect((await knex('membership.mergeCandidates').where({ id: pair }).first()).status).toBe('OPEN');
    expect(await knex('membership.persons').whereIn('id', [kept, twin]).count<{ count: string }[]>('* as count')).toEqual([{ count: '2' }]);
  });

  it('the kept person must be one of the two', async () => {
    expect(await merge(club.operator.userKey, club, pair, club.family.self)).toMatchObject({ code: 'INVALID_CHOICE' });
  });

  it('keeps every membership, participation and household link on the kept person, in one transaction with its audit entry', async () => {
    expect(await merge(club.operator.userKey, club, pair, kept)).toEqual({ __typename: 'MergeDecided', keptPersonId: String(kept) });
    expect(await knex('membership.persons').where({ id: twin }).first()).toBeUndefined();
    expect(await numbersOf(kept)).toEqual(['TC-2025-00100', 'TC-2026-00100']);
    expect(await knex('membership.participants').where({ personId: kept }).count<{ count: string }[]>('* as count')).toEqual([
      { count: '2' },
    ]);
    expect(await knex('membership.linkedPersons').where({ personId: kept }).select('accountId')).toEqual([
      { accountId: club.stranger.accountId },
    ]);
    // Empty fields of the kept person take the other's values.
    expect(await knex('membership.persons').where({ id: kept }).first('email')).toEqual({ email: 'rita@example.org' });
    expect(await knex('membership.mergeCandidates').where({ id: pair }).first()).toBeUndefined();
    const [entry] = await knex('membership.auditLog').where({ action: 'person.merged', subjectId: String(kept) });
    expect(entry).toMatchObject({ organisationId: club.organisationId, actorUserKey: club.operator.userKey });
    expect(entry.before.merged).toMatchObject({ id: twin, email: 'rita@example.org' });
    expect(await merge(club.operator.userKey, club, pair, kept)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('two memberships in one period cannot both be kept: MERGE_CONFLICT, and nothing changes', async () => {
    const a = await person('Carl');
    const b = await person('Carl');
    await giveActiveMembership(knex, club, a, club.periodId, 'TC-2026-00200');
    await giveActiveMembership(knex, club, b, club.periodId, 'TC-2026-00201');
    const c = await candidate(a, b);
    const result = await merge(club.operator.userKey, club, c, a);
    expect(result).toMatchObject({ __typename: 'MergeDecisionError', code: 'MERGE_CONFLICT' });
    expect(result.message).toContain('memberships');
    expect(await numbersOf(b)).toEqual(['TC-2026-00201']);
    expect((await knex('membership.mergeCandidates').where({ id: c }).first()).status).toBe('OPEN');
    expect(await knex('membership.auditLog').where({ action: 'person.merged', subjectId: String(a) })).toEqual([]);
  });
});

describe('dismissing a candidate', () => {
  it('closes it with an audit entry; a second decision is ALREADY_DECIDED', async () => {
    const a = await person('Dora');
    const b = await person('Dora');
    await giveActiveMembership(knex, club, a, club.periodId, 'TC-2026-00300');
    await knex('membership.participants').insert({ eventId: (await createEvent(knex, club.organisationId)).id, personId: b });
    const c = await candidate(a, b);
    const first = await as<{ dismissMergeCandidate: Decision }>(club.operator.userKey, club, DISMISS, { c: String(c) });
    expect(first.data?.dismissMergeCandidate.__typename).toBe('MergeDecided');
    expect((await knex('membership.mergeCandidates').where({ id: c }).first()).status).toBe('DISMISSED');
    expect(await knex('membership.auditLog').where({ action: 'mergeCandidate.dismissed', subjectId: String(c) })).toHaveLength(1);
    const again = await as<{ dismissMergeCandidate: Decision }>(club.operator.userKey, club, DISMISS, { c: String(c) });
    expect(again.data?.dismissMergeCandidate).toMatchObject({ code: 'ALREADY_DECIDED' });
    expect(await merge(club.operator.userKey, club, c, a)).toMatchObject({ code: 'ALREADY_DECIDED' });
  });

  it('a malformed id is a clear input error', async () => {
    const res = await as(club.operator.userKey, club, DISMISS, { c: 'x' });
    expect(res.errors?.[0]).toMatchObject({ message: 'candidateId is not a valid id', extensions: { code: 'INVALID_ID' } });
  });
});

describe('whose candidate it is (organisation boundary: an operator of both sides decides)', () => {
  async function operatorOfBoth(): Promise<string> {
    const otherOrganisationId = (
      (await knex('membership.orgUsers').where({ accountId: club.otherOperator.accountId }).first('organisationId')) as {
        organisationId: number;
      }
    ).organisationId;
    const userKey = `both.${club.tenantId}`;
    const [row] = await knex('membership.accounts')
      .insert({ registrationSystemId: club.tenantId, externalUserId: userKey })
      .returning('id');
    const accountId = (row as { id: number }).id;
    await knex('membership.orgUsers').insert(
      [club.organisationId, otherOrganisationId].map((organisationId) => ({
        accountId,
        organisationId,
        roles: ['ROLE_USER', 'ROLE_ORG_ADMIN'],
      })),
    );
    return userKey;
  }

  const listed = async (userKey: string) =>
    (await as<{ operatorMergeCandidates: Array<{ id: string }> }>(userKey, club, LIST)).data!.operatorMergeCandidates.map((c) => c.id);
  const dismiss = async (userKey: string, c: number) =>
    (await as<{ dismissMergeCandidate: Decision }>(userKey, club, DISMISS, { c: String(c) })).data!.dismissMergeCandidate;

  it("a pair of the club's person and another organisation's (or nobody's) is neither listed nor decidable by either side alone", async () => {
    // Quinn takes part in the club's event; the club's import proposed Otto (a user of the other
    // organisation) and Quincy (connected to no organisation) as Quinn's twins.
    const quinn = await person('Quinn');
    const quincy = await person('Quincy');
    const event = await createEvent(knex, club.organisationId);
    await knex('membership.participants').insert({ eventId: event.id, personId: quinn });
    const across = await candidate(quinn, club.otherOperator.self);
    const nobodys = await candidate(quinn, quincy);

    for (const userKey of [club.operator.userKey, club.otherOperator.userKey]) {
      expect(await listed(userKey)).not.toEqual(expect.arrayContaining([String(across)]));
      expect(await listed(userKey)).not.toEqual(expect.arrayContaining([String(nobodys)]));
      expect(await merge(userKey, club, across, quinn)).toMatchObject({ code: 'NOT_FOUND' });
      expect(await dismiss(userKey, across)).toMatchObject({ code: 'NOT_FOUND' });
      expect(await dismiss(userKey, nobodys)).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await knex('membership.mergeCandidates').whereIn('id', [across, nobodys]).select('status')).map((c) => c.status)).toEqual([
      'OPEN',
      'OPEN',
    ]);
    expect(await knex('membership.persons').where({ id: club.otherOperator.self }).first('id')).toEqual({ id: club.otherOperator.self });

    // An operator of both organisations sees the pair side by side and decides it.
    const both = await operatorOfBoth();
    expect(await listed(both)).toContain(String(across));
    expect(await listed(both)).not.toContain(String(nobodys));
    expect((await dismiss(both, across)).__typename).toBe('MergeDecided');
  });
});
