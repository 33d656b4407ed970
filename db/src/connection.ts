import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';

export type { Knex };

export interface ConnectionOptions {
  /** Upper bound of the pool; each process keeps its own pool. */
  poolMax?: number;
  applicationName?: string;
}

/** One knex instance per process; camelCase in code, snake_case in PostgreSQL. */
export function createKnex(databaseUrl: string, options: ConnectionOptions = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString: databaseUrl,
      application_name: options.applicationName ?? 'ems',
    },
    pool: { min: 0, max: options.poolMax ?? 10 },
    ...knexSnakeCaseMappers(),
  });
}
