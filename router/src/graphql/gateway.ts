import { readFileSync } from 'node:fs';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Request, type RequestHandler } from 'express';
import type { Dispatcher } from 'undici';
import type { SessionTokens } from '../auth/sessionTokens';
import type { ServiceName } from '../proxy/routeTable';
import { UPSTREAM_TIMEOUT_MS } from '../upstream/dispatcher';
import { SubgraphDataSource, type UpstreamHeaders } from './subgraphDataSource';

interface GatewayContext {
  token: string | null;
  clientAddress: string | undefined;
}

/** The portal's API key and the session's JWT on every subgraph call; nothing of the browser's. */
function upstreamHeaders(apiKey: string): UpstreamHeaders {
  return (context) => {
    const headers: Record<string, string> = { 'x-api-key': apiKey };
    const { token, clientAddress } = (context ?? {}) as Partial<GatewayContext>;
    if (token) headers.authorization = `Bearer ${token}`;
    if (clientAddress) headers['x-forwarded-for'] = clientAddress;
    return headers;
  };
}

export interface GatewayDeps {
  supergraphPath: string;
  serviceUrls: Record<ServiceName, string>;
  apiKey: string;
  /** The router's client for its subgraphs (see upstream/dispatcher). */
  dispatcher: Dispatcher;
  tokens: SessionTokens;
  introspection: boolean;
}

/** `/graphql`: the federated API on the static supergraph, with Apollo's CSRF prevention. */
export async function createGatewayHandler(deps: GatewayDeps): Promise<{ handler: RequestHandler[]; stop(): Promise<void> }> {
  const headers = upstreamHeaders(deps.apiKey);
  const gateway = new ApolloGateway({
    supergraphSdl: readFileSync(deps.supergraphPath, 'utf8'),
    buildService: ({ name }) =>
      new SubgraphDataSource({
        url: `${deps.serviceUrls[name as ServiceName]}/graphql`,
        headers,
        dispatcher: deps.dispatcher,
        timeoutMs: UPSTREAM_TIMEOUT_MS,
      }),
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
    stop: async () => {
      await server.stop();
    },
  };
}

/** Reads (and refreshes ahead of expiry) the session's token for the GraphQL context. */
export function sessionGate(tokens: SessionTokens): RequestHandler {
  return (req, _res, next) => {
    tokens.withToken(
      req,
      (r) => tokens.tokenFor(r),
      (token) => {
        (req as Request & { gatewayToken?: string | null }).gatewayToken = token;
        next();
      },
      next,
    );
  };
}
