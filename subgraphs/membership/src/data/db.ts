import type { Knex } from '@ems/db';

/** Either the service's knex or a caller's transaction: data functions run on whatever they are given. */
export type Db = Knex | Knex.Transaction;

/**
 * A DATE column as `YYYY-MM-DD` text. node-postgres would turn it into a JS Date at local
 * midnight, which shifts the day in some time zones; a calendar date stays a string here.
 */
export function dateText(db: Db, column: string, alias: string): Knex.Raw {
  return db.raw(`to_char(??, 'YYYY-MM-DD') AS ??`, [column, alias]);
}

/** PostgreSQL's unique_violation: another transaction got there first. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
