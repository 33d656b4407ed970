import type { Request } from 'express';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { graphql, type GraphQLSchema } from 'graphql';
import type { Knex } from '@ems/db';
import type { AccessTokenClaims, PartnerScope } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { partnerRequest, waitForSyncWatermark } from '../../../../tests/support/partnerRequests';
import { createContextFactory } from '../context';
import type { PaymentService } from '../domain/payments/service';
import { typeDefs } from '../server';
import { createEvent, giveActiveMembership, seedClub, type Club, type TestEvent } from '../testing/fixtures';
import { resolvers } from '.';

/**
 * The partner API's membership half (docs/partner-api.md), on a real PostgreSQL: a partner token
 * (signed with signPartnerToken, verified by the services' own guard) reads its organisations'
 * members, orders and events, by scope, and nothing of another organisation or tenant.
 */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let schema: GraphQLSchema;
let club: Club;
let otherTenant: Club;
/** Organisation B of the same tenant, with its own period, member, order and event. */
let orgB: number;
let periodB: number;
let memberB: number;
let orderA: number;
let orderB: number;
let eventA: TestEvent;
let eventB: TestEvent;
let resultSetA: number;
let participantsA: number[];
let typeB: number;

const ALL: PartnerScope[] = ['members:read', 'members:pii', 'events:read', 'imports:read'];

async function insertId(table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted] = await knex(table).insert(row).returning('id');
  return (inserted as { id: number }).id;
}

let numbers = 0;
/** A person of the tenant with an active membership in the period (the way an import or the registration leaves one). */
async function newMember(trx: Knex | Knex.Transaction, firstName: string, periodId = club.periodId, typeId = club.types.individual) {
  const [person] = await trx('membership.persons')
    .insert({
      registrationSystemId: club.tenantId,
      firstName,
      lastName: 'Sync',
      dateOfBirth: '1990-01-01',
      email: `${firstName}@example.org`,
    })
    .returning('id');
  const personId = (person as { id: number }).id;
  numbers += 1;
  await trx('membership.memberships').insert({
    personId,
    periodId,
    membershipTypeId: typeId,
    status: 'active',
    memberType: 'new',
    membershipNumber: `S-${numbers}`,
    activatedAt: trx.fn.now(),
  });
  return personId;
}

async function newOrder(organisationId: number, periodId: number, typeId: number, personIds: number[], accountId: number) {
  const id = await insertId('membership.orders', {
    reference: `ORD-T-${organisationId}-${personIds[0]}`,
    accountId,
    organisationId,
    periodId,
    currency: 'EUR',
    totalMinor: 12000 * personIds.length,
    pricedOn: '2026-02-15',
    pricedWindow: 'standard',
    quote: JSON.stringify({}),
  });
  await knex('membership.orderLines').insert(
    personIds.map((personId, position) => ({
      orderId: id,
      personId,
      kind: 'membership_fee',
      description: 'Individual',
      amountMinor: 12000,
      rule: 'base_fee:individual:adult',
      position,
    })),
  );
  await knex('membership.memberships').insert(
    personIds.map((personId) => ({
      personId,
      periodId,
      membershipTypeId: typeId,
      orderId: id,
      status: 'pending_payment',
      memberType: 'new',
    })),
  );
  return id;
}

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  schema = buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
  club = await seedClub(knex);
  otherTenant = await seedClub(knex);
  orgB = (await knex('membership.orgUsers').where({ accountId: club.otherOperator.accountId }).first('organisationId')).organisationId;
  typeB = await insertId('membership.membershipTypes', { organisationId: orgB, code: 'individual', name: 'B Individual' });
  periodB = await insertId('membership.membershipPeriods', {
    organisationId: orgB,
    name: 'B Season 2026',
    startsOn: '2026-01-01',
    endsOn: '2026-12-31',
    registrationOpensOn: '2025-10-01',
    registrationClosesOn: '2026-06-30',
    status: 'open',
    pricingRules: JSON.stringify({ currency: 'EUR', referenceDate: '2026-01-01', baseFees: {}, timing: [], memberTypes: {}, options: {} }),
  });
  // The family: Fiona and Frank members of A (Fiona also of B: one person, two organisations), Finn
  // of nothing; Otto only of B; the other tenant's family in its own organisation.
  await giveActiveMembership(knex, club, club.family.self, club.periodId, 'A-1');
  orderA = await newOrder(club.organisationId, club.periodId, club.types.individual, [club.family.partner], club.family.accountId);
  memberB = club.otherOperator.self;
  orderB = await newOrder(orgB, periodB, typeB, [memberB, club.family.self], club.otherOperator.accountId);
  await giveActiveMembership(knex, otherTenant, otherTenant.family.self, otherTenant.periodId, 'T2-1');

  eventA = await createEvent(knex, club.organisationId, { name: 'A Race', customFieldLabels: ['Club', null, null] });
  eventB = await createEvent(knex, orgB, { name: 'B Race' });
  participantsA = [];
  for (const [i, personId] of [club.family.self, club.family.child, club.stranger.self].entries()) {
    participantsA.push(
      await insertId('membership.participants', { eventId: eventA.id, personId, bib: String(10 + i), externalId: `T${i}` }),
    );
  }
  await insertId('membership.participants', { eventId: eventB.id, personId: memberB, bib: '1' });
  resultSetA = await insertId('membership.resultSets', { eventId: eventA.id, name: 'Overall' });
  await knex('membership.results').insert([
    { resultSetId: resultSetA, participantId: participantsA[1], rank: 1, status: 'FINISHED', timeMs: 2467300 },
    { resultSetId: resultSetA, participantId: participantsA[0], rank: 2, status: 'FINISHED', timeMs: 2500000 },
    { resultSetId: resultSetA, participantId: participantsA[2], rank: null, status: 'DNF', timeMs: null },
  ]);
  await waitForSyncWatermark(knex);
});

afterAll(async () => {
  await db.drop();
});

/** A GraphQL answer; each test checks the values it reads, so their types add nothing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;

interface Caller {
  scopes: PartnerScope[];
  organisationIds?: number[];
  registrationSystemId?: number;
}

async function run(caller: Caller | 'anonymous' | 'member', source: string, variables: Record<string, unknown> = {}) {
  let req: Request;
  if (caller === 'anonymous') req = { auth: { authorities: [] } } as unknown as Request;
  else if (caller === 'member') {
    const user = { userKey: club.operator.userKey, registrationSystemId: club.tenantId } as AccessTokenClaims;
    req = { auth: { user, authorities: [] } } as unknown as Request;
  } else {
    req = await partnerRequest({
      keyId: 7,
      registrationSystemId: caller.registrationSystemId ?? club.tenantId,
      organisationIds: caller.organisationIds ?? [club.organisationId],
      scopes: caller.scopes,
    });
  }
  const contextValue = await createContextFactory(knex, { payments: {} as PaymentService, localOutbox: false })(req);
  const result = await graphql({ schema, source, variableValues: variables, contextValue });
  return {
    data: result.data as Answer | null | undefined,
    errors: result.errors?.map((e) => ({ message: e.message, code: (e.originalError as { code?: string })?.code })),
  };
}

const MEMBERS = `query($filter: MemberFilter, $first: Int, $after: String) {
  partner { members(filter: $filter, first: $first, after: $after) {
    edges { cursor node { id updatedAt personalData { firstName lastName dateOfBirth email }
      memberships { id memberId organisationId periodId status membershipNumber membershipTypeCode membershipType memberType order { id reference } }
      householdLinks { householdId memberId relationship } } }
    pageInfo { hasNextPage hasPreviousPage endCursor } } } }`;

const memberIds = (res: Awaited<ReturnType<typeof run>>): number[] =>
  res.data!.partner.members.edges.map((e: { node: { id: string } }) => Number(e.node.id));

describe('who gets the partner API', () => {
  it('an anonymous caller is not authenticated; a member or operator token is refused: the partner API is for partner keys', async () => {
    const anonymous = await run('anonymous', '{ partner { keyId } }');
    expect(anonymous.data?.partner).toBeNull();
    expect(anonymous.errors).toEqual([{ message: 'Authentication required', code: 'NOT_AUTHENTICATED' }]);
    const member = await run('member', '{ partner { keyId } }');
    expect(member.data?.partner).toBeNull();
    expect(member.errors?.[0]?.code).toBe('PARTNER_KEY_REQUIRED');
  });

  it('a partner sees its key, scopes and organisations (only those of its own registration system)', async () => {
    const res = await run(
      { scopes: ['events:read'], organisationIds: [club.organisationId, otherTenant.organisationId, 999999] },
      '{ partner { keyId registrationSystemId scopes organisations { id name } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.partner).toEqual({
      keyId: '7',
      registrationSystemId: String(club.tenantId),
      scopes: ['events:read'],
      organisations: [{ id: String(club.organisationId), name: 'Test Club' }],
    });
  });
});

describe('each scope allows what it names and nothing else', () => {
  const EVERYTHING = `{ partner {
    organisations { id }
    membershipTypes { code } membershipPeriods { id }
    members(first: 5) { edges { node { id personalData { firstName } } } }
    orders(first: 5) { edges { node { id } } }
    events(first: 5) { edges { node { id participants(first: 5) { edges { node { id personalData { firstName } } } } } } } } }`;

  const refusedScopes = (res: Awaited<ReturnType<typeof run>>) =>
    (res.errors ?? []).filter((e) => e.code === 'MISSING_SCOPE').map((e) => e.message.replace('This partner key lacks the scope ', ''));

  it('members:read: members, orders, types and periods without personal data; no events', async () => {
    const res = await run({ scopes: ['members:read'] }, EVERYTHING);
    expect(refusedScopes(res)).toEqual(['events:read']);
    const p = res.data!.partner;
    expect(p.events).toBeNull();
    expect(p.membershipTypes.map((t: { code: string }) => t.code)).toEqual(['individual', 'junior', 'student', 'retired']);
    expect(p.membershipPeriods).toHaveLength(3);
    expect(p.members.edges.length).toBeGreaterThan(0);
    expect(p.members.edges.every((e: { node: { personalData: unknown } }) => e.node.personalData === null)).toBe(true);
    expect(p.orders.edges.map((e: { node: { id: string } }) => Number(e.node.id))).toEqual([orderA]);
  });

  it('members:read with members:pii: personal data too', async () => {
    const res = await run({ scopes: ['members:read', 'members:pii'] }, MEMBERS, { first: 50 });
    expect(res.errors).toBeUndefined();
    const fiona = res.data!.partner.members.edges.find((e: { node: { id: string } }) => Number(e.node.id) === club.family.self).node;
    expect(fiona.personalData).toEqual({ firstName: 'Fiona', lastName: '1', dateOfBirth: '1984-03-12', email: 'fiona.1@example.org' });
  });

  it('events:read: events, participants and results without personal data; no members, orders, types or periods', async () => {
    const res = await run({ scopes: ['events:read'] }, EVERYTHING);
    expect(refusedScopes(res).sort()).toEqual(['members:read', 'members:read', 'members:read', 'members:read']);
    const p = res.data!.partner;
    expect([p.members, p.orders, p.membershipTypes, p.membershipPeriods]).toEqual([null, null, null, null]);
    expect(p.events.edges.map((e: { node: { id: string } }) => Number(e.node.id))).toEqual([eventA.id]);
    const participants = p.events.edges[0].node.participants.edges;
    expect(participants).toHaveLength(3);
    expect(participants.every((e: { node: { personalData: unknown } }) => e.node.personalData === null)).toBe(true);
  });

  it('events:read with members:pii: participants with their names', async () => {
    const res = await run({ scopes: ['events:read', 'members:pii'] }, EVERYTHING);
    const participants = res.data!.partner.events.edges[0].node.participants.edges;
    expect(participants.map((e: { node: { personalData: { firstName: string } } }) => e.node.personalData.firstName)).toEqual([
      'Fiona',
      'Finn',
      'Sam',
    ]);
  });

  it('imports:read alone reads none of membership: every list is refused, the organisations stay', async () => {
    const res = await run({ scopes: ['imports:read'] }, EVERYTHING);
    expect(refusedScopes(res).sort()).toEqual(['events:read', 'members:read', 'members:read', 'members:read', 'members:read']);
    expect(res.data!.partner.organisations).toEqual([{ id: String(club.organisationId) }]);
  });

  it('members:pii alone reads nothing', async () => {
    const res = await run(
      { scopes: ['members:pii'] },
      `{ partner { members { edges { node { id } } } member(id: "${club.family.self}") { id } } }`,
    );
    expect(res.data!.partner).toEqual({ members: null, member: null });
    expect(res.errors?.map((e) => e.code)).toEqual(['MISSING_SCOPE', 'MISSING_SCOPE']);
  });
});

describe("a key of organisation A reading B's ids gets nothing", () => {
  const A = { scopes: ALL };

  it('members: B-only members are not listed nor found by id; a person of both shows only memberships of A', async () => {
    const list = await run(A, MEMBERS, { first: 100 });
    const ids = memberIds(list);
    expect(ids).not.toContain(memberB);
    expect(ids).not.toContain(otherTenant.family.self);
    expect(ids).toEqual(expect.arrayContaining([club.family.self, club.family.partner]));
    const fiona = list.data!.partner.members.edges.find((e: { node: { id: string } }) => Number(e.node.id) === club.family.self).node;
    expect(fiona.memberships.map((m: { organisationId: string }) => Number(m.organisationId))).toEqual([club.organisationId]);

    const byId = await run(
      A,
      `query($a: ID!, $b: ID!, $t: ID!) { partner { a: member(id: $a) { id } b: member(id: $b) { id } t: member(id: $t) { id } } }`,
      {
        a: club.family.self,
        b: memberB,
        t: otherTenant.family.self,
      },
    );
    expect(byId.data!.partner).toEqual({ a: { id: String(club.family.self) }, b: null, t: null });
    const filtered = await run(A, MEMBERS, { filter: { organisationId: orgB } });
    expect(filtered.data!.partner.members.edges).toEqual([]);
    const periodOfB = await run(A, MEMBERS, { filter: { periodId: periodB } });
    expect(periodOfB.data!.partner.members.edges).toEqual([]);
  });

  it("orders: B's order is neither listed nor found; its members' links to B are not shown", async () => {
    const res = await run(
      A,
      `query($b: ID!, $a: ID!) { partner { b: order(id: $b) { id } a: order(id: $a) { id } orders(filter: { organisationId: "${orgB}" }) { edges { node { id } } } } }`,
      {
        a: orderA,
        b: orderB,
      },
    );
    expect(res.data!.partner).toEqual({ a: { id: String(orderA) }, b: null, orders: { edges: [] } });
  });

  it("events, participants and results: B's event is neither listed nor found", async () => {
    const res = await run(
      A,
      `query($b: ID!) { partner { event(id: $b) { id } events(filter: { organisationId: "${orgB}" }) { edges { node { id } } } } }`,
      { b: eventB.id },
    );
    expect(res.data!.partner).toEqual({ event: null, events: { edges: [] } });
    const asB = await run(
      { scopes: ALL, organisationIds: [orgB] },
      `query($a: ID!) { partner { event(id: $a) { id } events { edges { node { id participants { edges { node { personId } } } resultSets { id } } } } } }`,
      {
        a: eventA.id,
      },
    );
    expect(asB.data!.partner.event).toBeNull();
    expect(asB.data!.partner.events.edges).toEqual([
      { node: { id: String(eventB.id), participants: { edges: [{ node: { personId: String(memberB) } }] }, resultSets: [] } },
    ]);
  });

  it("membership types and periods: B's are not listed, even when asked for by organisation", async () => {
    const res = await run(
      A,
      `{ partner { membershipTypes(organisationId: "${orgB}") { id } membershipPeriods(organisationId: "${orgB}") { id } all: membershipPeriods { organisation { id } } } }`,
    );
    expect(res.data!.partner.membershipTypes).toEqual([]);
    expect(res.data!.partner.membershipPeriods).toEqual([]);
    expect(new Set(res.data!.partner.all.map((p: { organisation: { id: string } }) => Number(p.organisation.id)))).toEqual(
      new Set([club.organisationId]),
    );
  });

  it('a key naming organisations of another tenant reads nothing of them', async () => {
    const res = await run(
      { scopes: ALL, organisationIds: [otherTenant.organisationId] },
      `{ partner { organisations { id } members { edges { node { id } } } events { edges { node { id } } } orders { edges { node { id } } } } }`,
    );
    expect(res.data!.partner).toEqual({ organisations: [], members: { edges: [] }, events: { edges: [] }, orders: { edges: [] } });
  });
});

describe('what a partner reads', () => {
  it('members with their memberships, orders and household links (only persons who are members here)', async () => {
    const res = await run({ scopes: ['members:read'] }, MEMBERS, { first: 100 });
    const byId = new Map(res.data!.partner.members.edges.map((e: { node: { id: string } }) => [Number(e.node.id), e.node]));
    const frank = byId.get(club.family.partner) as Answer;
    expect(frank.memberships).toEqual([
      {
        id: expect.any(String),
        memberId: String(club.family.partner),
        organisationId: String(club.organisationId),
        periodId: String(club.periodId),
        status: 'PENDING_PAYMENT',
        membershipNumber: null,
        membershipTypeCode: 'individual',
        membershipType: 'Individual',
        memberType: 'new',
        order: { id: String(orderA), reference: `ORD-T-${club.organisationId}-${club.family.partner}` },
      },
    ]);
    // Finn, Freya and Felix hold no membership here: the household shows Fiona and Frank only.
    expect(frank.householdLinks).toEqual([
      { householdId: String(club.family.accountId), memberId: String(club.family.self), relationship: 'self' },
      { householdId: String(club.family.accountId), memberId: String(club.family.partner), relationship: 'partner' },
    ]);
  });

  it('orders with lines, memberships and payment state', async () => {
    await knex('membership.orders').where({ id: orderA }).update({ status: 'paid', paidMinor: 12000, paidAt: knex.fn.now() });
    const res = await run(
      { scopes: ['members:read'] },
      `query($id: ID!) { partner { order(id: $id) {
      reference householdId organisationId periodId status currency totalMinor paidMinor paidAt cancelledAt updatedAt
      lines { memberId kind amountMinor rule } memberships { memberId status } } } }`,
      { id: orderA },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.partner.order).toMatchObject({
      householdId: String(club.family.accountId),
      organisationId: String(club.organisationId),
      status: 'PAID',
      totalMinor: 12000,
      paidMinor: 12000,
      paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      cancelledAt: null,
      lines: [{ memberId: String(club.family.partner), kind: 'membership_fee', amountMinor: 12000, rule: 'base_fee:individual:adult' }],
      memberships: [{ memberId: String(club.family.partner), status: 'PENDING_PAYMENT' }],
    });
  });

  it('an event with categories, participants and results in recorded order', async () => {
    const res = await run(
      { scopes: ['events:read', 'members:pii'] },
      `query($id: ID!) { partner { event(id: $id) {
      name startsOn customFieldLabels categories { code }
      resultSets { name results(first: 2) { pageInfo { hasNextPage endCursor } edges { node { rank status time participant { bib personalData { firstName } } } } } } } } }`,
      {
        id: eventA.id,
      },
    );
    expect(res.errors).toBeUndefined();
    const event = res.data!.partner.event;
    expect(event).toMatchObject({ name: 'A Race', startsOn: '2026-05-10', customFieldLabels: ['Club', null, null] });
    expect(event.categories.map((c: { code: string }) => c.code)).toEqual(['M', 'W', 'M40', 'W40', 'U18']);
    const results = event.resultSets[0].results;
    expect(results.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { rank: 1, status: 'FINISHED', time: '0:41:07.3', participant: { bib: '11', personalData: { firstName: 'Finn' } } },
      { rank: 2, status: 'FINISHED', time: '0:41:40.0', participant: { bib: '10', personalData: { firstName: 'Fiona' } } },
    ]);
    expect(results.pageInfo.hasNextPage).toBe(true);
  });
});

describe('pages', () => {
  it('the page size is capped at 500 with a clear error; bad sizes and forged cursors are input errors', async () => {
    const over = await run({ scopes: ALL }, MEMBERS, { first: 501 });
    expect(over.errors).toEqual([{ code: 'PAGE_SIZE_TOO_LARGE', message: expect.stringContaining('first is at most 500 (asked: 501)') }]);
    expect((await run({ scopes: ALL }, MEMBERS, { first: -1 })).errors?.[0]?.code).toBe('INVALID_PAGE_SIZE');
    expect((await run({ scopes: ALL }, MEMBERS, { after: 'bm90LWEtY3Vyc29y' })).errors?.[0]?.code).toBe('INVALID_CURSOR');
    const events = await run({ scopes: ALL }, '{ partner { events { pageInfo { endCursor } } } }');
    const eventCursor = events.data!.partner.events.pageInfo.endCursor;
    expect((await run({ scopes: ALL }, MEMBERS, { after: eventCursor })).errors?.[0]?.code).toBe('INVALID_CURSOR');
    expect((await run({ scopes: ALL }, MEMBERS, { filter: { updatedSince: 'yesterday' } })).errors?.[0]?.code).toBe(
      'INVALID_UPDATED_SINCE',
    );
    expect((await run({ scopes: ALL }, MEMBERS, { first: 500 })).errors).toBeUndefined();
  });

  it('a page costs a fixed number of statements, whatever its size (no N+1)', async () => {
    const count = async (first: number) => {
      let statements = 0;
      const onQuery = () => (statements += 1);
      knex.on('query', onQuery);
      try {
        const res = await run({ scopes: ALL }, MEMBERS, { first });
        expect(res.errors).toBeUndefined();
      } finally {
        knex.off('query', onQuery);
      }
      return statements;
    };
    for (let i = 0; i < 12; i += 1) await newMember(knex, `Bulk${i}`);
    // The page, the key's organisations, memberships, household links, the memberships' orders.
    expect(await count(1)).toBeLessThanOrEqual(5);
    expect(await count(100)).toBeLessThanOrEqual(5);
  });

  it('an updatedSince sync under concurrent writes: every member exactly once, none behind a cursor (a transaction that began before the sync and commits during it included)', async () => {
    const syncStart = new Date(Date.now() - 1000).toISOString();
    const seeded: number[] = [];
    for (let i = 0; i < 9; i += 1) seeded.push(await newMember(knex, `Seeded${i}`));

    // Began (and wrote) before the sync: its row's position is below everything written after it.
    const early = await knex.transaction();
    const earlyMember = await newMember(early, 'Early');

    const seen: number[] = [];
    const concurrent: number[] = [];
    let after: string | null = null;
    let page = 0;
    let committed = false;
    for (;;) {
      const res = await run({ scopes: ['members:read'] }, MEMBERS, { first: 3, after, filter: { updatedSince: syncStart } });
      expect(res.errors).toBeUndefined();
      seen.push(...memberIds(res));
      after = res.data!.partner.members.pageInfo.endCursor;
      page += 1;
      // Between pages, others register members; after the third page the early transaction commits.
      if (page <= 4) concurrent.push(await newMember(knex, `During${page}`));
      if (page === 3) {
        await early.commit();
        committed = true;
      }
      if (!res.data!.partner.members.pageInfo.hasNextPage && committed && page > 4) break;
      expect(page).toBeLessThan(40);
    }
    // The next sync starts at the last endCursor; rows held back by transactions still running
    // anywhere on the server (other test suites) come as soon as those end.
    const expected = new Set([...seeded, earlyMember, ...concurrent]);
    const deadline = Date.now() + 15_000;
    while (![...expected].every((id) => seen.includes(id)) && Date.now() < deadline) {
      const res = await run({ scopes: ['members:read'] }, MEMBERS, { first: 3, after, filter: { updatedSince: syncStart } });
      seen.push(...memberIds(res));
      after = res.data!.partner.members.pageInfo.endCursor;
      if (!res.data!.partner.members.pageInfo.hasNextPage) await new Promise((r) => setTimeout(r, 100));
    }
    const relevant = seen.filter((id) => expected.has(id));
    expect(new Set(relevant)).toEqual(expected);
    expect(relevant).toHaveLength(expected.size);
  });

  it('a member moves to the end of the sync order when a membership changes, and is listed again after the last cursor', async () => {
    const first = await run({ scopes: ['members:read'] }, MEMBERS, { first: 500 });
    const cursor = first.data!.partner.members.pageInfo.endCursor as string;
    expect(first.data!.partner.members.pageInfo.hasNextPage).toBe(false);
    const nothingNew = await run({ scopes: ['members:read'] }, MEMBERS, { after: cursor });
    expect(memberIds(nothingNew)).toEqual([]);
    expect(nothingNew.data!.partner.members.pageInfo.endCursor).toEqual(expect.any(String));

    await knex('membership.memberships')
      .where({ personId: club.family.partner, orderId: orderA })
      .update({ status: 'active', membershipNumber: 'A-2' });
    await knex('membership.persons').where({ id: club.family.self }).update({ firstName: 'Fiona' }); // unchanged: stays where it is
    await knex('membership.persons').where({ id: club.stranger.self }).update({ firstName: 'Samuel' }); // not a member here
    // Rows of a transaction wait until every older write transaction on the server has ended.
    const moved: number[] = [];
    const deadline = Date.now() + 15_000;
    let after = cursor;
    while (!moved.includes(club.family.partner) && Date.now() < deadline) {
      const res = await run({ scopes: ['members:read'] }, MEMBERS, { after });
      moved.push(...memberIds(res));
      after = res.data!.partner.members.pageInfo.endCursor;
    }
    expect(moved).toEqual([club.family.partner]);
  });
});

const REMOVALS = `query($filter: RemovalFilter, $first: Int, $after: String) {
  partner { removals(filter: $filter, first: $first, after: $after) {
    edges { cursor node { kind id organisationId eventId removedAt } }
    pageInfo { hasNextPage endCursor } } } }`;

const removed = (res: Awaited<ReturnType<typeof run>>) =>
  res.data!.partner.removals.edges.map((e: { node: Answer }) => [
    e.node.kind,
    Number(e.node.id),
    Number(e.node.organisationId),
    e.node.eventId,
  ]);

describe('removals: what left the lists', () => {
  it('a member who holds no membership of an organisation any more, a deleted order and participant; a member who keeps one moves instead', async () => {
    const both: Caller = { scopes: ['members:read', 'events:read'] };
    const start = await run(both, REMOVALS, { first: 500 });
    expect(start.errors).toBeUndefined();
    const startCursor = start.data!.partner.removals.pageInfo.endCursor as string;
    const members = await run({ scopes: ['members:read'] }, MEMBERS, { first: 500 });
    let membersCursor = members.data!.partner.members.pageInfo.endCursor as string;
    for (;;) {
      const more = await run({ scopes: ['members:read'] }, MEMBERS, { first: 500, after: membersCursor });
      if (memberIds(more).length === 0) break;
      membersCursor = more.data!.partner.members.pageInfo.endCursor;
    }

    const xaver = await newMember(knex, 'Xaver');
    const zora = await newMember(knex, 'Zora');
    await knex('membership.memberships').insert({
      personId: zora,
      periodId: club.previousPeriodId,
      membershipTypeId: club.types.individual,
      status: 'active',
      memberType: 'new',
      membershipNumber: 'Z-2025',
      activatedAt: knex.fn.now(),
    });
    const [quentin] = (await knex('membership.persons')
      .insert({ registrationSystemId: club.tenantId, firstName: 'Quentin', lastName: 'Sync', dateOfBirth: '1991-01-01' })
      .returning('id')) as Array<{ id: number }>;
    const order = await newOrder(club.organisationId, club.periodId, club.types.individual, [quentin!.id], club.family.accountId);
    const participant = await insertId('membership.participants', { eventId: eventA.id, personId: xaver, bib: '77' });
    const otherOrg = await newMember(knex, 'Bea', periodB, typeB);
    const dora = await newMember(knex, 'Dora');
    const [dirk] = (await knex('membership.persons')
      .insert({ registrationSystemId: club.tenantId, firstName: 'Dirk', lastName: 'Sync', dateOfBirth: '1992-01-01' })
      .returning('id')) as Array<{ id: number }>;

    await knex('membership.memberships').where({ personId: xaver }).delete();
    await knex('membership.memberships').where({ personId: zora, periodId: club.periodId }).delete();
    await knex.transaction(async (trx) => {
      await trx('membership.memberships').where({ orderId: order }).delete();
      await trx('membership.orderLines').where({ orderId: order }).delete();
      await trx('membership.orders').where({ id: order }).delete();
    });
    await knex('membership.participants').where({ id: participant }).delete();
    await knex('membership.memberships').where({ personId: otherOrg }).delete();
    // A merge moves Dora's membership to Dirk: Dora is no member any more, Dirk is one now.
    await knex('membership.memberships').where({ personId: dora }).update({ personId: dirk!.id });
    await waitForSyncWatermark(knex);

    const after = await run(both, REMOVALS, { after: startCursor });
    expect(removed(after)).toEqual([
      ['MEMBER', xaver, club.organisationId, null],
      ['MEMBER', quentin!.id, club.organisationId, null],
      ['ORDER', order, club.organisationId, null],
      ['PARTICIPANT', participant, club.organisationId, String(eventA.id)],
      ['MEMBER', dora, club.organisationId, null],
    ]);
    expect(after.data!.partner.removals.edges[0].node.removedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Nothing new after the last cursor; B's removal is B's.
    expect(removed(await run(both, REMOVALS, { after: after.data!.partner.removals.pageInfo.endCursor }))).toEqual([]);
    expect(removed(await run({ ...both, organisationIds: [orgB] }, REMOVALS, { after: startCursor }))).toEqual([
      ['MEMBER', otherOrg, orgB, null],
    ]);
    // Zora is still a member (last season): her deleted membership moves her in the members list.
    const moved = await run({ scopes: ['members:read'] }, MEMBERS, { after: membersCursor });
    expect(memberIds(moved)).toEqual(expect.arrayContaining([zora, dirk!.id]));
    expect(memberIds(moved)).not.toContain(xaver);

    // Xaver becomes a member again: his removal is no longer shown (the members list has him),
    // whichever list a partner reads first.
    await knex('membership.memberships').insert({
      personId: xaver,
      periodId: club.previousPeriodId,
      membershipTypeId: club.types.individual,
      status: 'pending_payment',
      memberType: 'new',
    });
    await waitForSyncWatermark(knex);
    expect(removed(await run(both, REMOVALS, { after: startCursor })).map((r: unknown[]) => r[1])).not.toContain(xaver);
    expect(memberIds(await run({ scopes: ['members:read'] }, MEMBERS, { after: membersCursor }))).toContain(xaver);
  });

  it('a membership deleted while another transaction gives the person a new one there records no removal', async () => {
    const yara = await newMember(knex, 'Yara');
    const { id: old } = await knex('membership.memberships').where({ personId: yara }).first('id');
    const adding = await knex.transaction();
    // Adding a membership moves (and locks) Yara until this transaction ends.
    await adding('membership.memberships').insert({
      personId: yara,
      periodId: club.previousPeriodId,
      membershipTypeId: club.types.individual,
      status: 'pending_payment',
      memberType: 'new',
    });
    // Sent now (a query builder runs when `then` is called); it waits for Yara's lock.
    const deleting = knex('membership.memberships')
      .where({ id: old })
      .delete()
      .then((n) => n);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await adding.commit();
    await deleting;
    expect(await knex('membership.partnerRemovals').where({ kind: 'MEMBER', recordId: yara })).toEqual([]);
  });

  it('each kind needs the scope of its list', async () => {
    const kinds = (res: Awaited<ReturnType<typeof run>>) => [...new Set(removed(res).map((r: unknown[]) => r[0]))].sort();
    expect(kinds(await run({ scopes: ['members:read'] }, REMOVALS, { first: 500 }))).toEqual(['MEMBER', 'ORDER']);
    expect(kinds(await run({ scopes: ['events:read'] }, REMOVALS, { first: 500 }))).toEqual(['PARTICIPANT']);
    expect(kinds(await run({ scopes: ['members:read'] }, REMOVALS, { first: 500, filter: { kinds: ['ORDER'] } }))).toEqual(['ORDER']);
    const refused = await run({ scopes: ['members:read'] }, REMOVALS, { filter: { kinds: ['PARTICIPANT'] } });
    expect(refused.errors).toEqual([expect.objectContaining({ code: 'MISSING_SCOPE' })]);
    expect(refused.data?.partner.removals).toBeNull();
    expect((await run({ scopes: ['imports:read'] }, REMOVALS)).errors).toEqual([expect.objectContaining({ code: 'MISSING_SCOPE' })]);
  });
});
