import { readFileSync } from 'node:fs';
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Request, type RequestHandler } from 'express';
import type { SessionTokens } from '../auth/sessionTokens';
import type { ServiceName } from '../proxy/routeTable';

interface GatewayContext {
  token: string | null;
  clientAddress: string | undefined;
}

/** Adds the portal's API key and the session's JWT to every subgraph call; nothing else is passed on. */
class PortalDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    url: string,
    private readonly apiKey: string,
  ) {
    // Node's own fetch (undici) keeps connections alive in a pool and has none of the HTTP-cache
    // machinery of the default make-fetch-happen, which only costs time between router and subgraph.
    super({ url, fetcher: ((input: string, init?: RequestInit) => fetch(input, init)) as unknown as RemoteGraphQLDataSource['fetcher'] });
  }

  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = request.http?.headers;
    if (!headers) return;
    headers.set('x-api-key', this.apiKey);
    if ('token' in context && context.token) headers.set('authorization', `Bearer ${context.token}`);
    if ('clientAddress' in context && context.clientAddress) headers.set('x-forwarded-for', context.clientAddress);
  }
}

export interface GatewayDeps {
  supergraphPath: string;
  serviceUrls: Record<ServiceName, string>;
  apiKey: string;
  tokens: SessionTokens;
  introspection: boolean;
}

/** `/graphql`: the federated API on the static supergraph, with Apollo's CSRF prevention. */
export async function createGatewayHandler(deps: GatewayDeps): Promise<{ handler: RequestHandler[]; stop(): Promise<void> }> {
  const gateway = new ApolloGateway({
    supergraphSdl: readFileSync(deps.supergraphPath, 'utf8'),
    buildService: ({ name }) => new PortalDataSource(`${deps.serviceUrls[name as ServiceName]}/graphql`, deps.apiKey),
  });
  const server = new ApolloServer<GatewayContext>({
    gateway,
    csrfPrevention: true,
    introspection: deps.introspection,
    includeStacktraceInErrorResponses: false,
  });
  await server.start();
  return {
    handler: [
      express.json({ limit: '1mb' }),
      expressMiddleware(server, {
        context: async ({ req }) => ({
          // An expired session token answers 401 'Token expired' before Apollo runs (see sessionGate).
          token: (req as Request & { gatewayToken?: string | null }).gatewayToken ?? null,
          clientAddress: (req as Request).ip,
        }),
      }),
    ],
    stop: () => server.stop(),
  };
}

/** Reads (and refreshes ahead of expiry) the session's token for the GraphQL context. */
export function sessionGate(tokens: SessionTokens): RequestHandler {
  return (req, _res, next) => {
    tokens
      .tokenFor(req)
      .then((token) => {
        (req as Request & { gatewayToken?: string | null }).gatewayToken = token;
        next();
      })
      .catch(next);
  };
}
