import { performance } from 'node:perf_hooks';
import type { Knex } from '@ems/db';
import type { WriteFloorResult } from './writeFloor';
import { memberBenchRows, type MemberBenchRow } from './memberFile';

const CHUNK_ROWS = 5000;

/** A club of its own: registration system, organisation, one membership type and one period. */
async function floorClub(knex: Knex) {
  return knex.transaction(async (trx) => {
    const [system] = (await trx('membership.registration_systems').insert({ name: 'Bench member write floor' }).returning('id')) as Array<{
      id: number;
    }>;
    const [organisation] = (await trx('membership.organisations')
      .insert({ registrationSystemId: system!.id, name: 'Bench member write floor', slug: `bench-member-floor-${system!.id}` })
      .returning('id')) as Array<{ id: number }>;
    const [type] = (await trx('membership.membershipTypes')
      .insert({ organisationId: organisation!.id, code: 'individual', name: 'Individual' })
      .returning('id')) as Array<{ id: number }>;
    const [period] = (await trx('membership.membershipPeriods')
      .insert({
        organisationId: organisation!.id,
        name: 'Floor',
        startsOn: '2026-01-01',
        endsOn: '2026-12-31',
        registrationOpensOn: '2026-01-01',
        registrationClosesOn: '2026-12-31',
        pricingRules: JSON.stringify({}),
      })
      .returning('id')) as Array<{ id: number }>;
    return { registrationSystemId: system!.id, organisationId: organisation!.id, membershipTypeId: type!.id, periodId: period!.id };
  });
}

/** Inserts persons in the order given; the ids come back in that order (one statement, one sequence). */
async function insertPersons(trx: Knex.Transaction, registrationSystemId: number, persons: readonly MemberBenchRow[]): Promise<number[]> {
  if (persons.length === 0) return [];
  const { rows } = (await trx.raw(
    `INSERT INTO membership.persons (registration_system_id, first_name, last_name, date_of_birth, email)
     SELECT ?, s.first_name, s.last_name, s.date_of_birth, s.email
       FROM unnest(?::text[], ?::text[], ?::date[], ?::text[]) WITH ORDINALITY AS s(first_name, last_name, date_of_birth, email, n)
      ORDER BY s.n
     RETURNING id`,
    [
      registrationSystemId,
      persons.map((p) => p.firstName),
      persons.map((p) => p.lastName),
      persons.map((p) => p.dateOfBirth),
      persons.map((p) => p.email),
    ],
  )) as { rows: Array<{ id: number }> };
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The floor of what any import of the M01 member file must write, on this machine and schema:
 * each new row's person, each login's account and its OrgUser row, each row's LinkedPerson (to its
 * household's account) and its membership, in 5,000-row chunks of one transaction each (as the
 * import's), with plain INSERT ... SELECT FROM unnest into the real tables with their indexes,
 * foreign keys and sync triggers. No parsing, matching, pricing, orders, numbering, undo log, row
 * results or checkpoints. The rows' existing persons are inserted before the clock starts (they
 * exist before an import too). A club of its own, after the imports (tables at least as large).
 */
export async function memberWriteFloor(knex: Knex, rows: number, referenceDate: string): Promise<WriteFloorResult> {
  const club = await floorClub(knex);
  const all = [...memberBenchRows({ rows, existingPersons: rows, referenceDate, tag: 3 })];
  const personOf = new Map<number, number>();
  await knex.transaction(async (trx) => {
    const existing = all.flatMap((r, i) => (r.existing === null ? [] : [i]));
    for (let at = 0; at < existing.length; at += CHUNK_ROWS) {
      const slice = existing.slice(at, at + CHUNK_ROWS);
      const ids = await insertPersons(
        trx,
        club.registrationSystemId,
        slice.map((i) => all[i]!),
      );
      slice.forEach((i, k) => personOf.set(i, ids[k]!));
    }
  });

  const accountOfHousehold = new Map<number, number>();
  let personsCreated = 0;
  const t0 = performance.now();
  for (let start = 0; start < rows; start += CHUNK_ROWS) {
    const chunk = Array.from({ length: Math.min(CHUNK_ROWS, rows - start) }, (_, k) => start + k);
    await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL synchronous_commit = off; SET LOCAL jit = off');
      const fresh = chunk.filter((i) => all[i]!.existing === null);
      const ids = await insertPersons(
        trx,
        club.registrationSystemId,
        fresh.map((i) => all[i]!),
      );
      fresh.forEach((i, k) => personOf.set(i, ids[k]!));
      personsCreated += fresh.length;

      const holders = chunk.filter((i) => all[i]!.login !== '');
      const { rows: accounts } = (await trx.raw(
        `INSERT INTO membership.accounts (registration_system_id, external_user_id, person_id, email)
         SELECT ?, s.user_key, s.person_id, s.email FROM unnest(?::text[], ?::int[], ?::text[]) AS s(user_key, person_id, email)
         RETURNING id, external_user_id`,
        [
          club.registrationSystemId,
          holders.map((i) => all[i]!.login),
          holders.map((i) => personOf.get(i)!),
          holders.map((i) => all[i]!.email),
        ],
      )) as { rows: Array<{ id: number; external_user_id: string }> };
      const accountOfLogin = new Map(accounts.map((a) => [a.external_user_id, a.id]));
      for (const i of holders) accountOfHousehold.set(i, accountOfLogin.get(all[i]!.login)!);
      await trx.raw(`INSERT INTO membership.org_users (account_id, organisation_id) SELECT a, ? FROM unnest(?::int[]) AS a ORDER BY a`, [
        club.organisationId,
        accounts.map((a) => a.id),
      ]);

      // A household's rows follow its first row, so its account exists by now (this chunk or an earlier one).
      await trx.raw(
        `INSERT INTO membership.linked_persons (account_id, person_id, relationship)
         SELECT * FROM unnest(?::int[], ?::int[], ?::text[])`,
        [
          chunk.map((i) => accountOfHousehold.get(all[i]!.householdStart)!),
          chunk.map((i) => personOf.get(i)!),
          chunk.map((i) => (all[i]!.login !== '' ? 'self' : 'household')),
        ],
      );
      await trx.raw(
        `INSERT INTO membership.memberships (person_id, period_id, membership_type_id, status, member_type, membership_number, details, activated_at)
         SELECT s.person_id, ?, ?, s.status, 'new', s.number, '{}', CASE WHEN s.status = 'active' THEN now() END
           FROM unnest(?::int[], ?::text[], ?::text[]) AS s(person_id, status, number)`,
        [
          club.periodId,
          club.membershipTypeId,
          chunk.map((i) => personOf.get(i)!),
          chunk.map((i) => (all[i]!.status === 'active' ? 'active' : 'pending_payment')),
          chunk.map((i) => all[i]!.number || `F-${i + 1}`),
        ],
      );
    });
  }
  const ms = performance.now() - t0;
  return { rows, personsCreated, ms, rowsPerSecond: (rows / ms) * 1000 };
}
