import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';

export type { Knex };

export interface ConnectionOptions {
  /** Upper bound of the pool; each process keeps its own pool. */
  poolMax?: number;
  applicationName?: string;
}

const caseMappers = knexSnakeCaseMappers();

/** One knex instance per process; camelCase in code, snake_case in PostgreSQL. */
export function createKnex(databaseUrl: string, options: ConnectionOptions = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString: databaseUrl,
      application_name: options.applicationName ?? 'ems',
    },
    pool: { min: 0, max: options.poolMax ?? 10 },
    ...caseMappers,
  });
}

/** The rows of a `knex.raw` result with camelCase keys, as the query builder returns rows. */
export function camelCaseRows<T>(result: unknown): T[] {
  return caseMappers.postProcessResponse((result as { rows: unknown[] }).rows) as T[];
}
