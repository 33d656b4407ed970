import { performance } from 'node:perf_hooks';
import type { Knex } from '@ems/db';
import { benchRow } from './generate';

export interface WriteFloorResult {
  rows: number;
  personsCreated: number;
  ms: number;
  rowsPerSecond: number;
}

const CHUNK_ROWS = 5000;

/**
 * The floor of what any import of this file must write, on this machine and schema: the rows' new
 * persons and every row's participant, in 5,000-row chunks of one transaction each (as the
 * import's), with plain INSERT ... SELECT FROM unnest into the real tables with their indexes,
 * generated match columns and foreign keys. No parsing, matching, decisions, row results or
 * checkpoints. It writes into a registration system of its own, so the import's data is not
 * touched, after the large import, so that its tables are at least as large as the import's were.
 */
export async function writeFloor(knex: Knex, rows: number, existingPersons: number): Promise<WriteFloorResult> {
  const eventId = await knex.transaction(async (trx) => {
    const [system] = (await trx('membership.registration_systems').insert({ name: 'Bench write floor' }).returning('id')) as Array<{
      id: number;
    }>;
    const [organisation] = (await trx('membership.organisations')
      .insert({ registrationSystemId: system!.id, name: 'Bench write floor', slug: `bench-write-floor-${system!.id}` })
      .returning('id')) as Array<{ id: number }>;
    const [event] = (await trx('membership.events')
      .insert({ organisationId: organisation!.id, name: 'Bench write floor' })
      .returning('id')) as Array<{ id: number }>;
    return { registrationSystemId: system!.id, eventId: event!.id };
  });
  let personsCreated = 0;
  const t0 = performance.now();
  for (let start = 0; start < rows; start += CHUNK_ROWS) {
    const chunk = Array.from({ length: Math.min(CHUNK_ROWS, rows - start) }, (_, i) => benchRow(start + i, existingPersons));
    personsCreated += chunk.length;
    await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL synchronous_commit = off; SET LOCAL jit = off');
      await trx.raw(
        `WITH persons AS (
           INSERT INTO membership.persons (registration_system_id, first_name, last_name, date_of_birth, email)
           SELECT ?, s.first_name, s.last_name, s.date_of_birth, s.email
             FROM unnest(?::text[], ?::text[], ?::date[], ?::text[]) WITH ORDINALITY AS s(first_name, last_name, date_of_birth, email, n)
            ORDER BY s.n
           RETURNING id
         )
         INSERT INTO membership.participants (event_id, person_id, bib, external_id)
         SELECT ?, p.id, b.bib, b.external_id
           FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM persons) p
           JOIN unnest(?::text[], ?::text[]) WITH ORDINALITY AS b(bib, external_id, n) ON b.n = p.n`,
        [
          eventId.registrationSystemId,
          chunk.map((r) => r.firstName),
          chunk.map((r) => r.lastName),
          chunk.map((r) => r.dateOfBirth),
          chunk.map((r) => r.email),
          eventId.eventId,
          chunk.map((r) => String(r.bib)),
          chunk.map((r) => r.externalId),
        ],
      );
    });
  }
  const ms = performance.now() - t0;
  return { rows, personsCreated, ms, rowsPerSecond: (rows / ms) * 1000 };
}
