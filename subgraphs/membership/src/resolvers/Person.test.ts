import type { Request } from 'express';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { graphql, type GraphQLSchema } from 'graphql';
import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { createContextFactory } from '../context';
import type { PaymentService } from '../domain/payments/service';
import { typeDefs } from '../server';
import { createEvent, giveActiveMembership, seedClub, type Club } from '../testing/fixtures';
import { resolvers } from '.';

/**
 * Person.__resolveReference (the import summary's rows and merge candidates): a member sees the
 * persons linked to their account; an operator also the persons connected to an organisation they
 * administer, and no one else: not the other side of a merge candidate (docs/decisions.md,
 * "Organisation boundary in imports"); nobody a person of another registration system.
 */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let schema: GraphQLSchema;
let club: Club;
let otherTenant: Club;
/** Persons of `club`'s tenant that no account is linked to. */
let runner: number;
let lookalike: number;
let member: number;
let stray: number;
let strayTwin: number;
let cancelled: number;
/** A person of the other tenant, participant of the other tenant's event and (forged) of club's event. */
let foreigner: number;

async function person(tenant: Club, firstName: string): Promise<number> {
  const [row] = await knex('membership.persons')
    .insert({ registrationSystemId: tenant.tenantId, firstName, lastName: 'Visible', dateOfBirth: '1990-02-03' })
    .returning('id');
  return (row as { id: number }).id;
}

async function mergeCandidate(tenant: Club, personId: number, candidatePersonId: number): Promise<void> {
  await knex('membership.mergeCandidates').insert({
    registrationSystemId: tenant.tenantId,
    personId,
    candidatePersonId,
    score: 0.8,
    reason: 'FUZZY_NAME',
  });
}

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  schema = buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
  club = await seedClub(knex);
  otherTenant = await seedClub(knex);
  runner = await person(club, 'Runner');
  lookalike = await person(club, 'Lookalike');
  member = await person(club, 'Member');
  stray = await person(club, 'Stray');
  strayTwin = await person(club, 'StrayTwin');
  cancelled = await person(club, 'Cancelled');
  foreigner = await person(otherTenant, 'Foreigner');

  const event = await createEvent(knex, club.organisationId);
  const foreignEvent = await createEvent(knex, otherTenant.organisationId);
  await knex('membership.participants').insert([
    { eventId: event.id, personId: runner },
    // Never written by the import port (it checks the tenant); here to prove the tenant check holds anyway.
    { eventId: event.id, personId: foreigner },
    { eventId: foreignEvent.id, personId: foreigner },
  ]);
  // The runner's merge candidate names it on the candidate side; the strays' pair touches nothing of the club.
  await mergeCandidate(club, lookalike, runner);
  await mergeCandidate(club, stray, strayTwin);
  await giveActiveMembership(knex, club, member, club.periodId, 'TC-2026-00001');
  await knex('membership.memberships').insert({
    personId: cancelled,
    periodId: club.periodId,
    membershipTypeId: club.types.individual,
    status: 'cancelled',
    memberType: 'new',
  });
});

afterAll(async () => {
  await db.drop();
});

const ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Person { id firstName } } }`;

/** Which of the persons the user key sees through `_entities`, in order (null: not visible). */
async function seen(userKey: string | null, tenant: Club, ids: number[]): Promise<Array<string | null>> {
  const claims = userKey ? ({ userKey, registrationSystemId: tenant.tenantId } as AccessTokenClaims) : undefined;
  const req = { auth: { user: claims, authorities: [] } } as unknown as Request;
  const contextValue = await createContextFactory(knex, { payments: {} as PaymentService, localOutbox: false })(req);
  const reps = ids.map((id) => ({ __typename: 'Person', id: String(id) }));
  const res = await graphql({ schema, source: ENTITIES, variableValues: { reps }, contextValue });
  expect(res.errors).toBeUndefined();
  return (res.data as { _entities: Array<{ id: string; firstName: string } | null> })._entities.map((p) => p?.firstName ?? null);
}

it('an operator sees a participant of their event, not the other side of its merge candidate (connected nowhere)', async () => {
  expect(await seen(club.operator.userKey, club, [runner, lookalike])).toEqual(['Runner', null]);
});

it("a merge candidate between two organisations' persons: each side's operator sees only their own person", async () => {
  const ours = await person(club, 'Ours');
  const theirs = await person(club, 'Theirs');
  const otherOrganisationId = (
    (await knex('membership.orgUsers').where({ accountId: club.otherOperator.accountId }).first('organisationId')) as {
      organisationId: number;
    }
  ).organisationId;
  await knex('membership.participants').insert([
    { eventId: (await createEvent(knex, club.organisationId)).id, personId: ours },
    { eventId: (await createEvent(knex, otherOrganisationId)).id, personId: theirs },
  ]);
  await mergeCandidate(club, ours, theirs);
  expect(await seen(club.operator.userKey, club, [ours, theirs])).toEqual(['Ours', null]);
  expect(await seen(club.otherOperator.userKey, club, [ours, theirs])).toEqual([null, 'Theirs']);
});

it('an operator sees members of their periods and persons linked to users of their organisation', async () => {
  expect(await seen(club.operator.userKey, club, [member, club.family.child, club.stranger.self, club.operator.self])).toEqual([
    'Member',
    'Finn',
    'Sam',
    'Olga',
  ]);
});

it('an operator does not see an unconnected person, nor a merge candidate pair with no connected side', async () => {
  expect(await seen(club.operator.userKey, club, [stray, strayTwin, 987654321])).toEqual([null, null, null]);
});

it('a cancelled membership does not connect a person to the organisation', async () => {
  expect(await seen(club.operator.userKey, club, [cancelled])).toEqual([null]);
});

it('an operator of another organisation of the same tenant sees none of them, only their own persons', async () => {
  expect(await seen(club.otherOperator.userKey, club, [runner, lookalike, member, club.family.self, club.otherOperator.self])).toEqual([
    null,
    null,
    null,
    null,
    'Otto',
  ]);
});

it('a plain member still sees only their linked persons', async () => {
  expect(
    await seen(club.family.userKey, club, [club.family.self, club.family.grandparent, runner, lookalike, member, club.stranger.self]),
  ).toEqual(['Fiona', 'Freya', null, null, null, null]);
});

it("another tenant's person is never visible, even as a participant of the operator's event; and the other way round", async () => {
  expect(await seen(club.operator.userKey, club, [foreigner, otherTenant.family.self])).toEqual([null, null]);
  expect(await seen(otherTenant.operator.userKey, otherTenant, [foreigner, runner, lookalike, club.family.self])).toEqual([
    'Foreigner',
    null,
    null,
    null,
  ]);
});

it('an anonymous caller sees nobody', async () => {
  expect(await seen(null, club, [runner, club.family.self])).toEqual([null, null]);
});

it('a batch of persons is one visibility query, not one per person', async () => {
  const queries: string[] = [];
  const listen = (q: { sql: string }) => queries.push(q.sql);
  knex.on('query', listen);
  try {
    await seen(club.operator.userKey, club, [runner, lookalike, member, stray, strayTwin]);
  } finally {
    knex.off('query', listen);
  }
  // connectedCondition's aliases (data/scope.ts) name the visibility query.
  expect(queries.filter((sql) => sql.includes('conn_ou'))).toHaveLength(1);
  expect(queries.filter((sql) => sql.includes('from "membership"."persons"'))).toHaveLength(1);
});
