import type { Knex } from '@ems/db';

/** The demo installation's registration system and club (seededBenchDatabase). */
export const REGISTRATION_SYSTEM_ID = 1;
const ORGANISATION_SLUG = 'riverside-ac';

export interface BenchClub {
  organisationId: number;
  periodId: number;
}

/**
 * `count` members of the demo club, set-based: persons with an e-mail and a date of birth, each
 * with an active membership in the club's latest period; every third also with one in the period
 * before, and households of two (an account linking a pair) for a tenth, so that a page reads
 * several memberships and household links as a real club's would.
 */
export async function seedMembers(knex: Knex, count: number): Promise<BenchClub> {
  const org = (await knex('membership.organisations')
    .where({ registrationSystemId: REGISTRATION_SYSTEM_ID, slug: ORGANISATION_SLUG })
    .first('id')) as { id: number } | undefined;
  if (!org) throw new Error(`the demo organisation ${ORGANISATION_SLUG} is not in the bench database`);
  const periods = (await knex('membership.membershipPeriods')
    .where({ organisationId: org.id })
    .orderBy('startsOn', 'desc')
    .select('id')) as Array<{
    id: number;
  }>;
  const type = (await knex('membership.membershipTypes').where({ organisationId: org.id, active: true }).orderBy('id').first('id')) as {
    id: number;
  };
  const [latest, previous] = periods;
  if (!latest || !type) throw new Error('the demo club has no period or membership type');
  await knex.transaction(async (trx) => {
    await trx.raw(
      `CREATE TEMP TABLE bench_members ON COMMIT DROP AS
         SELECT g AS n, nextval('membership.persons_id_seq'::regclass)::int AS person_id FROM generate_series(1, ?) g`,
      [count],
    );
    await trx.raw(
      `INSERT INTO membership.persons (id, registration_system_id, first_name, last_name, date_of_birth, email)
       SELECT person_id, ?, 'Bench' || n, 'Member' || (n % 997), date '1950-01-01' + (n % 20000), 'bench' || n || '@example.org'
         FROM bench_members`,
      [REGISTRATION_SYSTEM_ID],
    );
    await trx.raw(
      `INSERT INTO membership.memberships (person_id, period_id, membership_type_id, status, member_type, membership_number, activated_at)
       SELECT person_id, ?, ?, 'active', 'new', 'BENCH-' || n, now() FROM bench_members`,
      [latest.id, type.id],
    );
    if (previous) {
      await trx.raw(
        `INSERT INTO membership.memberships (person_id, period_id, membership_type_id, status, member_type, membership_number, activated_at)
         SELECT person_id, ?, ?, 'active', 'new', 'BENCH-P-' || n, now() FROM bench_members WHERE n % 3 = 0`,
        [previous.id, type.id],
      );
    }
    await trx.raw(
      `WITH pairs AS (SELECT n, person_id FROM bench_members WHERE n % 20 IN (1, 2)),
       holders AS (
         INSERT INTO membership.accounts (registration_system_id, external_user_id, person_id)
         SELECT ?, 'bench.household.' || n, person_id FROM pairs WHERE n % 20 = 1
         RETURNING id, person_id
       )
       INSERT INTO membership.linked_persons (account_id, person_id, relationship)
       SELECT h.id, p.person_id, CASE WHEN p.person_id = h.person_id THEN 'self' ELSE 'partner' END
         FROM holders h JOIN bench_members hm ON hm.person_id = h.person_id
         JOIN pairs p ON p.n IN (hm.n, hm.n + 1)`,
      [REGISTRATION_SYSTEM_ID],
    );
  });
  await knex.raw('ANALYZE membership.persons, membership.memberships, membership.linked_persons, membership.accounts');
  return { organisationId: org.id, periodId: latest.id };
}
