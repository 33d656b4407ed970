import path from 'node:path';
import express from 'express';
import { GraphQLError, type ValidationRule } from 'graphql';
import { Agent } from 'undici';
// Where Apollo Gateway makes its exporter of host data for Apollo (read only to watch it here).
import * as apolloTelemetry from '@apollo/gateway/dist/utilities/opentelemetry';
import { createLogger } from '@ems/service-runtime';
import type { AdminServiceClient } from '../auth/adminClient';
import { SessionTokens } from '../auth/sessionTokens';
import { createGatewayHandler } from './gateway';
import { FILE_NEEDS_MULTIPART } from './uploadOnlyInMultipart';
import { listenOnLoopback } from '../../../tests/support/listening';

/** A limit of the kind the gateway will carry (depth, cost, aliases): here, no field named `viewer`. */
const noViewer: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === 'viewer') context.reportError(new GraphQLError('viewer is not allowed here', { nodes: node }));
  },
});

let server: ReturnType<express.Express['listen']>;
let url: string;
let stop: () => Promise<void>;
const telemetryExporter = jest.spyOn(apolloTelemetry, 'createDataCollectionExporter');
const telemetrySetting = process.env.APOLLO_TELEMETRY_DISABLED;

beforeAll(async () => {
  delete process.env.APOLLO_TELEMETRY_DISABLED;
  const tokens = new SessionTokens({} as AdminServiceClient, 60_000, createLogger('test', 'silent'));
  const gateway = await createGatewayHandler({
    supergraphPath: path.resolve(__dirname, '..', '..', '..', 'schema', 'supergraph.graphql'),
    // Nothing listens there: a query refused by validation never reaches a subgraph.
    serviceUrls: { membership: 'http://127.0.0.1:9', forms: 'http://127.0.0.1:9', imports: 'http://127.0.0.1:9' },
    apiKey: 'k'.repeat(40),
    dispatcher: new Agent(),
    tokens,
    introspection: false,
    validationRules: [noViewer],
    logger: createLogger('test', 'silent'),
  });
  stop = gateway.stop;
  const app = express();
  app.use('/graphql', ...gateway.handler);
  const listening = await listenOnLoopback(app);
  server = listening.server;
  url = `${listening.url}/graphql`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await stop();
  telemetryExporter.mockRestore();
  if (telemetrySetting === undefined) delete process.env.APOLLO_TELEMETRY_DISABLED;
  else process.env.APOLLO_TELEMETRY_DISABLED = telemetrySetting;
});

it('serves a browser no landing page that loads Apollo’s scripts: a GET without a query is a 400', async () => {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.text()).not.toMatch(/apollographql\.com|googleapis/);
});

it('sends Apollo nothing about the host: no data-collection exporter unless the operator asks for one', () => {
  expect(telemetryExporter).not.toHaveBeenCalled();
  expect(process.env.APOLLO_TELEMETRY_DISABLED).toBe('true');
});

async function ask(query: string) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: Array<{ message: string }> } };
}

describe('every operation goes through the gateway’s validation (no path around Apollo)', () => {
  it('refuses a query a validation rule forbids, the first time and every time after', async () => {
    for (let i = 0; i < 3; i += 1) {
      const { status, body } = await ask('{ viewer { userKey } }');
      expect(status).toBe(400);
      expect(body.errors?.map((e) => e.message)).toEqual(['viewer is not allowed here']);
    }
  });

  it('answers an operation name the document does not hold, or a missing one, with 400 (not 500)', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }', operationName: 'B' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe(
      'OPERATION_RESOLUTION_FAILURE',
    );
    const two = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query A { __typename } query B { __typename }' }),
    });
    expect(two.status).toBe(400);
  });

  it('answers what the rule allows, as often as asked', async () => {
    for (let i = 0; i < 2; i += 1) expect(await ask('{ __typename }')).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });
  });
});

describe('a file (Upload) only in a multipart request (which never reaches the gateway)', () => {
  it.each([
    ['a string', 'mutation { uploadImportCorrections(jobId: "x", file: "a.csv") { id } }'],
    ['a number', 'mutation { uploadImportCorrections(jobId: "x", file: -4.4e-323) { id } }'],
    ['an object', 'mutation { uploadImportCorrections(jobId: "x", file: { name: "a.csv" }) { id } }'],
    ['a variable of a JSON request', 'mutation($f: Upload!) { uploadImportCorrections(jobId: "x", file: $f) { id } }'],
  ])('refuses %s as an invalid document (400), before any subgraph is asked', async (_kind, query) => {
    const { status, body } = await ask(query);
    expect(status).toBe(400);
    expect(body.errors?.map((e) => e.message)).toEqual([FILE_NEEDS_MULTIPART]);
  });

  it('leaves other mutations of the imports subgraph alone', async () => {
    const { body } = await ask('mutation($id: ID!) { cancelImport(jobId: $id) { id } }');
    expect(body.errors?.map((e) => e.message) ?? []).not.toContain(FILE_NEEDS_MULTIPART);
  });
});

describe('no suggestion names the supergraph (introspection is off for browsers)', () => {
  async function askWith(query: string, variables: Record<string, unknown>) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as { errors?: Array<{ message: string }> } };
  }

  it.each([
    ['in the document', '{ operatorOrders(filter: { status: PAYD }) { nextCursor } }', {}],
    ['in a variable', 'query ($f: OrderSearch) { operatorOrders(filter: $f) { nextCursor } }', { f: { status: 'PAYD' } }],
  ])('an unknown enum value %s is refused (400) without naming one that exists', async (_where, query, variables) => {
    const { status, body } = await askWith(query, variables);
    expect(status).toBe(400);
    expect(body.errors?.length).toBeGreaterThan(0);
    for (const { message } of body.errors ?? []) {
      expect(message).not.toMatch(/Did you mean|"PAID"|"UNPAID"/);
    }
  });
});

describe('the filter text rule at the router (a member search of 100,000 characters)', () => {
  it('refuses the search with 400 BAD_USER_INPUT TEXT_TOO_LONG before any subgraph is asked', async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query ($f: MemberSearch) { operatorMembers(filter: $f) { total } }',
        variables: { f: { text: 'x'.repeat(100_000) } },
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      errors: [
        {
          message: 'Invalid input: variable $f.text is longer than 200 characters',
          extensions: { code: 'BAD_USER_INPUT', reason: 'TEXT_TOO_LONG' },
        },
      ],
    });
  });
});
