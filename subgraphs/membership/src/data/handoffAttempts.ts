import type { Knex } from '@ems/db';
import { models } from '@ems/db';

export interface HandoffAttemptRecord {
  registrationSystemId: number | null;
  userKey: string | null;
  scheme: string | null;
  result: 'accepted' | 'refused';
  reason: string | null;
  clientAddress: string | null;
}

export async function insertHandoffAttempt(db: Knex, attempt: HandoffAttemptRecord): Promise<void> {
  await models.HandoffAttempt.query(db).insert(attempt);
}

export async function listHandoffAttempts(db: Knex, registrationSystemId: number, limit = 50): Promise<models.HandoffAttempt[]> {
  return models.HandoffAttempt.query(db).where({ registrationSystemId }).orderBy('id', 'desc').limit(limit);
}
