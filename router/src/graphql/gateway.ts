import { readFileSync } from 'node:fs';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Request, type RequestHandler } from 'express';
import type { Dispatcher } from 'undici';
import type { SessionTokens } from '../auth/sessionTokens';
import type { ServiceName } from '../proxy/routeTable';
import { UPSTREAM_TIMEOUT_MS } from '../upstream/dispatcher';
import { singleFetchPassThrough } from './singleFetchPassThrough';
import { SingleFetchPlans } from './singleFetchPlans';
import { SubgraphDataSource, type UpstreamHeaders } from './subgraphDataSource';

// A type, not an interface, so that it is a Record<string, unknown> for the data sources.
type GatewayContext = {
  token: string | null;
  clientAddress: string | undefined;
};

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

function gatewayContext(req: Request): GatewayContext {
  return {
    // An expired session token answers 401 'Token expired' before Apollo runs (see sessionGate).
    token: (req as Request & { gatewayToken?: string | null }).gatewayToken ?? null,
    clientAddress: req.ip,
  };
}

/**
 * `/graphql`: the federated API on the static supergraph, with Apollo's CSRF prevention. Queries
 * the gateway has planned as a single fetch skip it the next time (see singleFetchPassThrough).
 */
export async function createGatewayHandler(
  deps: GatewayDeps,
): Promise<{ handler: RequestHandler[]; plans: SingleFetchPlans; stop(): Promise<void> }> {
  const headers = upstreamHeaders(deps.apiKey);
  const supergraphSdl = readFileSync(deps.supergraphPath, 'utf8');
  const dataSources = new Map<string, SubgraphDataSource>();
  const plans = new SingleFetchPlans({ enabled: !supergraphSdl.includes('@inaccessible') });
  const gateway = new ApolloGateway({
    supergraphSdl,
    buildService: ({ name }) => {
      const dataSource = new SubgraphDataSource({
        url: `${deps.serviceUrls[name as ServiceName]}/graphql`,
        headers,
        dispatcher: deps.dispatcher,
        timeoutMs: UPSTREAM_TIMEOUT_MS,
      });
      dataSources.set(name, dataSource);
      return dataSource;
    },
    experimental_didResolveQueryPlan: plans.record,
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
      singleFetchPassThrough({ plans, dataSources, contextFor: gatewayContext }),
      expressMiddleware(server, { context: async ({ req }) => gatewayContext(req as Request) }),
    ],
    plans,
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
