import { handoffTrail, type HandoffAttemptRow } from '../../data/handoffTrail';
import type { Db } from '../../data/db';
import type { DataScope } from '../scope';
import { pageSize } from './ids';
import { InputError } from '@ems/schema';

export interface HandoffFilter {
  userKey?: string | null;
  result?: 'accepted' | 'refused' | null;
  reason?: string | null;
}

/**
 * `Query.operatorHandoffAttempts`: the signed-link attempts of the caller's registration system,
 * for an operator (ROLE_ORG_ADMIN in any of its organisations), newest first. A link is signed
 * with the tenant's secret by the tenant's website, so its trail belongs to the tenant, not to one
 * organisation; an attempt for an unknown user key has no organisation at all. Nothing for anyone
 * else, and never another tenant's.
 */
export async function operatorHandoffAttempts(
  db: Db,
  scope: DataScope | null,
  args: { filter?: HandoffFilter | null; first?: number | null; after?: string | null },
): Promise<{ attempts: HandoffAttemptRow[]; nextCursor: string | null }> {
  if (!scope || scope.adminOrganisationIds.size === 0) return { attempts: [], nextCursor: null };
  if (args.after && !/^\d{1,18}$/.test(args.after)) throw new InputError('after is not a cursor of this list', { code: 'INVALID_CURSOR' });
  const limit = pageSize(args.first, 50, 200);
  const rows = await handoffTrail(db, {
    registrationSystemId: scope.registrationSystemId,
    userKey: args.filter?.userKey?.trim() || null,
    result: args.filter?.result ?? null,
    reason: args.filter?.reason?.trim() || null,
    beforeId: args.after || null,
    limit: limit + 1,
  });
  const attempts = rows.slice(0, limit);
  return { attempts, nextCursor: rows.length > limit ? String(attempts[attempts.length - 1]!.id) : null };
}
