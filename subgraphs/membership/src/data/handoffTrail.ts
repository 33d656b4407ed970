import type { Db } from './db';

/** One signed-link attempt (membership.handoff_attempts) as the operators' trail shows it. */
export interface HandoffAttemptRow {
  id: string;
  userKey: string | null;
  scheme: string | null;
  result: 'accepted' | 'refused';
  reason: string | null;
  clientAddress: string | null;
  createdAt: Date;
}

export interface HandoffTrailQuery {
  registrationSystemId: number;
  userKey?: string | null;
  result?: 'accepted' | 'refused' | null;
  reason?: string | null;
  /** Keyset: attempts with a smaller id (newest first). */
  beforeId?: string | null;
  limit: number;
}

/** The tenant's signed-link attempts, newest first, filtered; one statement on (registration_system_id, created_at). */
export async function handoffTrail(db: Db, q: HandoffTrailQuery): Promise<HandoffAttemptRow[]> {
  const query = db('membership.handoffAttempts')
    .where({ registrationSystemId: q.registrationSystemId })
    .orderBy('id', 'desc')
    .limit(q.limit)
    .select('id', 'userKey', 'scheme', 'result', 'reason', 'clientAddress', 'createdAt');
  if (q.userKey) query.where('userKey', q.userKey);
  if (q.result) query.where('result', q.result);
  if (q.reason) query.where('reason', q.reason);
  if (q.beforeId) query.where('id', '<', q.beforeId);
  return query;
}
