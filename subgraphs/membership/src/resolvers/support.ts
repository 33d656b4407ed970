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
export function enumValue(value: string): string {
  return value.toUpperCase();
}

/** A DATE column read through objection arrives as a JS Date at local midnight: its local calendar day. */
export function calendarDate(value: Date | string | null): string | null {
  if (value === null || typeof value === 'string') return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
