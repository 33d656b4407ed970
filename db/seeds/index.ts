import type { Knex } from 'knex';
import { seedDemo, type DemoSeedSecrets } from './demo';
import { seedFormsDemo } from './forms-demo';

/** The whole demo installation: tenants, users, periods and prices, then the registration form. Idempotent. */
export async function seedDemoInstallation(knex: Knex, secrets: DemoSeedSecrets): Promise<void> {
  await seedDemo(knex, secrets);
  await seedFormsDemo(knex);
}
