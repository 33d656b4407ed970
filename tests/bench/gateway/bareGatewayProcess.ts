/**
 * The floor for the router's GraphQL: Apollo Gateway and Apollo Server with their defaults on the
 * same supergraph, in their own process, with nothing of the router (no Express, session, origin
 * check, limits, plugins or log). Subgraph calls go over an undici keep-alive pool, as the
 * router's do, with the caller's bearer token and the portal's key. Whatever ratio this gets is
 * what a federated gateway hop costs on this machine. Compiled and run by bareProxy.ts; prints
 * `listening <port>` once ready.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { Agent, request } from 'undici';

type Context = { authorization: string };

const services = JSON.parse(process.env.BARE_GATEWAY_SERVICES ?? '{}') as Record<string, string>;
const apiKey = process.env.BARE_GATEWAY_API_KEY ?? '';
const dispatcher = new Agent({ connections: 256 });

const fetcher: RemoteGraphQLDataSource['fetcher'] = async (url, init) => {
  const res = await request(url, {
    dispatcher,
    method: 'POST',
    headers: init?.headers as Record<string, string>,
    body: init?.body as string,
  });
  const body = await res.body.text();
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
  return new Response(body, { status: res.statusCode, statusText: http.STATUS_CODES[res.statusCode], headers }) as unknown as Awaited<
    ReturnType<RemoteGraphQLDataSource['fetcher']>
  >;
};

class ForwardingDataSource extends RemoteGraphQLDataSource<Context> {
  override willSendRequest({ request: req, context }: GraphQLDataSourceProcessOptions<Context>) {
    req.http?.headers.set('x-api-key', apiKey);
    if (context.authorization) req.http?.headers.set('authorization', context.authorization);
  }
}

async function main() {
  const gateway = new ApolloGateway({
    supergraphSdl: readFileSync(process.env.BARE_GATEWAY_SUPERGRAPH ?? '', 'utf8'),
    buildService: ({ name }) => new ForwardingDataSource({ url: `${services[name]}/graphql`, fetcher }),
  });
  const server = new ApolloServer<Context>({ gateway });
  const { url } = await startStandaloneServer(server, {
    listen: { port: 0, host: '127.0.0.1' },
    context: async ({ req }) => ({ authorization: req.headers.authorization ?? '' }),
  });
  console.log(`listening ${new URL(url).port}`);
  process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
}

void main();
