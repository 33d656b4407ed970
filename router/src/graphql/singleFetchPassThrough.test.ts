import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { composeServices } from '@apollo/composition';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { GraphQLError, parse } from 'graphql';
import { Agent } from 'undici';
import type { SessionTokens } from '../auth/sessionTokens';
import { createGatewayHandler } from './gateway';
import { isCleanAnswer } from './singleFetchPassThrough';

/**
 * The router's `/graphql` handler on a supergraph of two real Apollo subgraphs. Every query is
 * asked twice: the first answer comes through the gateway, the second through the pass-through
 * where the plan allows it, and the two must not differ.
 */
const MEMBERSHIP_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query {
    viewer: Viewer
    people(first: Int!): [Person!]!
    search(term: String!): [SearchResult!]!
    failing: String
  }
  type Mutation { rename(name: String!): String }
  type Viewer { userKey: String! }
  type Person @key(fields: "id") { id: ID! firstName: String! kind: Kind! }
  type Club { name: String! }
  union SearchResult = Person | Club
  enum Kind { MEMBER GUEST }
`;
const FORMS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query { formsHealth: String }
  type Person @key(fields: "id") { id: ID! openForms: Int! }
`;

const PEOPLE = [
  { id: 'p1', firstName: 'Anna', kind: 'MEMBER' },
  { id: 'p2', firstName: 'Ben', kind: 'GUEST' },
];

interface Received {
  service: string;
  headers: http.IncomingHttpHeaders;
  body: { query: string; operationName?: string | null; variables?: unknown };
}
const received: Received[] = [];
const servers: http.Server[] = [];
const cleanups: Array<() => Promise<void>> = [];
const dispatcher = new Agent();
let tmpDir: string;
let routerUrl: string;
let stopGateway: () => Promise<void>;
let plansSize: () => number;

async function startSubgraph(name: string, typeDefs: string, resolvers: Record<string, unknown>): Promise<string> {
  const server = new ApolloServer({
    schema: buildSubgraphSchema({ typeDefs: parse(typeDefs), resolvers: resolvers as never }),
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
  await server.start();
  const app = express();
  app.use(
    '/graphql',
    express.json(),
    (req, _res, next) => {
      received.push({ service: name, headers: req.headers, body: req.body as Received['body'] });
      next();
    },
    expressMiddleware(server, { context: async ({ req }) => ({ authorization: req.headers.authorization }) }),
  );
  const httpServer = http.createServer(app);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  servers.push(httpServer);
  cleanups.push(() => server.stop());
  return `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const membershipUrl = await startSubgraph('membership', MEMBERSHIP_SDL, {
    Query: {
      viewer: (_: unknown, __: unknown, ctx: { authorization?: string }) => ({ userKey: ctx.authorization ?? 'anonymous' }),
      people: (_: unknown, { first }: { first: number }) => PEOPLE.slice(0, first),
      search: () => [PEOPLE[0], { name: 'Riverside' }],
      failing: () => {
        throw new GraphQLError('The club is closed', { extensions: { code: 'FORBIDDEN' } });
      },
    },
    Mutation: { rename: (_: unknown, { name }: { name: string }) => name },
    SearchResult: { __resolveType: (v: { name?: string }) => (v.name ? 'Club' : 'Person') },
    Person: { __resolveReference: (ref: { id: string }) => PEOPLE.find((p) => p.id === ref.id) },
  });
  const formsUrl = await startSubgraph('forms', FORMS_SDL, {
    Query: { formsHealth: () => 'ok' },
    Person: { openForms: (p: { id: string }) => (p.id === 'p1' ? 2 : 0) },
  });
  const composed = composeServices([
    { name: 'membership', url: `${membershipUrl}/graphql`, typeDefs: parse(MEMBERSHIP_SDL) },
    { name: 'forms', url: `${formsUrl}/graphql`, typeDefs: parse(FORMS_SDL) },
  ]);
  if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
  tmpDir = mkdtempSync(path.join(os.tmpdir(), 'ems-supergraph-'));
  const supergraphPath = path.join(tmpDir, 'supergraph.graphql');
  writeFileSync(supergraphPath, composed.supergraphSdl);

  const graphql = await createGatewayHandler({
    supergraphPath,
    serviceUrls: { membership: membershipUrl, forms: formsUrl, imports: 'http://127.0.0.1:9' },
    apiKey: 'router-api-key',
    dispatcher,
    tokens: {} as SessionTokens,
    introspection: true,
  });
  stopGateway = graphql.stop;
  plansSize = () => graphql.plans.size;
  const app = express();
  // What sessionGate leaves for the handler: the session's token.
  app.use('/graphql', (req, _res, next) => {
    (req as express.Request & { gatewayToken?: string }).gatewayToken = 'session-jwt';
    next();
  });
  app.use('/graphql', ...graphql.handler);
  const router = http.createServer(app);
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  servers.push(router);
  routerUrl = `http://127.0.0.1:${(router.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  await stopGateway();
  for (const stop of cleanups) await stop();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  await dispatcher.close();
  rmSync(tmpDir, { recursive: true, force: true });
});

beforeEach(() => {
  received.length = 0;
});

interface Answer {
  status: number;
  contentType: string | null;
  cacheControl: string | null;
  body: string;
}

async function ask(body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(routerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    cacheControl: res.headers.get('cache-control'),
    body: await res.text(),
  };
}

/** The same request twice: what the gateway answered, and what came the second time. */
async function askTwice(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const viaGateway = await ask(body, headers);
  const gatewayCalls = received.splice(0);
  const second = await ask(body, headers);
  const secondCalls = received.splice(0);
  return { viaGateway, second, gatewayCalls, secondCalls };
}

/** The subgraph got the client's own text: the gateway would have sent its planner's. */
function passedThrough(calls: Received[], query: string): boolean {
  return calls.length === 1 && calls[0]!.body.query === query;
}

describe('single-fetch pass-through', () => {
  const singleFetchQueries: Array<[string, Record<string, unknown>]> = [
    ['a plain query', { query: '{ viewer { userKey } }' }],
    ['aliases and __typename', { query: '{ me: viewer { __typename key: userKey } }' }],
    ['variables', { query: 'query People($n: Int!) { people(first: $n) { id firstName kind } }', variables: { n: 1 } }],
    [
      'fragments, a union and @include',
      {
        query:
          'query Find($t: String!, $withKind: Boolean!) { search(term: $t) { __typename ... on Person { ...P } ... on Club { name } } } fragment P on Person { firstName kind @include(if: $withKind) }',
        variables: { t: 'a', withKind: false },
      },
    ],
    ['a document with two operations', { query: 'query A { viewer { userKey } } query B { people(first: 2) { id } }', operationName: 'B' }],
  ];

  it.each(singleFetchQueries)('answers %s exactly as the gateway does, from the subgraph directly', async (_name, body) => {
    const { viaGateway, second, gatewayCalls, secondCalls } = await askTwice(body);
    expect(viaGateway.status).toBe(200);
    expect(JSON.parse(viaGateway.body)).not.toHaveProperty('errors');
    expect(passedThrough(gatewayCalls, body.query as string)).toBe(false);
    expect(passedThrough(secondCalls, body.query as string)).toBe(true);
    expect(second).toEqual(viaGateway);
  });

  it('negotiates the media type as Apollo does', async () => {
    const body = { query: '{ viewer { __typename } }' };
    const accept = { accept: 'application/graphql-response+json' };
    const { viaGateway, second, secondCalls } = await askTwice(body, accept);
    expect(viaGateway.contentType).toMatch(/^application\/graphql-response\+json/);
    expect(passedThrough(secondCalls, body.query)).toBe(true);
    expect(second).toEqual(viaGateway);
  });

  it("sends the router's API key and the session's token, never the browser's credentials", async () => {
    const body = { query: '{ viewer { userKey } }' };
    const browser = { authorization: 'Bearer browser-jwt', 'x-api-key': 'browser-key', cookie: 'ems.sid=browser' };
    const { second, secondCalls } = await askTwice(body, browser);
    expect(passedThrough(secondCalls, body.query)).toBe(true);
    expect(secondCalls[0]!.headers).toMatchObject({ 'x-api-key': 'router-api-key', authorization: 'Bearer session-jwt' });
    expect(secondCalls[0]!.headers.cookie).toBeUndefined();
    expect(JSON.parse(second.body)).toEqual({ data: { viewer: { userKey: 'Bearer session-jwt' } } });
  });

  it('asks again through the gateway when the subgraph answers with errors, and answers as the gateway does', async () => {
    const body = { query: '{ failing }' };
    const { viaGateway, second, secondCalls } = await askTwice(body);
    expect(JSON.parse(viaGateway.body).errors[0]).toMatchObject({
      message: 'The club is closed',
      extensions: { code: 'FORBIDDEN', serviceName: 'membership' },
    });
    // The pass-through's answer, then the gateway's own call.
    expect(secondCalls).toHaveLength(2);
    expect(secondCalls[0]!.body.query).toBe(body.query);
    expect(second).toEqual(viaGateway);
  });

  it('leaves variables the supergraph refuses to the gateway', async () => {
    const query = 'query People($n: Int!) { people(first: $n) { id } }';
    await ask({ query, variables: { n: 1 } });
    received.length = 0;
    const refused = await ask({ query, variables: { n: 'many' } });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(JSON.parse(refused.body).errors[0].message).toMatch(/^Variable "\$n" got invalid value "many"/);
    expect(received).toHaveLength(0);
  });

  const gatewayOnly: Array<[string, Record<string, unknown>]> = [
    ['a query spanning two subgraphs', { query: '{ people(first: 2) { firstName openForms } }' }],
    ['a mutation', { query: 'mutation { rename(name: "Riverside") }' }],
    ['introspection beside a field', { query: '{ viewer { userKey } __type(name: "Viewer") { name } }' }],
  ];

  it.each(gatewayOnly)('keeps %s on the gateway', async (_name, body) => {
    const { viaGateway, second, secondCalls } = await askTwice(body);
    expect(viaGateway.status).toBe(200);
    expect(secondCalls.some((c) => c.body.query === body.query)).toBe(false);
    expect(second).toEqual(viaGateway);
  });

  it('only remembers single-fetch queries', async () => {
    const before = plansSize();
    await ask({ query: '{ formsHealth }' });
    await ask({ query: '{ people(first: 1) { openForms } }' });
    expect(plansSize()).toBe(before + 1);
  });

  it('passes nothing with extensions (persisted queries) or of a batch', async () => {
    const body = { query: '{ viewer { userKey } }' };
    await ask(body);
    received.length = 0;
    await ask({ ...body, extensions: { clientLibrary: { name: 'test' } } });
    expect(passedThrough(received, body.query)).toBe(false);
    received.length = 0;
    const batch = await ask([body, body]);
    expect(batch.status).toBe(400);
    expect(received).toHaveLength(0);
  });
});

describe('isCleanAnswer', () => {
  const ok = { status: 200, contentType: 'application/json; charset=utf-8', text: '{"data":{"a":1}}\n' };
  it('takes data and nothing else', () => {
    expect(isCleanAnswer(ok)).toBe(true);
    expect(isCleanAnswer({ ...ok, contentType: 'application/graphql-response+json; charset=utf-8' })).toBe(true);
    expect(isCleanAnswer({ ...ok, text: '{"data":{"errors":"a field named errors"}}' })).toBe(true);
  });
  it('refuses errors, extensions, other statuses and other media types', () => {
    expect(isCleanAnswer({ ...ok, text: '{"data":{"a":null},"errors":[{"message":"x"}]}' })).toBe(false);
    expect(isCleanAnswer({ ...ok, text: '{"errors":[{"message":"x"}]}' })).toBe(false);
    expect(isCleanAnswer({ ...ok, text: '{"data":{"a":1},"extensions":{"x":1}}' })).toBe(false);
    expect(isCleanAnswer({ ...ok, status: 400 })).toBe(false);
    expect(isCleanAnswer({ ...ok, contentType: 'text/html' })).toBe(false);
    expect(isCleanAnswer({ ...ok, text: '{"data":' })).toBe(false);
  });
});
