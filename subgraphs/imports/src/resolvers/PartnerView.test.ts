import type { Request } from 'express';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { graphql, type GraphQLSchema } from 'graphql';
import type { AccessTokenClaims, PartnerScope } from '@ems/schema';
import { partnerRequest, waitForSyncWatermark } from '../../../../tests/support/partnerRequests';
import { createContextFactory } from '../context';
import { csvUpload, importsFixture, uploadParticipants, type ImportsFixture } from '../testing/fixture';
import { typeDefs } from '../server';
import { resolvers } from '.';

/**
 * The imports half of the partner API (docs/partner-api.md): PartnerView's import jobs as the
 * gateway asks for them (`_entities` with the view's key), on a real PostgreSQL.
 */
let f: ImportsFixture;
let schema: GraphQLSchema;
let orgB: number;
let jobA: string;
let jobB: string;

const KEY_ID = 11;

async function waitForTerminal(jobId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { state } = await f.knex('imports.importJobs').where({ id: jobId }).first('state');
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(state)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

beforeAll(async () => {
  f = await importsFixture();
  schema = buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
  orgB = (await f.knex('membership.orgUsers').where({ accountId: f.club.otherOperator.accountId }).first('organisationId')).organisationId;
  const eventA = await f.event();
  const csv = 'First name,Last name,Date of birth,Bib\nAnna,Berg,1990-05-01,1\nJohann,Müller,1975-03-14,2\n';
  jobA = (await uploadParticipants(f.deps, f.operator(), { eventId: String(eventA.id) }, csvUpload(csv))).id;
  await waitForTerminal(jobA);
  const [eventB] = await f
    .knex('membership.events')
    .insert({ organisationId: orgB, name: 'B Race', startsOn: '2026-06-01' })
    .returning('id');
  jobB = (await uploadParticipants(f.deps, f.otherOperator(), { eventId: String((eventB as { id: number }).id) }, csvUpload(csv))).id;
  await waitForTerminal(jobB);
  // A row the import could not resolve: its raw names are personal data.
  await f.knex('imports.rowResults').insert({
    jobId: jobA,
    rowNo: 99,
    outcome: 'FAILED',
    failure: JSON.stringify({
      category: 'UNRESOLVED_PERSON',
      rawFirstName: 'Hidden',
      rawLastName: 'Name',
      description: 'Person ID 5 is not a person of this club',
    }),
  });
  await waitForSyncWatermark(f.knex);
});

afterAll(() => f.drop());

type Caller = { scopes: PartnerScope[]; organisationIds?: number[]; registrationSystemId?: number } | 'member' | 'anonymous';

/** As the gateway asks: the view's key from membership's Query.partner, then imports' fields by `_entities`. */
async function run(caller: Caller, selection: string, variables: Record<string, unknown> = {}, keyId = KEY_ID) {
  let req: Request;
  if (caller === 'anonymous') req = { auth: { authorities: [] } } as unknown as Request;
  else if (caller === 'member') {
    const user = { userKey: f.club.operator.userKey, registrationSystemId: f.club.tenantId } as AccessTokenClaims;
    req = { auth: { user, authorities: [] } } as unknown as Request;
  } else {
    req = await partnerRequest({
      keyId: KEY_ID,
      registrationSystemId: caller.registrationSystemId ?? f.club.tenantId,
      organisationIds: caller.organisationIds ?? [f.club.organisationId],
      scopes: caller.scopes,
    });
  }
  const contextValue = await createContextFactory(f.deps)(req);
  const declared = Object.entries({ first: 'Int', after: 'String', filter: 'ImportJobFilter', id: 'ID!' })
    .filter(([name]) => selection.includes(`$${name}`))
    .map(([name, type]) => `, $${name}: ${type}`)
    .join('');
  const source = `query($representations: [_Any!]!${declared}) {
    _entities(representations: $representations) { ... on PartnerView { ${selection} } } }`;
  const result = await graphql({
    schema,
    source,
    contextValue,
    variableValues: {
      representations: [{ __typename: 'PartnerView', keyId: String(keyId) }],
      ...(selection.includes('$id') ? { id: jobA } : {}),
      ...variables,
    },
  });
  return {
    view: (result.data?._entities as Array<Record<string, unknown> | null> | undefined)?.[0] ?? null,
    errors: result.errors?.map((e) => ({ message: e.message, code: (e.originalError as { code?: string })?.code })),
  };
}

const JOBS = `importJobs(filter: $filter, first: $first, after: $after) {
  edges { cursor node { id importType state displayState terminal organisationId eventId fileName rowsTotal rowsProcessed counts { rows created failed } ignoredColumns error updatedAt } }
  pageInfo { hasNextPage hasPreviousPage endCursor } }`;

type JobsPage = { edges: Array<{ node: Record<string, unknown> & { id: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string } };
const jobIds = (view: Record<string, unknown> | null) => (view?.importJobs as JobsPage).edges.map((e) => e.node.id);

it("imports:read lists the key's organisations' import jobs with their summaries, and nothing of organisation B", async () => {
  const { view, errors } = await run({ scopes: ['imports:read'] }, JOBS);
  expect(errors).toBeUndefined();
  expect(jobIds(view)).toEqual([jobA]);
  expect((view!.importJobs as JobsPage).edges[0]!.node).toMatchObject({
    importType: 'EVENT_PARTICIPANT',
    state: 'COMPLETED',
    displayState: 'COMPLETED',
    terminal: true,
    organisationId: String(f.club.organisationId),
    fileName: 'participants.csv',
    rowsTotal: 2,
    counts: { rows: 2, created: 2, failed: 0 },
    error: null,
  });
  const onlyB = await run({ scopes: ['imports:read'] }, JOBS, { filter: { organisationId: String(orgB) } });
  expect(jobIds(onlyB.view)).toEqual([]);
  const asB = await run({ scopes: ['imports:read'], organisationIds: [orgB] }, JOBS);
  expect(jobIds(asB.view)).toEqual([jobB]);
});

it('a job of another organisation or tenant is not found by id, nor are its row results', async () => {
  const single = 'importJob(id: $id) { id } importRowResults(jobId: $id) { rows { rowNo } }';
  expect((await run({ scopes: ['imports:read'] }, single)).view).toEqual({
    importJob: { id: jobA },
    importRowResults: { rows: expect.any(Array) },
  });
  expect((await run({ scopes: ['imports:read'] }, single, { id: jobB })).view).toEqual({ importJob: null, importRowResults: null });
  expect((await run({ scopes: ['imports:read'] }, single, { id: 'not-a-uuid' })).view).toEqual({ importJob: null, importRowResults: null });
  const otherTenant = await run({ scopes: ['imports:read'], registrationSystemId: f.club.tenantId + 1000 }, `${JOBS} ${single}`);
  expect(otherTenant.view).toMatchObject({ importJob: null, importRowResults: null });
  expect(jobIds(otherTenant.view)).toEqual([]);
});

it('without imports:read every import field is refused with MISSING_SCOPE', async () => {
  const { view, errors } = await run(
    { scopes: ['members:read', 'members:pii', 'events:read'] },
    `${JOBS} importJob(id: $id) { id } importRowResults(jobId: $id) { nextAfter }`,
  );
  expect(view).toEqual({ importJobs: null, importJob: null, importRowResults: null });
  expect(errors?.map((e) => e.code)).toEqual(['MISSING_SCOPE', 'MISSING_SCOPE', 'MISSING_SCOPE']);
});

it("imports answers the view only for the key the token names: another key's view, a member or nobody gets null", async () => {
  expect((await run({ scopes: ['imports:read'] }, 'keyId', {}, KEY_ID + 1)).view).toBeNull();
  expect((await run('member', 'keyId')).view).toBeNull();
  expect((await run('anonymous', 'keyId')).view).toBeNull();
});

it('row results in file order; raw names of unresolved persons only with members:pii', async () => {
  const rows =
    'importRowResults(jobId: $id, failedOnly: true) { rows { rowNo outcome failure { category rawFirstName rawLastName description } } }';
  const without = await run({ scopes: ['imports:read'] }, rows);
  expect(without.view).toEqual({
    importRowResults: {
      rows: [
        {
          rowNo: 99,
          outcome: 'FAILED',
          failure: {
            category: 'UNRESOLVED_PERSON',
            rawFirstName: null,
            rawLastName: null,
            description: 'Person ID 5 is not a person of this club',
          },
        },
      ],
    },
  });
  const withPii = await run({ scopes: ['imports:read', 'members:pii'] }, rows);
  expect(withPii.view).toMatchObject({ importRowResults: { rows: [{ failure: { rawFirstName: 'Hidden', rawLastName: 'Name' } }] } });
});

it('pages in sync order: a job that changes moves behind the last cursor; the page size is capped', async () => {
  const more: string[] = [jobA];
  for (let i = 0; i < 3; i += 1) {
    const event = await f.event();
    const job = await uploadParticipants(f.deps, f.operator(), { eventId: String(event.id) }, csvUpload('First name,Last name\nA,B\n'));
    await waitForTerminal(job.id);
    more.push(job.id);
  }
  await waitForSyncWatermark(f.knex);
  const seen: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 10; page += 1) {
    const { view, errors } = await run({ scopes: ['imports:read'] }, JOBS, { first: 1, after });
    expect(errors).toBeUndefined();
    seen.push(...jobIds(view));
    after = (view!.importJobs as JobsPage).pageInfo.endCursor;
    if (!(view!.importJobs as JobsPage).pageInfo.hasNextPage) break;
  }
  expect(seen).toEqual(more);

  await f
    .knex('imports.importJobs')
    .where({ id: jobA })
    .update({ updatedAt: f.knex.fn.now(), error: JSON.stringify({ message: 'noted' }) });
  await f.knex('imports.importJobs').where({ id: more[1] }).update({ leaseExpiresAt: f.knex.fn.now() }); // a lease: not a change
  await waitForSyncWatermark(f.knex);
  const next = await run({ scopes: ['imports:read'] }, JOBS, { after });
  expect(jobIds(next.view)).toEqual([jobA]);

  const over = await run({ scopes: ['imports:read'] }, JOBS, { first: 501 });
  expect(over.errors?.[0]?.code).toBe('PAGE_SIZE_TOO_LARGE');
});
