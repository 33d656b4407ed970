import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';

export type { Knex };

export interface ConnectionOptions {
  /** Upper bound of the pool; each process keeps its own pool. */
  poolMax?: number;
  applicationName?: string;
  /**
   * PostgreSQL's `statement_timeout` for every statement of this pool: a statement running longer
   * is cancelled by the server itself (SQLSTATE 57014). None when not given.
   */
  statementTimeoutMs?: number;
}

const caseMappers = knexSnakeCaseMappers();

/**
 * Planner settings every connection of ours starts with. `random_page_cost` 1.1 instead of
 * PostgreSQL's default 4 (which models spinning disks): our tables live on SSDs or in cache, and
 * the set-based statements join a batch of keys (`unnest` of thousands of values) to a large
 * table. With 4 the planner prices one index probe per key above reading the whole table, and
 * scanned all 200,000 participants of an event to find 5,000 of them (144 ms instead of 15 ms).
 * 1.1 is PostgreSQL's documented value for solid-state storage.
 */
const SESSION_SETTINGS = '-c random_page_cost=1.1';

/** One knex instance per process; camelCase in code, snake_case in PostgreSQL. */
export function createKnex(databaseUrl: string, options: ConnectionOptions = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString: databaseUrl,
      application_name: options.applicationName ?? 'ems',
      options: options.statementTimeoutMs
        ? `${SESSION_SETTINGS} -c statement_timeout=${Math.ceil(options.statementTimeoutMs)}`
        : SESSION_SETTINGS,
    },
    pool: { min: 0, max: options.poolMax ?? 10 },
    ...caseMappers,
  });
}

/** The rows of a `knex.raw` result with camelCase keys, as the query builder returns rows. */
export function camelCaseRows<T>(result: unknown): T[] {
  return caseMappers.postProcessResponse((result as { rows: unknown[] }).rows) as T[];
}
