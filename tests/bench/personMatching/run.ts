/**
 * Times `matchPersons` + `applyParticipants` of `@ems/membership/events` on chunks of 5,000 rows
 * against 200,000 persons of one registration system born over 70 years (about 8 a day: the import
 * benchmark's chunk and starting population), or with `--large` against 1,000,000 persons born over
 * 60 years (about 46 a day: the population that benchmark ends with; docs/decisions.md, "Events and
 * person matching"). A local script, not a test:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/personMatching/run.ts [--large] [--explain] [--keep]
 *
 * Each chunk: 60% rows of existing persons (exact), 10% existing persons with a typo in the last
 * name (fuzzy), 30% new persons (the import benchmark's mix); every row gets a bib. `--explain` prints each statement's plan
 * (auto_explain with ANALYZE, BUFFERS and trigger times, sent to this client) for the first chunk.
 * Every person took part in an earlier event, nine in ten at the importing club and one in ten at
 * another club of the registration system (out of the import's reach: a candidate, never a match;
 * docs/decisions.md, "Organisation boundary in imports").
 */
import { performance } from 'node:perf_hooks';
import knexFactory, { type Knex } from 'knex';
import { createScratchDatabase, migrateLatest } from '@ems/db';
import { applyParticipants, matchPersons, type ParticipantWrite, type PersonMatchInput } from '@ems/membership/events';

const large = process.argv.includes('--large');
const PERSONS = large ? 1_000_000 : 200_000;
/** Days of birth the persons are spread over (60 or 70 years from 1940-01-01). */
const DAYS = large ? 21_915 : 25_567;
const CHUNK = 5_000;
const CHUNKS = 6;
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const explain = process.argv.includes('--explain');
const keep = process.argv.includes('--keep');

async function seed(knex: Knex): Promise<{ tenantId: number; organisationId: number }> {
  const [{ id: tenantId }] = await knex('membership.registration_systems').insert({ name: 'Bench' }).returning('id');
  const [{ id: organisationId }] = await knex('membership.organisations')
    .insert({ registration_system_id: tenantId, name: 'Bench Club', slug: 'bench' })
    .returning('id');
  // Names from syllables (about 60 first names, 8,000 last names); birth days over DAYS days.
  await knex.transaction(async (trx) => {
    await trx.raw('SELECT setseed(0.42)');
    await trx.raw(
      `INSERT INTO membership.persons (registration_system_id, first_name, last_name, date_of_birth, email)
     SELECT ?, f.first_name, l.last_name, DATE '1940-01-01' + (random() * ?)::int, NULL
       FROM generate_series(1, ?) g
       CROSS JOIN LATERAL (SELECT (ARRAY['Anna','Ben','Clara','David','Eva','Felix','Greta','Hans','Ida','Jonas','Karl','Lena','Max',
             'Nora','Otto','Paula','Quinn','Rosa','Sven','Tina','Ulf','Vera','Willi','Xenia','Yann','Zoe','Marie','Lukas','Sophie',
             'Leon','Emma','Paul','Mia','Elias','Hanna','Noah','Lea','Finn','Lina','Jan','Laura','Tom','Julia','Tim','Sarah','Erik',
             'Nina','Olaf','Petra','Ralf','Sabine','Uwe','Birgit','Jörg','Renée','Ségolène','Zoë','Łukasz','Ömer','Ágnes'])[1 + (random() * 59)::int
             + 0 * g] AS first_name) f
       CROSS JOIN LATERAL (SELECT initcap(s1 || s2 || s3) AS last_name FROM
             (SELECT (ARRAY['ber','mül','sch','wag','bau','kel','hof','lin','ros','fal','gar','mar','son','per','kra','zim','hart','stein','wolf','vogt'])[1 + (random() * 19)::int + 0 * g] AS s1,
                     (ARRAY['an','er','in','or','el','ul','ar','en','on','al','ig','ur','ot','et','am','ik','es','is','os','ad'])[1 + (random() * 19)::int + 0 * g] AS s2,
                     (ARRAY['mann','er','berg','feld','s','sen','ski','ow','ez','ini','ard','ley','ton','dorf','bach','heim','rich','ke','ler','au'])[1 + (random() * 19)::int + 0 * g] AS s3) s) l`,
      [tenantId, DAYS, PERSONS],
    );
  });
  const [{ id: otherOrganisationId }] = await knex('membership.organisations')
    .insert({ registration_system_id: tenantId, name: 'Other Bench Club', slug: 'bench-other' })
    .returning('id');
  const [{ id: ownHistory }] = await knex('membership.events').insert({ organisation_id: organisationId, name: 'History' }).returning('id');
  const [{ id: otherHistory }] = await knex('membership.events')
    .insert({ organisation_id: otherOrganisationId, name: 'Other history' })
    .returning('id');
  await knex.raw(
    `INSERT INTO membership.participants (event_id, person_id)
     SELECT CASE WHEN p.id % 10 = 0 THEN ? ELSE ? END, p.id FROM membership.persons p WHERE p.registration_system_id = ?`,
    [otherHistory, ownHistory, tenantId],
  );
  await knex.raw('ANALYZE membership.persons');
  await knex.raw('ANALYZE membership.participants');
  return { tenantId, organisationId };
}

interface Person {
  id: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

/** One chunk's rows: existing persons (exact), existing persons with a typo (fuzzy), new persons. */
async function chunkRows(knex: Knex, tenantId: number, chunk: number): Promise<PersonMatchInput[]> {
  const existing: Person[] = (
    await knex.raw(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth"
         FROM membership.persons WHERE registration_system_id = ? ORDER BY id OFFSET ? LIMIT ?`,
      [tenantId, chunk * CHUNK, CHUNK * 0.7],
    )
  ).rows;
  return Array.from({ length: CHUNK }, (_, i): PersonMatchInput => {
    const key = chunk * CHUNK + i;
    const base = { key, trustedPersonId: null, sourceSystemId: null, trustedExternalId: null };
    const p = existing[i];
    if (p && i < CHUNK * 0.6) return { ...base, firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth };
    // A typo: one letter of the last name dropped.
    if (p) return { ...base, firstName: p.firstName, lastName: p.lastName.slice(0, 2) + p.lastName.slice(3), dateOfBirth: p.dateOfBirth };
    const day = new Date(Date.UTC(1940, 0, 1) + ((key * 7919) % DAYS) * 86_400_000).toISOString().slice(0, 10);
    return { ...base, firstName: `New${key}`, lastName: `Runner${key % 977}`, dateOfBirth: day };
  });
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(serverUrl, 'ems_bench_matching');
  const notices: string[] = [];
  const knex = knexFactory({
    client: 'pg',
    connection: { connectionString: scratch.url, application_name: 'ems-bench-matching' },
    pool: {
      min: 1,
      max: 3,
      afterCreate: (
        conn: { on(event: string, fn: (m: { message: string }) => void): void },
        done: (err: Error | null, c: unknown) => void,
      ) => {
        conn.on('notice', (m) => notices.push(m.message));
        done(null, conn);
      },
    },
  });
  // Each statement's time as the client sees it, by its first words.
  const started = new Map<string, number>();
  const statementTimes: string[] = [];
  knex.on('query', (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, performance.now()));
  knex.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) => {
    const t0 = started.get(q.__knexQueryUid);
    if (t0 !== undefined) statementTimes.push(`${(performance.now() - t0).toFixed(1)} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 60)}`);
  });
  try {
    await migrateLatest(knex);
    let t = performance.now();
    const { tenantId, organisationId } = await seed(knex);
    console.log(`seeded ${PERSONS} persons over ${DAYS} days of birth in ${Math.round(performance.now() - t)} ms`);

    const timings: Array<{
      match: number;
      apply: number;
      kinds: Record<string, number>;
      likely: number;
      actions: Record<string, number>;
    }> = [];
    for (let chunk = 0; chunk < CHUNKS; chunk++) {
      const [{ id: eventId }] = await knex('membership.events')
        .insert({ organisation_id: organisationId, name: `Run ${chunk}` })
        .returning('id');
      const rows = await chunkRows(knex, tenantId, chunk);
      await knex.transaction(async (trx) => {
        if (explain && chunk === 0) {
          await trx.raw(`LOAD 'auto_explain'`);
          for (const setting of [
            'auto_explain.log_min_duration = 0',
            'auto_explain.log_analyze = on',
            'auto_explain.log_buffers = on',
            'auto_explain.log_triggers = on',
            'client_min_messages = log',
          ]) {
            await trx.raw(`SET LOCAL ${setting}`);
          }
        }
        statementTimes.length = 0;
        t = performance.now();
        const matches = await matchPersons(
          trx,
          tenantId,
          { organisationIds: [organisationId], startedAt: new Date(), importJobId: null },
          rows,
        );
        const match = performance.now() - t;
        const writes = rows.map((row, i): ParticipantWrite => ({
          key: row.key,
          personId: matches[i]!.personId,
          firstName: row.firstName,
          lastName: row.lastName,
          dateOfBirth: row.dateOfBirth,
          email: null,
          updatePII: false,
          sourceSystemId: 1,
          externalId: `E${row.key}`,
          bib: String(row.key),
          categoryId: null,
          custom: [null, null, null],
        }));
        t = performance.now();
        const results = await applyParticipants(trx, tenantId, eventId, writes);
        const apply = performance.now() - t;
        const count = (values: string[]) => values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});
        if (chunk === CHUNKS - 1) console.log(`statements of the last chunk:\n  ${statementTimes.join('\n  ')}`);
        timings.push({
          match,
          apply,
          kinds: count(matches.map((m) => m.kind)),
          // Rows left without a person but with LIKELY merge candidates.
          likely: matches.filter((m) => m.personId === null && m.candidates.length > 0).length,
          actions: count(results.map((r) => r.action)),
        });
      });
      if (explain && chunk === 0) {
        for (const plan of notices.filter((n) => n.includes('Query Text'))) console.log(`${plan}\n`);
      }
    }
    for (const [i, r] of timings.entries()) {
      console.log(
        `chunk ${i}: match ${r.match.toFixed(1)} ms, apply ${r.apply.toFixed(1)} ms, total ${(r.match + r.apply).toFixed(1)} ms ` +
          `(${Math.round(CHUNK / ((r.match + r.apply) / 1000))} rows/s) kinds ${JSON.stringify(r.kinds)} likely ${r.likely} actions ${JSON.stringify(r.actions)}`,
      );
    }
    const warm = timings
      .slice(1)
      .map((r) => r.match + r.apply)
      .sort((a, b) => a - b);
    console.log(`median of warm chunks: ${warm[Math.floor(warm.length / 2)]!.toFixed(1)} ms per ${CHUNK} rows`);
  } finally {
    await knex.destroy();
    if (keep) console.log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
