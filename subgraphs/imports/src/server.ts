import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'graphql';
import { createLogger, startSubgraphService, type RunningService } from '@ems/service-runtime';
import { readLimitsOf, type ImportsEnv } from './env';
import { createContextFactory, type ImportsContext } from './context';
import { resolvers } from './resolvers';
import { importsRoutes } from './rest/routes';
import type { ImportsDeps } from './domain/commands';
import { createProcessors } from './flows';
import { membershipEvents } from './flows/eventParticipants/membershipPort';
import { createImportQueue } from './worker/queue';

export const typeDefs = parse(readFileSync(path.join(__dirname, '..', 'schema.graphql'), 'utf8'));

/** The imports service: uploads, the common stages' REST and GraphQL. Jobs run in the worker process. */
export async function startImportsService(env: ImportsEnv): Promise<RunningService> {
  const logger = createLogger('imports', env.LOG_LEVEL);
  const queue = createImportQueue(env.DATABASE_URL, `imports-service-${process.pid}`, 'producer', logger);
  const importsDeps = (db: ImportsDeps['db']): ImportsDeps => ({
    db,
    participants: membershipEvents,
    processors: createProcessors(),
    schedule: (jobId) => queue.schedule(jobId),
  });
  const service = await startSubgraphService<ImportsContext>({
    name: 'imports',
    logger,
    host: env.HOST,
    port: env.IMPORTS_PORT,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    jwtSecret: env.JWT_SECRET,
    apiKeyCacheSeconds: env.API_KEY_CACHE_SECONDS,
    readStatementTimeoutSeconds: env.READ_STATEMENT_TIMEOUT_SECONDS,
    typeDefs,
    resolvers,
    context: ({ db }) => createContextFactory(importsDeps(db)),
    uploads: { maxFileSize: env.IMPORT_MAX_UPLOAD_BYTES },
    routes: ({ db, keys }) =>
      importsRoutes({
        imports: importsDeps(db),
        keys,
        jwtSecret: env.JWT_SECRET,
        maxUploadBytes: env.IMPORT_MAX_UPLOAD_BYTES,
        readLimits: readLimitsOf(env),
        previewConcurrency: env.IMPORT_PREVIEW_CONCURRENCY,
      }),
  });
  return {
    ...service,
    stop: async () => {
      await service.stop();
      await queue.close();
    },
  };
}
