import type { Knex } from '@ems/db';
import { models } from '@ems/db';

export interface TenantAuthSettings {
  id: number;
  hashScheme: 'md5' | 'hmac-sha256';
  hashMaxAgeSeconds: number;
  /** Active customer-website secrets, newest first; several during a rotation. */
  secrets: string[];
}

export async function findTenantAuthSettings(db: Knex, registrationSystemId: number): Promise<TenantAuthSettings | null> {
  // One statement: the secrets joined (a sign-in reads this every time). Objection reads both
  // tables' columns once per process for the join.
  const tenant = await models.RegistrationSystem.query(db)
    .findById(registrationSystemId)
    .withGraphJoined('secrets(active)')
    .orderBy('secrets.createdAt', 'desc');
  if (!tenant) return null;
  return {
    id: tenant.id,
    hashScheme: tenant.hashScheme,
    hashMaxAgeSeconds: tenant.hashMaxAgeSeconds,
    secrets: (tenant.secrets ?? []).map((s) => s.secret),
  };
}

/** The registration system a host name serves (the gateway's step 1). */
export async function findTenantIdByHost(db: Knex, host: string): Promise<number | null> {
  const row = await db('membership.registrationSystemHosts').where({ host }).first('registrationSystemId');
  return row?.registrationSystemId ?? null;
}
