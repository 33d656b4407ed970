import type { Knex } from '@ems/db';

/**
 * Records a link nonce; returns false when it was already used (a replay). Expired nonces are
 * swept now and then on the way, so the table stays small without a separate job.
 */
export async function claimNonce(db: Knex, registrationSystemId: number, nonce: string, expiresAt: Date): Promise<boolean> {
  if (Math.random() < 0.01) {
    await db('membership.used_nonces').where('expiresAt', '<', new Date()).delete();
  }
  const inserted = await db('membership.used_nonces')
    .insert({ registrationSystemId, nonce, expiresAt })
    .onConflict(['registration_system_id', 'nonce'])
    .ignore()
    .returning('nonce');
  return inserted.length === 1;
}
