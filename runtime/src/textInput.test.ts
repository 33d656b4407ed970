import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import express from 'express';
import gql from 'graphql-tag';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { errorMiddleware } from './http';
import { createLogger } from './log';
import { invalidTextPlugin, rejectInvalidText } from './textInput';
import { listenOnLoopback } from '../../tests/support/listening';

/**
 * Issue 17 "Hardening", defect 2: a NUL byte in a userKey, a form answer or a GraphQL argument
 * reached PostgreSQL and came back as 500/502/INTERNAL_SERVER_ERROR. The text rule is applied
 * where input enters: this middleware on every service's REST stack, this plugin on every Apollo
 * server (subgraphs and the router's gateway).
 */
const silent = createLogger('test', 'silent', new Writable({ write: (_c, _e, done) => done() }));

describe('rejectInvalidText: REST input with control characters is 400 INVALID_CHARACTERS', () => {
  let server: Server;
  let base: string;
  const reached: unknown[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(rejectInvalidText());
    app.all('/things/:id', (req, res) => {
      reached.push(req.body);
      res.json({ id: req.params.id });
    });
    app.use(errorMiddleware(silent));
    ({ server, url: base } = await listenOnLoopback(app));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it.each([
    ['a body field', '/things/1', { userKey: 'anna\u0000.berg' }, 'userKey'],
    [
      'a nested body field',
      '/things/1',
      {
        people: [
          { id: 1, answer: 'ok' },
          { id: 2, answer: 'a\u001b[2J' },
        ],
      },
      'people.1.answer',
    ],
    ['a body key', '/things/1', { ['k\u0000']: 1 }, 'k\\u0000'],
    ['a query parameter', '/things/1?userKey=a%00b', {}, 'userKey'],
    ['a repeated query parameter', '/things/1?u=ok&u=a%7Fb', {}, 'u.1'],
    ['a route parameter', '/things/a%00b', {}, 'path'],
  ])('%s', async (_name, path, body, field) => {
    const res = await post(path, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Bad Request',
      message: expect.stringContaining(`${field} contains control characters`),
      code: 'INVALID_CHARACTERS',
      details: { fields: [{ field, message: 'contains control characters, which are not accepted' }] },
    });
  });

  it('lets TAB, LF, CR and any printable text through to the route', async () => {
    const body = { answer: 'line one\r\n\tline two', name: 'Åsa Ødegård 😀' };
    const res = await post('/things/%C3%85sa?q=a%09b', body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'Åsa' });
    expect(reached).toContainEqual(body);
  });

  it('a route parameter that is not valid percent-encoding is 400 in the JSON shape (was 500)', async () => {
    const res = await post('/things/%E0%A4%A', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Bad Request', message: 'Bad Request', code: 'BAD_REQUEST' });
  });
});

describe('invalidTextPlugin: GraphQL variables and literals with control characters are BAD_USER_INPUT', () => {
  let resolved = 0;
  const apollo = new ApolloServer({
    schema: buildSubgraphSchema({
      typeDefs: gql`
        input Filter {
          names: [String!]
        }
        type Query {
          paymentReturn(reference: String!, transactionId: String, filter: Filter): String
        }
      `,
      resolvers: {
        Query: {
          paymentReturn: () => {
            resolved += 1;
            return 'ok';
          },
        },
      },
    }),
    plugins: [invalidTextPlugin(), ApolloServerPluginInlineTraceDisabled()],
  });
  beforeAll(() => apollo.start());
  afterAll(() => apollo.stop());

  const QUERY =
    'query R($reference: String!, $transactionId: String) { paymentReturn(reference: $reference, transactionId: $transactionId) }';

  async function run(query: string, variables?: Record<string, unknown>) {
    const res = await apollo.executeOperation({ query, variables });
    if (res.body.kind !== 'single') throw new Error('expected a single result');
    return { status: res.http.status, errors: res.body.singleResult.errors, data: res.body.singleResult.data };
  }

  it.each([
    ['a variable', QUERY, { reference: 'ORD-2026-000001', transactionId: 'tx\u0000' }, 'variable $transactionId'],
    ['an inline literal', '{ paymentReturn(reference: "ORD\\u0000") }', undefined, 'argument reference'],
    [
      'a literal inside an input object',
      '{ paymentReturn(reference: "r", filter: { names: ["ok", "\\u0085"] }) }',
      undefined,
      'argument filter',
    ],
    [
      'a variable default',
      'query R($r: String = "\\u0007") { paymentReturn(reference: "r", transactionId: $r) }',
      undefined,
      'the default of $r',
    ],
  ])('%s: refused before anything resolves', async (_name, query, variables, named) => {
    const before = resolved;
    const res = await run(query, variables);
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    expect(res.errors).toEqual([
      expect.objectContaining({
        message: `Invalid input: ${named} contains control characters, which are not accepted`,
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', reason: 'INVALID_CHARACTERS' }),
      }),
    ]);
    expect(resolved).toBe(before);
  });

  it('runs operations with clean text, TAB, LF and CR', async () => {
    const res = await run(QUERY, { reference: 'ORD-2026-000001', transactionId: 'a\tb\r\nc Åsa 😀' });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ paymentReturn: 'ok' });
  });
});
