import type { Request } from 'express';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { graphql, type GraphQLSchema } from 'graphql';
import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { createContextFactory } from '../context';
import type { PaymentService } from '../domain/payments/service';
import { applyParticipants } from '../events';
import { typeDefs } from '../server';
import { createEvent, seedClub, type Club, type TestEvent } from '../testing/fixtures';
import { resolvers } from '.';

/** Events and participants through GraphQL: only operators of the event's organisation see them. */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let schema: GraphQLSchema;
let club: Club;
let event: TestEvent;
let otherEvent: TestEvent;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  schema = buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
  club = await seedClub(knex);
  event = await createEvent(knex, club.organisationId, { name: 'Riverside 10K', customFieldLabels: ['Club', null, null] });
  const otherOrganisation = await knex('membership.orgUsers').where({ accountId: club.otherOperator.accountId }).first('organisationId');
  otherEvent = await createEvent(knex, otherOrganisation.organisationId, { name: 'Other Race' });
  const persons = [club.family.self, club.family.partner, club.family.child];
  await applyParticipants(
    knex,
    club.tenantId,
    event.id,
    persons.map((personId, i) => ({
      key: i,
      personId,
      firstName: '',
      lastName: '',
      dateOfBirth: null,
      email: null,
      updatePII: false,
      sourceSystemId: 1,
      externalId: `X${i}`,
      bib: String(100 + i),
      categoryId: i === 0 ? event.categories.W40! : null,
      custom: ['Riverside AC', null, null],
    })),
  );
});

afterAll(async () => {
  await db.drop();
});

async function run(userKey: string | null, source: string, variables: Record<string, unknown> = {}) {
  const claims = userKey ? ({ userKey, registrationSystemId: club.tenantId } as AccessTokenClaims) : undefined;
  const req = { auth: { user: claims, authorities: [] } } as unknown as Request;
  const contextValue = await createContextFactory(knex, { payments: {} as PaymentService, localOutbox: false })(req);
  return graphql({ schema, source, variableValues: variables, contextValue });
}

const EVENTS = `query($first: Int, $after: String) {
  operatorEvents {
    id name startsOn organisationId customFieldLabels
    categories { code name }
    participants(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { cursor node { bib externalId custom1 category { code } person { id firstName } } }
    }
  }
}`;

interface EventsData {
  operatorEvents: Array<{
    id: string;
    name: string;
    customFieldLabels: Array<string | null>;
    categories: Array<{ code: string }>;
    participants: {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      edges: Array<{
        node: { bib: string; externalId: string; custom1: string; category: { code: string } | null; person: { id: string } };
      }>;
    };
  }>;
}

it("operatorEvents: an operator sees the organisation's events with categories and participants, paged", async () => {
  const first = await run(club.operator.userKey, EVENTS, { first: 2 });
  expect(first.errors).toBeUndefined();
  const [shown, ...others] = (first.data as unknown as EventsData).operatorEvents;
  expect(others).toEqual([]);
  expect(shown).toMatchObject({
    id: String(event.id),
    name: 'Riverside 10K',
    startsOn: '2026-05-10',
    organisationId: String(club.organisationId),
    customFieldLabels: ['Club', null, null],
  });
  expect(shown!.categories.map((c) => c.code)).toEqual(['M', 'W', 'M40', 'W40', 'U18']);
  expect(shown!.participants.totalCount).toBe(3);
  expect(shown!.participants.pageInfo.hasNextPage).toBe(true);
  expect(shown!.participants.edges.map((e) => e.node)).toEqual([
    {
      bib: '100',
      externalId: 'X0',
      custom1: 'Riverside AC',
      category: { code: 'W40' },
      person: { id: String(club.family.self), firstName: 'Fiona' },
    },
    {
      bib: '101',
      externalId: 'X1',
      custom1: 'Riverside AC',
      category: null,
      person: { id: String(club.family.partner), firstName: 'Frank' },
    },
  ]);

  const next = await run(club.operator.userKey, EVENTS, { first: 2, after: shown!.participants.pageInfo.endCursor });
  const rest = (next.data as unknown as EventsData).operatorEvents[0]!.participants;
  expect(rest.edges.map((e) => e.node.bib)).toEqual(['102']);
  expect(rest.pageInfo.hasNextPage).toBe(false);
});

it('operatorEvents is empty for a member who is not an operator, and for an anonymous caller', async () => {
  const member = await run(club.family.userKey, EVENTS);
  expect(member.errors).toBeUndefined();
  expect((member.data as unknown as EventsData).operatorEvents).toEqual([]);
  expect(((await run(null, EVENTS)).data as unknown as EventsData).operatorEvents).toEqual([]);
});

it("an operator of another organisation sees only that organisation's event", async () => {
  const res = await run(club.otherOperator.userKey, EVENTS);
  expect((res.data as unknown as EventsData).operatorEvents.map((e) => e.name)).toEqual(['Other Race']);
  expect(otherEvent.id).not.toBe(event.id);
});

const ENTITY = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Event { id name } } }`;

it('Event.__resolveReference: the event for its operator, null for a non-operator and for another organisation', async () => {
  const reps = [{ __typename: 'Event', id: String(event.id) }];
  expect((await run(club.operator.userKey, ENTITY, { reps })).data).toEqual({
    _entities: [{ id: String(event.id), name: 'Riverside 10K' }],
  });
  expect((await run(club.family.userKey, ENTITY, { reps })).data).toEqual({ _entities: [null] });
  expect((await run(club.otherOperator.userKey, ENTITY, { reps })).data).toEqual({ _entities: [null] });
});

it('refuses a page size above 100 and a forged cursor', async () => {
  // Only the refused field: graphql-js answers an error without waiting for sibling fields.
  const PAGE = `query($first: Int, $after: String) { operatorEvents { participants(first: $first, after: $after) { totalCount } } }`;
  const tooMany = await run(club.operator.userKey, PAGE, { first: 101 });
  expect(tooMany.errors?.[0]?.message).toMatch(/first must be between 0 and 100/);
  const forged = await run(club.operator.userKey, PAGE, { after: 'bm9wZQ' });
  expect(forged.errors?.[0]?.message).toBe('Invalid cursor');
});

describe('Event.resultSets (operators of the event organisation)', () => {
  let resultSetId: number;
  let participantIds: number[];

  beforeAll(async () => {
    participantIds = (await knex('membership.participants').where({ eventId: event.id }).orderBy('id').select('id')).map(
      (p: { id: number }) => p.id,
    );
    const [set] = await knex('membership.resultSets')
      .insert({ eventId: event.id, name: 'Overall', createdAt: '2026-05-10T12:30:00Z' })
      .returning('id');
    resultSetId = (set as { id: number }).id;
    await knex('membership.results').insert([
      { resultSetId, participantId: participantIds[1], rank: 1, status: 'FINISHED', timeMs: 2468000, points: '100.5' },
      { resultSetId, participantId: participantIds[0], rank: 2, status: 'FINISHED', timeMs: 3723456, points: '99' },
      { resultSetId, participantId: participantIds[2], rank: null, status: 'DNF', timeMs: null, points: null },
    ]);
  });

  const RESULTS = `query($first: Int, $after: String) {
    operatorEvents {
      resultSets {
        id name createdAt
        results(first: $first, after: $after) {
          totalCount
          pageInfo { hasNextPage hasPreviousPage endCursor }
          edges { node { rank status timeMs time points participant { bib person { firstName } } } }
        }
      }
    }
  }`;

  interface ResultsData {
    operatorEvents: Array<{
      resultSets: Array<{
        id: string;
        name: string;
        createdAt: string;
        results: {
          totalCount: number;
          pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
          edges: Array<{ node: Record<string, unknown> }>;
        };
      }>;
    }>;
  }

  it('an operator reads the result sets of their event with results paged, times formatted h:mm:ss.s', async () => {
    const first = await run(club.operator.userKey, RESULTS, { first: 2 });
    expect(first.errors).toBeUndefined();
    const [set, ...others] = (first.data as unknown as ResultsData).operatorEvents[0]!.resultSets;
    expect(others).toEqual([]);
    expect(set).toMatchObject({ id: String(resultSetId), name: 'Overall', createdAt: '2026-05-10T12:30:00.000Z' });
    expect(set!.results.totalCount).toBe(3);
    expect(set!.results.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(set!.results.edges.map((e) => e.node)).toEqual([
      {
        rank: 1,
        status: 'FINISHED',
        timeMs: 2468000,
        time: '0:41:08.0',
        points: 100.5,
        participant: { bib: '101', person: { firstName: 'Frank' } },
      },
      {
        rank: 2,
        status: 'FINISHED',
        timeMs: 3723456,
        time: '1:02:03.4',
        points: 99,
        participant: { bib: '100', person: { firstName: 'Fiona' } },
      },
    ]);

    const next = await run(club.operator.userKey, RESULTS, { first: 2, after: set!.results.pageInfo.endCursor });
    const rest = (next.data as unknown as ResultsData).operatorEvents[0]!.resultSets[0]!.results;
    expect(rest.edges.map((e) => e.node)).toEqual([
      { rank: null, status: 'DNF', timeMs: null, time: null, points: null, participant: { bib: '102', person: { firstName: 'Finn' } } },
    ]);
    expect(rest.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  const ENTITY_RESULTS = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Event { resultSets { name } } } }`;

  it('result sets are seen only where the event is: not by a member nor by an operator of another organisation', async () => {
    const reps = [{ __typename: 'Event', id: String(event.id) }];
    expect((await run(club.operator.userKey, ENTITY_RESULTS, { reps })).data).toEqual({
      _entities: [{ resultSets: [{ name: 'Overall' }] }],
    });
    expect((await run(club.family.userKey, ENTITY_RESULTS, { reps })).data).toEqual({ _entities: [null] });
    expect((await run(club.otherOperator.userKey, ENTITY_RESULTS, { reps })).data).toEqual({ _entities: [null] });
    const other = await run(club.otherOperator.userKey, `{ operatorEvents { name resultSets { name } } }`);
    expect(other.data).toEqual({ operatorEvents: [{ name: 'Other Race', resultSets: [] }] });
  });

  it("refuses a results page above 100 and a participant's cursor as a result cursor", async () => {
    const PAGE = `query($first: Int, $after: String) { operatorEvents { resultSets { results(first: $first, after: $after) { totalCount } } } }`;
    const tooMany = await run(club.operator.userKey, PAGE, { first: 101 });
    expect(tooMany.errors?.[0]?.message).toMatch(/first must be between 0 and 100/);
    const participants = await run(club.operator.userKey, EVENTS, { first: 1 });
    const participantCursor = (participants.data as unknown as EventsData).operatorEvents[0]!.participants.pageInfo.endCursor;
    const crossed = await run(club.operator.userKey, PAGE, { after: participantCursor });
    expect(crossed.errors?.[0]?.message).toBe('Invalid cursor');
  });
});

it('a forged participant cursor beyond the integer range is an invalid page, not a database error', async () => {
  const PAGE = `query($after: String) { operatorEvents { participants(after: $after) { totalCount edges { cursor } } } }`;
  const res = await run(club.operator.userKey, PAGE, { after: Buffer.from('participant:99999999999').toString('base64url') });
  expect(res.errors).toBeUndefined();
  expect((res.data as { operatorEvents: Array<{ participants: { edges: unknown[] } }> }).operatorEvents[0]!.participants.edges).toEqual([]);
});
