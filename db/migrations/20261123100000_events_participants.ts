import type { Knex } from 'knex';

/**
 * Events, their categories and participants, result sets, the external ids other systems give
 * persons, and merge candidates (schema `membership`, written only by the membership subgraph;
 * the imports subgraph writes them through `@ems/membership/events`). Persons get normalised
 * name columns and the indexes person matching blocks on (docs/decisions.md, "Events and person
 * matching").
 *
 * `source_system_id` has no foreign key on purpose: source systems live in the imports schema,
 * which is created after this migration and is not membership's to point into.
 */

/** Folded to the plain letter: the common Latin diacritics (`unaccent` is not immutable, so not usable in a generated column). */
const FOLDS: Record<string, string> = {
  a: 'àáâãäåāăą',
  c: 'çćĉċč',
  d: 'ďđ',
  e: 'èéêëēĕėęě',
  g: 'ĝğġģ',
  h: 'ĥħ',
  i: 'ìíîïĩīĭįı',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺļľŀł',
  n: 'ñńņňŉ',
  o: 'òóôõöøōŏő',
  r: 'ŕŗř',
  s: 'śŝşšș',
  t: 'ţťŧț',
  u: 'ùúûüũūŭůűų',
  w: 'ŵ',
  y: 'ýÿŷ',
  z: 'źżž',
  // Hyphens and dots separate name parts like spaces do ("Anna-Lena", "J.R.").
  ' ': '-‐–.',
};
/** Dropped altogether: apostrophes ("O'Brien" = "OBrien"). */
const DROPPED = `'’‘\``;

function translateArguments(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (const [plain, marked] of Object.entries(FOLDS)) {
    for (const ch of marked) {
      from += ch;
      to += plain;
    }
  }
  // Characters of `from` beyond the length of `to` are deleted by translate().
  return { from: from + DROPPED, to };
}

const sqlString = (value: string) => `'${value.replace(/'/g, "''")}'`;

const TABLES_IN_CREATION_ORDER = [
  'events',
  'event_categories',
  'participants',
  'person_external_ids',
  'result_sets',
  'results',
  'merge_candidates',
] as const;

export async function up(knex: Knex): Promise<void> {
  const m = () => knex.schema.withSchema('membership');
  const now = () => knex.fn.now();

  // In `public`, as both servers install them by default; matching qualifies nothing, so
  // `public` must stay on the search path (it is, by default).
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS fuzzystrmatch WITH SCHEMA public');

  const { from, to } = translateArguments();
  // Every character normalise_name() replaces, translates or drops, in a bracket expression ('-' last: literal there).
  const changedCharacters = [...new Set(['ß', 'æ', 'œ', ...from])].filter((ch) => ch !== '-').join('');
  // lower, fold diacritics (ß and æ/œ first: they become two letters), collapse inner whitespace, trim.
  // A classic SQL body (not `RETURN ...`) so that the planner inlines it into the matching query
  // and the generated columns. translate() with this long a `from` costs about 2 µs a name (it
  // compares each letter with each character of `from`), 20-25 ms of matching 5,000 rows. So it
  // runs only for names holding a character it or the replace()s would change, which one bracket
  // expression finds at a tenth of the cost. Not STRICT: the planner does not inline a strict
  // function whose body (the CASE) is not strict; a null still gives null.
  await knex.raw(`
    CREATE FUNCTION membership.normalise_name(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $fn$ SELECT btrim(regexp_replace(
        CASE WHEN lower(value) ~ ${sqlString(`[${changedCharacters}-]`)}
             THEN translate(replace(replace(replace(lower(value), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), ${sqlString(from)}, ${sqlString(to)})
             ELSE lower(value)
        END,
        '\\s+', ' ', 'g')) $fn$`);
  await knex.raw(`
    ALTER TABLE membership.persons
      ADD COLUMN norm_first_name text GENERATED ALWAYS AS (membership.normalise_name(first_name)) STORED,
      ADD COLUMN norm_last_name text GENERATED ALWAYS AS (membership.normalise_name(last_name)) STORED,
      ADD COLUMN first_name_key text GENERATED ALWAYS AS (public.dmetaphone(membership.normalise_name(first_name))) STORED,
      ADD COLUMN last_name_key text GENERATED ALWAYS AS (public.dmetaphone(membership.normalise_name(last_name))) STORED`);
  // Exact matching (name + date of birth, or name alone for rows without one).
  await knex.raw(
    `CREATE INDEX persons_match_name ON membership.persons (registration_system_id, norm_last_name, norm_first_name, date_of_birth)`,
  );
  // Fuzzy matching blocks on the date of birth with the phonetic key (dmetaphone, IMMUTABLE) of
  // either name: a pair is scored when it shares a block. A generated column cannot read another,
  // hence normalise_name() again inside the key.
  await knex.raw(`CREATE INDEX persons_match_birth_first ON membership.persons (registration_system_id, date_of_birth, first_name_key)`);
  await knex.raw(`CREATE INDEX persons_match_birth_last ON membership.persons (registration_system_id, date_of_birth, last_name_key)`);
  // Both new indexes lead with the registration system, so its own index is one more to maintain
  // on every person an import creates, and nothing else.
  await knex.raw('DROP INDEX membership.persons_registration_system_id_index');

  await m().createTable('events', (t) => {
    t.increments('id');
    t.integer('organisation_id').notNullable().references('id').inTable('membership.organisations');
    t.text('name').notNullable();
    t.date('starts_on');
    // What the operator calls the three free columns of a participant (an import maps onto them).
    t.text('custom1_label');
    t.text('custom2_label');
    t.text('custom3_label');
    t.timestamps(true, true);
    t.index(['organisation_id']);
  });

  await m().createTable('event_categories', (t) => {
    t.increments('id');
    t.integer('event_id').notNullable().references('id').inTable('membership.events').onDelete('CASCADE');
    t.text('code').notNullable();
    t.text('name').notNullable();
    // The target of participants' (category_id, event_id) foreign key.
    t.unique(['id', 'event_id']);
  });
  await knex.raw(`CREATE UNIQUE INDEX event_categories_code ON membership.event_categories (event_id, lower(code))`);

  await m().createTable('participants', (t) => {
    t.increments('id');
    t.integer('event_id').notNullable().references('id').inTable('membership.events').onDelete('CASCADE');
    t.integer('person_id').notNullable().references('id').inTable('membership.persons');
    t.text('bib');
    t.integer('category_id');
    t.integer('source_system_id');
    t.text('external_id');
    t.text('custom1');
    t.text('custom2');
    t.text('custom3');
    t.timestamps(true, true);
    t.unique(['event_id', 'person_id']);
    t.index(['person_id']);
    // A category of another event cannot be chosen.
    t.foreign(['category_id', 'event_id']).references(['id', 'event_id']).inTable('membership.event_categories');
  });
  await knex.raw(`CREATE UNIQUE INDEX participants_bib ON membership.participants (event_id, bib) WHERE bib IS NOT NULL`);

  await m().createTable('person_external_ids', (t) => {
    t.integer('registration_system_id').notNullable().references('id').inTable('membership.registration_systems');
    t.integer('source_system_id').notNullable();
    t.text('external_id').notNullable();
    t.integer('person_id').notNullable().references('id').inTable('membership.persons');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.primary(['registration_system_id', 'source_system_id', 'external_id']);
    t.index(['person_id']);
  });

  await m().createTable('result_sets', (t) => {
    t.increments('id');
    t.integer('event_id').notNullable().references('id').inTable('membership.events').onDelete('CASCADE');
    t.text('name').notNullable();
    t.uuid('import_job_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.index(['event_id']);
  });

  await m().createTable('results', (t) => {
    t.bigIncrements('id');
    t.integer('result_set_id').notNullable().references('id').inTable('membership.result_sets').onDelete('CASCADE');
    t.integer('participant_id').notNullable().references('id').inTable('membership.participants').onDelete('CASCADE');
    t.integer('rank');
    t.text('status').notNullable();
    t.integer('time_ms');
    t.decimal('points', null);
    t.unique(['result_set_id', 'participant_id']);
    t.index(['participant_id']);
    t.check(`status IN ('FINISHED', 'DNF', 'DNS', 'DSQ')`, [], 'results_status');
    t.check('rank IS NULL OR rank >= 1', [], 'results_rank');
    t.check('time_ms IS NULL OR time_ms >= 0', [], 'results_time');
  });

  await m().createTable('merge_candidates', (t) => {
    t.increments('id');
    t.integer('registration_system_id').notNullable().references('id').inTable('membership.registration_systems');
    t.integer('person_id').notNullable().references('id').inTable('membership.persons');
    t.integer('candidate_person_id').notNullable().references('id').inTable('membership.persons');
    t.float('score').notNullable();
    t.text('reason').notNullable();
    t.text('status').notNullable().defaultTo('OPEN');
    t.uuid('import_job_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(now());
    t.unique(['person_id', 'candidate_person_id']);
    t.index(['candidate_person_id']);
    t.index(['registration_system_id', 'status']);
    t.check(`status IN ('OPEN', 'MERGED', 'DISMISSED')`, [], 'merge_candidates_status');
    t.check('person_id <> candidate_person_id', [], 'merge_candidates_distinct');
  });
}

export async function down(knex: Knex): Promise<void> {
  const m = () => knex.schema.withSchema('membership');
  for (const table of [...TABLES_IN_CREATION_ORDER].reverse()) {
    await m().dropTableIfExists(table);
  }
  await knex.raw('CREATE INDEX IF NOT EXISTS persons_registration_system_id_index ON membership.persons (registration_system_id)');
  await knex.raw('DROP INDEX IF EXISTS membership.persons_match_birth_first');
  await knex.raw('DROP INDEX IF EXISTS membership.persons_match_birth_last');
  await knex.raw('DROP INDEX IF EXISTS membership.persons_match_name');
  await knex.raw(
    'ALTER TABLE membership.persons DROP COLUMN IF EXISTS first_name_key, DROP COLUMN IF EXISTS last_name_key, DROP COLUMN IF EXISTS norm_first_name, DROP COLUMN IF EXISTS norm_last_name',
  );
  await knex.raw('DROP FUNCTION IF EXISTS membership.normalise_name(text)');
  // The extensions stay: other objects may have come to use them, and keeping them is harmless.
}
