import type { Knex } from '@ems/db';
import type { Db } from './db';

/**
 * `db.raw` for set-based statements: arrays bound to `unnest(?::int[], ...)` or `ANY(?::int[])`.
 * node-postgres sends a JS array as a PostgreSQL array; knex's types admit no array bindings.
 */
export function rawSet(db: Db, sql: string, bindings: readonly unknown[]): Knex.Raw {
  return db.raw(sql, bindings as readonly Knex.RawBinding[]);
}
