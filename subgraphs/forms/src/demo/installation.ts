import type { Knex } from '@ems/db';
import { seedMembershipDemo, type DemoSeedSecrets } from '@ems/membership/demo';
import { seedFormsDemo } from './seed';

/**
 * The whole demo installation: membership's tenants, users, periods, prices and orders, then the
 * registration form of the club membership names. Idempotent. It lives here because forms is the
 * package that sees both (it already calls membership through its registration port); `db`
 * cannot, since both depend on it.
 */
export async function seedDemoInstallation(knex: Knex, secrets: DemoSeedSecrets): Promise<void> {
  const { registrationOrganisationId, hmacRegistrationOrganisationId } = await seedMembershipDemo(knex, secrets);
  await seedFormsDemo(knex, registrationOrganisationId);
  await seedFormsDemo(knex, hmacRegistrationOrganisationId);
}
