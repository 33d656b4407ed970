import type { Server } from 'node:http';
import express from 'express';
import { createLogger, createSubgraphHandler } from '@ems/service-runtime';
import type { FormsContext } from './context';
import { resolvers } from './resolvers';
import { typeDefs } from './server';
import { listenOnLoopback } from '../../../tests/support/listening';

/**
 * Issue 17, defect 3: a subgraph refuses what the router refuses (it is reachable with the
 * portal's key alone, so the router must not be the only line). The forms subgraph's own schema
 * and resolvers, behind the handler every subgraph uses.
 */
let server: Server;
let url: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  const graphql = await createSubgraphHandler<FormsContext>({
    typeDefs,
    resolvers,
    // Nothing here executes a resolver that reads the context.
    context: async () => ({}) as FormsContext,
    logger: createLogger('forms-test', 'silent'),
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

async function ask(body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

const FANOUT = (name: string, next: string) => `fragment ${name} on Query { ${`...${next} `.repeat(10)}}`;

describe('the subgraph’s own GraphQL limits', () => {
  it.each([
    [
      'aliases',
      `{ ${Array.from({ length: 21 }, (_, i) => `s${i}: _service { sdl }`).join(' ')} }`,
      'Aliases limit of 20 exceeded, found 21.',
    ],
    [
      'depth',
      '{ __type(name: "Query") { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } } } }',
      'Query depth limit of 12 exceeded, found 14.',
    ],
    [
      // No page sizes here (queryCost.ts): fragments spread ten times over, four levels, expand past the fields the cost walk visits.
      'cost',
      `{ ...A } ${FANOUT('A', 'B')} ${FANOUT('B', 'C')} ${FANOUT('C', 'D')} ${FANOUT('D', 'E')} fragment E on Query { _service { sdl } }`,
      'Query Cost limit of 50000 exceeded, found more than 10000 fields.',
    ],
    ['tokens', `{ ${'__typename '.repeat(1001)}}`, 'Token limit of 1000 exceeded.'],
    ['directives', `{ __typename ${'@skip(if: false) '.repeat(21)}}`, 'Directives limit of 20 exceeded, found 21.'],
  ])('refuses a query over the %s limit, naming it, every time', async (limit, query, message) => {
    for (let i = 0; i < 2; i += 1) {
      const { status, text } = await ask({ query });
      expect(status).toBe(400);
      const { errors } = JSON.parse(text) as { errors: Array<{ message: string; extensions: { code: string; limit?: string } }> };
      const limited = errors.filter((e) => e.extensions.code === 'GRAPHQL_LIMIT_EXCEEDED');
      expect(limited).toHaveLength(1);
      expect(limited[0]!.message).toContain(message);
      expect(limited[0]!.extensions.limit).toBe(limit);
    }
  });

  it('refuses a batch (an array of operations)', async () => {
    const { status, text } = await ask([{ query: '{ _service { sdl } }' }, { query: '{ _service { sdl } }' }]);
    expect(status).toBe(400);
    expect(text).toMatch(/batching/i);
  });

  it('answers an ordinary query', async () => {
    const { status, text } = await ask({ query: '{ _service { sdl } }' });
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ data: { _service: { sdl: expect.stringContaining('type Form') } } });
  });
});
