import type { Server } from 'node:http';
import express from 'express';
import { parse } from 'graphql';
import { listenOnLoopback } from '../../tests/support/listening';
import { withoutSuggestion } from './graphqlLimits';
import { createLogger } from './log';
import { createSubgraphHandler } from './subgraph';

/**
 * The input rules every subgraph's /graphql applies before a resolver runs (the router applies the
 * same ones to the supergraph: router/src/graphql/gateway.test.ts).
 */
const typeDefs = parse(`
  enum OrderStatus { UNPAID PAID CANCELLED }
  input OrderSearch { status: OrderStatus, reference: String }
  type Order { reference: String }
  type Query { orders(filter: OrderSearch, status: OrderStatus, references: [String!], after: ID): [Order!]! }
  type Mutation { note(text: String!): String }
`);

/** How often a resolver ran: a refused operation runs none. */
let resolved = 0;

let server: Server;
let url: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  const graphql = await createSubgraphHandler({
    typeDefs,
    resolvers: {
      Query: { orders: () => ((resolved += 1), []) },
      Mutation: { note: (_: unknown, { text }: { text: string }) => ((resolved += 1), String(text.length)) },
    } as never,
    context: async () => ({}),
    logger: createLogger('limits-test', 'silent'),
  });
  stop = graphql.stop;
  const app = express();
  app.use('/graphql', ...graphql.handler);
  const listening = await listenOnLoopback(app);
  server = listening.server;
  url = `${listening.url}/graphql`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await stop();
});

async function ask(query: string, variables?: Record<string, unknown>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> },
  };
}

describe('no suggestion names the schema (introspection may be off)', () => {
  it.each([
    ['an enum literal', '{ orders(status: PAYD) { reference } }', undefined],
    ['an enum literal in an input object', '{ orders(filter: { status: PAYD }) { reference } }', undefined],
    ['an enum value in a variable', 'query ($s: OrderStatus) { orders(status: $s) { reference } }', { s: 'PAYD' }],
    ['an enum value in an input variable', 'query ($f: OrderSearch) { orders(filter: $f) { reference } }', { f: { status: 'PAYD' } }],
    ['an input field', '{ orders(filter: { referenc: "x" }) { reference } }', undefined],
    ['a field', '{ orders { referenc } }', undefined],
    ['an argument', '{ orders(stat: PAID) { reference } }', undefined],
  ])('%s: refused (400) without "Did you mean" and without the value it would suggest', async (_what, query, variables) => {
    const { status, body } = await ask(query, variables);
    expect(status).toBe(400);
    const messages = body.errors?.map((e) => e.message) ?? [];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message).not.toMatch(/Did you mean/);
      expect(message).not.toMatch(/"PAID"|"reference"|"status"/);
    }
  });

  it('drops every wording of graphql-js’s suggestions and keeps the rest of the message', () => {
    expect(withoutSuggestion('Value "FOO" does not exist in "OrderStatus" enum. Did you mean the enum value "PAID"?')).toBe(
      'Value "FOO" does not exist in "OrderStatus" enum.',
    );
    expect(withoutSuggestion('Cannot query field "x" on type "Query". Did you mean "a", "b", or "c"?')).toBe(
      'Cannot query field "x" on type "Query".',
    );
    expect(withoutSuggestion('Cannot query field "x" on type "U". Did you mean to use an inline fragment on "A" or "B"?')).toBe(
      'Cannot query field "x" on type "U".',
    );
  });
});

describe('the filter text rule on every string a query takes (a search of 100,000 characters ran for minutes)', () => {
  const long = 'x'.repeat(100_000);

  it.each([
    [
      'a variable of an input type',
      'query ($f: OrderSearch) { orders(filter: $f) { reference } }',
      { f: { reference: long } },
      'variable $f.reference',
    ],
    ['a string variable', 'query ($r: String) { orders(filter: { reference: $r }) { reference } }', { r: long }, 'variable $r'],
    ['a list of strings', 'query ($r: [String!]) { orders(references: $r) { reference } }', { r: ['a', long] }, 'variable $r.1'],
    ['a literal', `{ orders(filter: { reference: "${long}" }) { reference } }`, {}, 'argument filter'],
    [
      'an ID variable (a cursor)',
      'query ($after: ID) { orders(after: $after) { reference } }',
      { after: 'c'.repeat(201) },
      'variable $after',
    ],
    ['an ID literal', `{ orders(after: "${'c'.repeat(201)}") { reference } }`, {}, 'argument after'],
    [
      'a variable’s default',
      `query ($r: String = "${'y'.repeat(201)}") { orders(filter: { reference: $r }) { reference } }`,
      {},
      'the default of $r',
    ],
  ])('%s over 200 characters: 400 BAD_USER_INPUT TEXT_TOO_LONG naming it, and nothing resolved', async (_what, query, variables, named) => {
    const before = resolved;
    const { status, body } = await ask(query, variables);
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { message: `Invalid input: ${named} is longer than 200 characters`, extensions: { code: 'BAD_USER_INPUT', reason: 'TEXT_TOO_LONG' } },
    ]);
    expect(resolved).toBe(before);
  });

  it('takes 200 characters', async () => {
    const { status, body } = await ask('query ($f: OrderSearch) { orders(filter: $f) { reference } }', {
      f: { reference: 'z'.repeat(200) },
    });
    expect({ status, body }).toEqual({ status: 200, body: { data: { orders: [] } } });
  });

  it('leaves a mutation’s text to its own rules', async () => {
    const { status, body } = await ask('mutation ($t: String!) { note(text: $t) }', { t: 'n'.repeat(5000) });
    expect({ status, body }).toEqual({ status: 200, body: { data: { note: '5000' } } });
  });
});
