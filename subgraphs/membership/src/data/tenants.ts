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
  const tenant = await models.RegistrationSystem.query(db).findById(registrationSystemId);
  if (!tenant) return null;
  const secrets = await models.CustomerSecret.query(db)
    .where({ registrationSystemId })
    .modify('active')
    .orderBy('createdAt', 'desc')
    .select('secret');
  return {
    id: tenant.id,
    hashScheme: tenant.hashScheme,
    hashMaxAgeSeconds: tenant.hashMaxAgeSeconds,
    secrets: secrets.map((s) => s.secret),
  };
}

/** The registration system a host name serves (the gateway's step 1). */
export async function findTenantIdByHost(db: Knex, host: string): Promise<number | null> {
  const row = await db('membership.registrationSystemHosts').where({ host }).first('registrationSystemId');
  return row?.registrationSystemId ?? null;
}
