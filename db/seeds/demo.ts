import type { Knex } from 'knex';
import { hashApiKey, keyPrefix } from '../src/apiKeys';

export interface DemoSeedSecrets {
  /** Shared secret of the demo customer websites (both demo tenants). */
  customerSecret: string;
  /** API key of the registration portal (the router). */
  portalApiKey: string;
}

export interface DemoUser {
  registrationSystemId: number;
  userKey: string;
  organisation: string;
  persons: Array<{ firstName: string; lastName: string; dateOfBirth: string; relationship: string; email?: string }>;
}

export const DEMO_TENANTS = [
  { id: 1, name: 'Demo Club Network', hashScheme: 'md5', hosts: ['localhost', '127.0.0.1'] },
  { id: 2, name: 'Demo Club Network (HMAC links)', hashScheme: 'hmac-sha256', hosts: ['hmac.localhost'] },
] as const;

export const DEMO_ORGANISATIONS = [
  { registrationSystemId: 1, name: 'Riverside Athletics Club', slug: 'riverside-ac' },
  { registrationSystemId: 1, name: 'Lakeside Swimming Club', slug: 'lakeside-sc' },
  { registrationSystemId: 2, name: 'Hillside Cycling Club', slug: 'hillside-cc' },
] as const;

export const DEMO_USERS: DemoUser[] = [
  {
    registrationSystemId: 1,
    userKey: 'anna.berg',
    organisation: 'riverside-ac',
    persons: [
      { firstName: 'Anna', lastName: 'Berg', dateOfBirth: '1984-03-12', relationship: 'self', email: 'anna.berg@example.org' },
      { firstName: 'Erik', lastName: 'Berg', dateOfBirth: '1982-07-30', relationship: 'partner' },
      { firstName: 'Liv', lastName: 'Berg', dateOfBirth: '2012-05-04', relationship: 'child' },
      { firstName: 'Noah', lastName: 'Berg', dateOfBirth: '2016-09-21', relationship: 'child' },
    ],
  },
  {
    registrationSystemId: 1,
    userKey: 'ben.meyer',
    organisation: 'riverside-ac',
    persons: [{ firstName: 'Ben', lastName: 'Meyer', dateOfBirth: '1958-11-02', relationship: 'self', email: 'ben.meyer@example.org' }],
  },
  {
    registrationSystemId: 1,
    userKey: 'carla.jensen',
    organisation: 'lakeside-sc',
    persons: [
      { firstName: 'Carla', lastName: 'Jensen', dateOfBirth: '2001-01-15', relationship: 'self', email: 'carla.jensen@example.org' },
    ],
  },
  {
    registrationSystemId: 2,
    userKey: 'dora.lind',
    organisation: 'hillside-cc',
    persons: [{ firstName: 'Dora', lastName: 'Lind', dateOfBirth: '1990-06-18', relationship: 'self', email: 'dora.lind@example.org' }],
  },
];

/** Creates the demo tenants, organisations, users and keys. Idempotent: safe on every start. */
export async function seedDemo(knex: Knex, secrets: DemoSeedSecrets): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const t of DEMO_TENANTS) {
      await trx('membership.registration_systems').insert({ id: t.id, name: t.name, hashScheme: t.hashScheme }).onConflict('id').ignore();
      for (const host of t.hosts) {
        await trx('membership.registration_system_hosts').insert({ host, registrationSystemId: t.id }).onConflict('host').ignore();
      }
      const hasSecret = await trx('membership.customer_secrets')
        .where({ registrationSystemId: t.id, secret: secrets.customerSecret })
        .first();
      if (!hasSecret) {
        await trx('membership.customer_secrets').insert({ registrationSystemId: t.id, label: 'demo', secret: secrets.customerSecret });
      }
    }
    await trx.raw(
      `SELECT setval(pg_get_serial_sequence('membership.registration_systems', 'id'), (SELECT max(id) FROM membership.registration_systems))`,
    );

    for (const o of DEMO_ORGANISATIONS) {
      await trx('membership.organisations').insert(o).onConflict(['registration_system_id', 'slug']).ignore();
    }

    for (const user of DEMO_USERS) {
      const exists = await trx('membership.accounts')
        .where({ registrationSystemId: user.registrationSystemId, externalUserId: user.userKey })
        .first();
      if (exists) continue;
      const personIds: number[] = [];
      for (const p of user.persons) {
        const [row] = await trx('membership.persons')
          .insert({
            registrationSystemId: user.registrationSystemId,
            firstName: p.firstName,
            lastName: p.lastName,
            dateOfBirth: p.dateOfBirth,
            email: p.email ?? null,
          })
          .returning('id');
        personIds.push(row.id);
      }
      const self = user.persons.find((p) => p.relationship === 'self');
      const [account] = await trx('membership.accounts')
        .insert({
          registrationSystemId: user.registrationSystemId,
          externalUserId: user.userKey,
          personId: personIds[0],
          email: self?.email ?? null,
        })
        .returning('id');
      const org = await trx('membership.organisations')
        .where({ registrationSystemId: user.registrationSystemId, slug: user.organisation })
        .first('id');
      await trx('membership.org_users').insert({ accountId: account.id, organisationId: org.id, roles: ['ROLE_USER'], isPrimary: true });
      await trx('membership.linked_persons').insert(
        user.persons.map((p, i) => ({ accountId: account.id, personId: personIds[i], relationship: p.relationship })),
      );
    }

    await trx('membership.api_keys')
      .insert({
        prefix: keyPrefix(secrets.portalApiKey),
        keyHash: hashApiKey(secrets.portalApiKey),
        portal: 'registration',
        label: 'demo registration portal',
      })
      .onConflict('key_hash')
      .ignore();
  });
}
