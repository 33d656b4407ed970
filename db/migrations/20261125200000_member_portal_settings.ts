import type { Knex } from 'knex';

/**
 * What the member portal shows of a club and a season (issue 23, docs/decisions.md "Member
 * portal to the level of the best club portals"): the organisation's contact for members, the
 * terms and conditions a period's registrants accept, and the bounds of a number question
 * (null: no bound of its own; the minimum then is 0, see @ems/schema/rules).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('membership').alterTable('organisations', (t) => {
    t.text('contact_email');
    t.text('contact_phone');
    t.text('website_url');
  });
  await knex.schema.withSchema('membership').alterTable('membership_periods', (t) => {
    t.text('terms_url');
  });
  await knex.schema.withSchema('forms').alterTable('process_steps', (t) => {
    t.double('number_min');
    t.double('number_max');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('forms').alterTable('process_steps', (t) => {
    t.dropColumn('number_min');
    t.dropColumn('number_max');
  });
  await knex.schema.withSchema('membership').alterTable('membership_periods', (t) => {
    t.dropColumn('terms_url');
  });
  await knex.schema.withSchema('membership').alterTable('organisations', (t) => {
    t.dropColumn('contact_email');
    t.dropColumn('contact_phone');
    t.dropColumn('website_url');
  });
}
