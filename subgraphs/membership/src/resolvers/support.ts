import { AuthenticationError } from '@ems/schema';
import type { MembershipContext } from '../context';
import type { DataScope } from '../domain/scope';

/** The caller's scope, or the one thrown error resolvers use: not signed in. */
export async function requireScope(ctx: MembershipContext): Promise<DataScope> {
  const scope = await ctx.scope();
  if (!scope) throw new AuthenticationError('Authentication required', { code: 'NOT_AUTHENTICATED' });
  return scope;
}

/** GraphQL enums are the stored lower-case values in upper case. */
export function enumValue<Stored extends string>(value: Stored): Uppercase<Stored> {
  return value.toUpperCase() as Uppercase<Stored>;
}

/** A GraphQL enum argument as the stored lower-case value (null stays null). */
export function lowerCase<Value extends string>(value: Value | null | undefined): Lowercase<Value> | null {
  return value == null ? null : (value.toLowerCase() as Lowercase<Value>);
}

/** A row a foreign key points at: its absence is a bug (a thrown error), not an expected failure. */
export async function referenced<Row>(row: Promise<Row | null | undefined>, what: string): Promise<Row> {
  const found = await row;
  if (found == null) throw new Error(`${what} is missing`);
  return found;
}

/** A DATE column read through objection arrives as a JS Date at local midnight: its local calendar day. */
export function calendarDate(value: Date | string | null): string | null {
  if (value === null || typeof value === 'string') return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** A timestamptz as an ISO 8601 instant (null stays null). */
export function instantOf(value: Date): string;
export function instantOf(value: Date | null): string | null;
export function instantOf(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}
