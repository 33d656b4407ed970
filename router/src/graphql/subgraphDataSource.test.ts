import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { GraphQLError } from 'graphql';
import { Agent } from 'undici';
import { SubgraphDataSource, type GatewayContext } from './subgraphDataSource';

/** A real HTTP server plays the subgraph; each test says how it answers. */
let answer: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
const received: Array<{ headers: http.IncomingHttpHeaders; body: string; url: string }> = [];
let server: http.Server;
const dispatcher = new Agent();
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      received.push({ headers: req.headers, body, url: req.url ?? '' });
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  await dispatcher.destroy();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  received.length = 0;
});

function source(timeoutMs = 5000) {
  return new SubgraphDataSource(url, 'router-key', dispatcher, timeoutMs);
}

function call(ds: SubgraphDataSource, context: Record<string, unknown>) {
  return ds.process({
    kind: 'health check',
    request: { query: '{ a }', variables: { v: 1 }, operationName: 'Op' },
    context: { token: null, clientAddress: undefined, ...context },
  } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>);
}

describe('SubgraphDataSource', () => {
  it('posts the operation as JSON with the headers the router chose, and returns the answer', async () => {
    answer = (_req, _body, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: { a: 1 } }));
    };
    await expect(call(source(), { token: 'jwt-1' })).resolves.toMatchObject({ data: { a: 1 } });
    const got = received[0]!;
    expect(got.url).toBe('/graphql');
    expect(JSON.parse(got.body)).toEqual({ query: '{ a }', variables: { v: 1 }, operationName: 'Op' });
    expect(got.headers).toMatchObject({ 'x-api-key': 'router-key', authorization: 'Bearer jwt-1', 'content-type': 'application/json' });
  });

  it('sends no Authorization header for an anonymous context', async () => {
    answer = (_req, _body, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"data":{}}');
    };
    await call(source(), {});
    expect(received[0]!.headers.authorization).toBeUndefined();
  });

  it('turns a 401 into an UNAUTHENTICATED error without revealing the subgraph address', async () => {
    answer = (_req, _body, res) => {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: 'Unauthorized', message: 'Invalid API key' }));
    };
    const err = await call(source(), {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphQLError);
    expect((err as GraphQLError).message).toBe('401: Unauthorized');
    expect((err as GraphQLError).extensions).toMatchObject({ code: 'UNAUTHENTICATED', response: { status: 401 } });
    expect(JSON.stringify((err as GraphQLError).extensions)).not.toContain('127.0.0.1');
  });

  it('fails a subgraph call that takes longer than the time-out', async () => {
    answer = () => undefined; // never answers
    await expect(call(source(150), {})).rejects.toThrow(/abort|time/i);
  });
});
