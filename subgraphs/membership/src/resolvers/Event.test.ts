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
