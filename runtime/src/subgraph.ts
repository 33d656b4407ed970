import { ApolloServer, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import express, { type Request, type RequestHandler } from 'express';
import { GraphQLError, type DocumentNode, type GraphQLFormattedError } from 'graphql';
import { isAppError } from '@ems/schema';
import { inputErrorOfDatabase } from './databaseInput';
import type { Logger } from './log';
import { invalidTextPlugin } from './textInput';
import { filterTextPlugin } from './filterTextInput';
import { queryKindPlugin, queryTimeoutOfDatabase, requestQueries } from './requestQueries';
import { formatLimitError, graphqlLimits } from './graphqlLimits';
import { brokenBodyStatus, graphqlUploads } from './uploads';

/**
 * Maps resolver errors once: expected failures keep their message and get a stable code;
 * anything else becomes INTERNAL_SERVER_ERROR without message, stack or SQL.
 */
export function formatGraphQLError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const limit = formatLimitError(formatted, error);
    if (limit) return limit;
    let original = error instanceof GraphQLError ? error.originalError : error;
    const fromDatabase = inputErrorOfDatabase(original);
    const timedOut = queryTimeoutOfDatabase(original);
    if (fromDatabase) {
      logger.warn({ err: original }, 'bad input reached the database');
      original = fromDatabase;
    } else if (timedOut) {
      // The statement, for whoever tunes the query; the caller gets no SQL.
      logger.warn({ err: original, path: formatted.path }, 'a read was cancelled (statement timeout, or its caller left)');
      original = timedOut;
    }
    if (isAppError(original)) {
      return {
        message: original.message,
        path: formatted.path,
        extensions: { code: original.code ?? original.title.toUpperCase().replace(/\s+/g, '_'), status: original.status },
      };
    }
    const code = formatted.extensions?.code;
    if (original && !(original instanceof GraphQLError) && code !== 'BAD_USER_INPUT') {
      logger.error({ err: original }, 'resolver failed');
      return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    // `reason` says which input rule refused the operation (INVALID_CHARACTERS, see textInput.ts).
    const reason = formatted.extensions?.reason;
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: reason ? { code, reason } : { code },
    };
  };
}

export interface SubgraphOptions<Ctx extends BaseContext> {
  typeDefs: DocumentNode;
  resolvers: GraphQLResolverMap<Ctx>;
  context: (req: Request) => Promise<Ctx>;
  logger: Logger;
  plugins?: ApolloServerPlugin<Ctx>[];
  /**
   * GraphQL multipart requests (file uploads, graphql-upload-minimal): one file of at most
   * `maxFileSize` bytes. Only the imports subgraph takes files; the router sends them straight to
   * it (the gateway cannot forward multipart). Apollo's csrfPrevention still asks such a request
   * for a preflight header (Apollo-Require-Preflight or X-Apollo-Operation-Name).
   */
  uploads?: { maxFileSize: number };
}

/** Builds and starts a federated subgraph server; returns the Express handler for `/graphql`. */
export async function createSubgraphHandler<Ctx extends BaseContext>(
  opts: SubgraphOptions<Ctx>,
): Promise<{
  handler: RequestHandler[];
  stop: () => Promise<void>;
}> {
  // The same limits as the router's: a subgraph is reachable with the portal's key alone.
  const limits = graphqlLimits<Ctx>();
  const server = new ApolloServer<Ctx>({
    schema: buildSubgraphSchema({ typeDefs: opts.typeDefs, resolvers: opts.resolvers as GraphQLResolverMap<unknown> }),
    formatError: formatGraphQLError(opts.logger),
    validationRules: limits.validationRules,
    parseOptions: limits.parseOptions,
    allowBatchedHttpRequests: limits.allowBatchedHttpRequests,
    // No Apollo Studio here: inline traces would only cost time on every request, and a browser's
    // GET gets no landing page that loads Apollo's scripts (docs/decisions.md, "Router").
    plugins: [
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginLandingPageDisabled(),
      invalidTextPlugin<Ctx>(),
      filterTextPlugin<Ctx>(),
      queryKindPlugin<Ctx>(),
      ...limits.plugins,
      ...(opts.uploads ? [brokenBodyStatus<Ctx>()] : []),
      ...(opts.plugins ?? []),
    ],
    includeStacktraceInErrorResponses: false,
  });
  await server.start();
  return {
    handler: [
      ...(opts.uploads ? [graphqlUploads({ maxFileSize: opts.uploads.maxFileSize, maxFiles: 1 })] : []),
      express.json({ limit: '1mb' }),
      // After the body is read (its stream's events would not carry the request's context).
      requestQueries(),
      expressMiddleware(server, { context: async ({ req }) => opts.context(req as Request) }),
    ],
    stop: () => server.stop(),
  };
}
