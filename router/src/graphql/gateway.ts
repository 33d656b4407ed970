import { readFileSync } from 'node:fs';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { GraphQLError, type ValidationRule } from 'graphql';
import type { Dispatcher } from 'undici';
import { clientGoneSignal, filterTextPlugin, formatLimitError, graphqlLimits, invalidTextPlugin, type Logger } from '@ems/service-runtime';
import type { SessionTokens } from '../auth/sessionTokens';
import { keepApolloTelemetryOff } from '../env';
import { introspectionFor } from '../partner/partnerAccess';
import { UPSTREAM_TIMEOUT_MS } from '../proxy/adminProxy';
import type { ServiceName } from '../proxy/routeTable';
import { SubgraphDataSource, type GatewayContext } from './subgraphDataSource';
import { uploadOnlyInMultipart } from './uploadOnlyInMultipart';
import { formatUpstreamFailure, upstreamFailuresPlugin } from './upstreamFailures';

export interface GatewayDeps {
  supergraphPath: string;
  serviceUrls: Record<ServiceName, string>;
  apiKey: string;
  /** The router's client for its subgraphs (keep-alive pools), shared with the REST proxy. */
  dispatcher: Dispatcher;
  tokens: SessionTokens;
  /** Introspection for browsers (partner keys always have it). */
  introspection: boolean;
  /** Extra validation rules (limits); every operation goes through them, repeated ones too. */
  validationRules?: ValidationRule[];
  logger: Logger;
  /** How long a subgraph may take to answer (UPSTREAM_TIMEOUT_MS, as the REST proxy). */
  upstreamTimeoutMs?: number;
}

/**
 * `/graphql`: the federated API on the static supergraph, with Apollo's CSRF prevention. Every
 * operation takes Apollo's whole path (parse, validate, plugins, plan, execute); only the query
 * plans are cached, by Apollo itself.
 */
export async function createGatewayHandler(deps: GatewayDeps): Promise<{ handler: RequestHandler[]; stop(): Promise<void> }> {
  keepApolloTelemetryOff();
  const gateway = new ApolloGateway({
    supergraphSdl: readFileSync(deps.supergraphPath, 'utf8'),
    buildService: ({ name }) =>
      new SubgraphDataSource(
        `${deps.serviceUrls[name as ServiceName]}/graphql`,
        deps.apiKey,
        deps.dispatcher,
        deps.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS,
      ),
  });
  // Depth, alias, cost, token and directive limits, the same as at each subgraph; no batching.
  const limits = graphqlLimits<GatewayContext>();
  const server = new ApolloServer<GatewayContext>({
    gateway,
    csrfPrevention: true,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    validationRules: [...limits.validationRules, uploadOnlyInMultipart, ...(deps.validationRules ?? [])],
    parseOptions: limits.parseOptions,
    allowBatchedHttpRequests: limits.allowBatchedHttpRequests,
    plugins: [
      // A browser opening /graphql gets no landing page: Apollo's would load its scripts, fonts and
      // sandbox from Apollo's and Google's servers (docs/decisions.md, "Router").
      ApolloServerPluginLandingPageDisabled(),
      invalidTextPlugin<GatewayContext>(),
      filterTextPlugin<GatewayContext>(),
      operationMustResolve,
      introspectionFor<GatewayContext>(deps.introspection),
      ...limits.plugins,
      upstreamFailuresPlugin<GatewayContext>(deps.logger),
    ],
    formatError: (formatted, error) => formatLimitError(formatted, error) ?? formatUpstreamFailure(formatted, error) ?? formatted,
  });
  await server.start();
  const context = async ({ req, res }: { req: Request; res: Response }): Promise<GatewayContext> => ({
    token: res.locals.partner?.token ?? (res.locals.sessionToken as string | null | undefined) ?? null,
    partner: res.locals.partner !== undefined,
    clientAddress: req.ip,
    signal: clientGoneSignal(res),
  });
  return {
    handler: [express.json({ limit: '1mb' }), tokenGate(deps.tokens), expressMiddleware(server, { context })],
    stop: () => server.stop(),
  };
}

/**
 * A document whose operation cannot be chosen (an `operationName` it does not contain, or several
 * operations and no name) is the client's mistake: 400, as a subgraph answers it. Apollo Server
 * leaves that check to the schema's executor, and the gateway's reports it as a 500.
 */
const operationMustResolve: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, request }) {
        if (operation) return;
        const message = request.operationName
          ? `Unknown operation named "${request.operationName}".`
          : 'Must provide operation name if query contains multiple operations.';
        throw new GraphQLError(message, { extensions: { code: 'OPERATION_RESOLUTION_FAILURE', http: { status: 400 } } });
      },
    };
  },
};

/**
 * Reads (and refreshes ahead of expiry) the session's token for the context. An expired one is
 * refused with the contract's 401 body here, before Apollo would wrap it in a GraphQL answer.
 * A partner call has its partner token already.
 */
function tokenGate(tokens: SessionTokens): RequestHandler {
  return (req, res, next) => {
    if (res.locals.partner) return next();
    tokens.tokenFor(req).then((token) => {
      res.locals.sessionToken = token;
      next();
    }, next);
  };
}
