import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { parse } from 'graphql';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { PARTNER_PAGE_SIZE } from '@ems/schema';
import { GRAPHQL_LIMITS } from './graphqlLimits';
import { createLogger } from './log';
import { operationCost, QUERY_COST_MAX_FIELDS } from './queryCost';
import { createSubgraphHandler } from './subgraph';

/** A partner-like subgraph: pages of events (an entity), each with pages of participants. */
const typeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
  type Query { events(first: Int, after: String): EventConnection! tags: [String!]! }
  type EventConnection { edges: [EventEdge!]! pageInfo: PageInfo! }
  type EventEdge { node: Event! }
  type Event @key(fields: "id") { id: ID! name: String! participants(first: Int, last: Int): ParticipantConnection! }
  type ParticipantConnection { edges: [ParticipantEdge!]! }
  type ParticipantEdge { node: Participant! }
  type Participant { id: ID! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
`);

const page = (n: number | null | undefined, node: (i: number) => unknown) => ({
  edges: Array.from({ length: Math.min(n ?? 2, 2) }, (_, i) => ({ node: node(i) })),
  pageInfo: { hasNextPage: false, endCursor: null },
});
let eventsResolved = 0;
const resolvers = {
  Query: {
    events: (_: unknown, { first }: { first?: number }) => {
      eventsResolved += 1;
      return page(first, (i) => ({ id: `e${i}` }));
    },
    tags: () => [],
  },
  Event: {
    __resolveReference: ({ id }: { id: string }) => ({ id }),
    name: ({ id }: { id: string }) => `Event ${id}`,
    participants: ({ id }: { id: string }, { first }: { first?: number }) => page(first, (i) => ({ id: `${id}-p${i}` })),
  },
};
const schema = buildSubgraphSchema({ typeDefs, resolvers: resolvers as never });

const EVENTS = `query Events($n: Int) { events(first: $n) { edges { node { id name } } pageInfo { hasNextPage endCursor } } }`;
const NESTED = `query Nested($n: Int, $m: Int) {
  events(first: $n) { edges { node { id participants(first: $m) { edges { node { id } } } } } }
}`;

describe('the cost of an operation: a page multiplies its fields by its size, a literal or a variable', () => {
  const cost = (query: string, variables?: Record<string, unknown>) => operationCost({ schema, document: parse(query), variables });

  it('first as a literal and first as a variable cost the same', () => {
    // events: 500 × (1 + edges (1 + node (1 + id + name)) + pageInfo (1 + 2)) = 500 × 8
    expect(cost('{ events(first: 500) { edges { node { id name } } pageInfo { hasNextPage endCursor } } }')).toBe(4000);
    expect(cost(EVENTS, { n: 500 })).toBe(4000);
  });

  it('first absent (or a variable not given) counts as the default page size', () => {
    expect(PARTNER_PAGE_SIZE.default).toBe(100);
    expect(cost('{ events { edges { node { id name } } pageInfo { hasNextPage endCursor } } }')).toBe(8 * PARTNER_PAGE_SIZE.default);
    expect(cost(EVENTS)).toBe(8 * PARTNER_PAGE_SIZE.default);
    expect(cost(EVENTS, { n: null })).toBe(8 * PARTNER_PAGE_SIZE.default);
  });

  it('last counts like first; a field without a page size costs 1 plus its children', () => {
    expect(cost('{ events(first: 1) { edges { node { participants(last: 30) { edges { node { id } } } } } } }')).toBe(1 * (1 + (1 + (1 + 30 * 4)))); // prettier-ignore
    expect(cost('{ tags }')).toBe(1);
  });

  it('nested pages multiply: events of 500 with participants of 500 each', () => {
    expect(cost(NESTED, { n: 500, m: 500 })).toBe(500 * (1 + (1 + (1 + 1 + 500 * 4))));
    expect(cost(NESTED, { n: 500, m: 500 })).toBeGreaterThan(GRAPHQL_LIMITS.cost);
    expect(cost(NESTED, { n: 10, m: 10 })).toBeLessThan(GRAPHQL_LIMITS.cost);
  });

  it('fragments count where they are spread; an operation expanding past the field budget costs Infinity', () => {
    expect(cost('query { events(first: $n) { ...E } } fragment E on EventConnection { edges { node { id } } }'.replace('query', 'query($n: Int)'), { n: 10 })).toBe(10 * 4); // prettier-ignore
    const spread = (name: string, next: string) => `fragment ${name} on Query { ${`...${next} `.repeat(10)}}`;
    const fanout = `{ ...A } ${spread('A', 'B')} ${spread('B', 'C')} ${spread('C', 'D')} ${spread('D', 'E')} fragment E on Query { tags }`;
    expect(QUERY_COST_MAX_FIELDS).toBeLessThan(10 ** 5);
    expect(cost(fanout)).toBe(Infinity);
  });

  it('variables that do not fit their definitions are left to execution (no cost)', () => {
    expect(cost(EVENTS, { n: 'many' })).toBeUndefined();
  });
});

describe('the cost limit at a subgraph (an Apollo plugin, with the request’s variables)', () => {
  let url: string;
  let server: http.Server;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const graphql = await createSubgraphHandler({
      typeDefs,
      resolvers: resolvers as never,
      context: async () => ({}),
      logger: createLogger('query-cost-test', 'silent'),
    });
    stop = graphql.stop;
    const app = express();
    app.use('/graphql', ...graphql.handler);
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await stop();
  });

  async function post(query: string, variables?: Record<string, unknown>) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: unknown[] } };
  }
  const refusal = (found: string) => ({
    errors: [
      {
        message: `Query Cost limit of ${GRAPHQL_LIMITS.cost} exceeded, found ${found}.`,
        extensions: { code: 'GRAPHQL_LIMIT_EXCEEDED', limit: 'cost' },
      },
    ],
  });

  it('answers a page of 500 in a variable', async () => {
    const { status, body } = await post(EVENTS, { n: 500 });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { events: expect.objectContaining({ edges: [{ node: { id: 'e0', name: 'Event e0' } }, { node: { id: 'e1', name: 'Event e1' } }] }) } }); // prettier-ignore
  });

  it('refuses nested pages of 500 in variables with 400, naming the cost limit, before any resolver runs', async () => {
    const resolved = eventsResolved;
    expect(await post(NESTED, { n: 500, m: 500 })).toEqual({ status: 400, body: refusal('1002000') });
    expect(eventsResolved).toBe(resolved);
  });

  it('refuses a page size in a variable over the limit in an _entities query (how the router asks a subgraph)', async () => {
    const query = `query($r: [_Any!]!, $m: Int) { _entities(representations: $r) { ... on Event { participants(first: $m) { edges { node { id } } } } } }`;
    const representations = [{ __typename: 'Event', id: 'e1' }];
    const small = await post(query, { r: representations, m: 2 });
    expect(small).toEqual({ status: 200, body: { data: { _entities: [{ participants: { edges: [{ node: { id: 'e1-p0' } }, { node: { id: 'e1-p1' } }] } }] } } }); // prettier-ignore
    expect(await post(query, { r: representations, m: 20_000 })).toEqual({ status: 400, body: refusal(String(1 + 20_000 * 4)) });
  });

  it('refuses an operation expanding past the field budget', async () => {
    const spread = (name: string, next: string) => `fragment ${name} on Query { ${`...${next} `.repeat(10)}}`;
    const fanout = `{ ...A } ${spread('A', 'B')} ${spread('B', 'C')} ${spread('C', 'D')} ${spread('D', 'E')} fragment E on Query { tags }`;
    expect(await post(fanout)).toEqual({ status: 400, body: refusal(`more than ${QUERY_COST_MAX_FIELDS} fields`) });
  });
});
