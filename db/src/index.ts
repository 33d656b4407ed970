export { camelCaseRows, createKnex, type Knex, type ConnectionOptions } from './connection';
export { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
export { migrateLatest, migrateRollbackAll } from './migrate';
export { createScratchDatabase, withDatabase } from './testing';
export * from './apiKeys';
export { ChannelListener } from './channelListener';
export * as models from './models';
export { DEFAULT_EMBEDDED_PG_PORT, embeddedDatabaseUrl } from './defaults';
export { readSyncPage, type SyncPageQuery, type SyncPageRows } from './syncPages';
