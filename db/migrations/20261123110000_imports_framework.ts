import type { Knex } from 'knex';

/**
 * The import framework (schema `imports`, written only by the imports subgraph and its workers;
 * docs/imports.md): source systems and template variants (F10), stored upload files, the job
 * rows (the truth about every import), the staged rows of a file, the per-row results, and
 * Agenda's own job table.
 *
 * `event_id`, `organisation_id` and person ids point at membership rows without foreign keys on
 * purpose, as in the forms schema: membership's rows are reached through its exported functions.
 */

const JOB_STATES = [
  'QUEUED',
  'PARSING',
  'COLUMNS_NEEDED',
  'MATCHING_CELLS',
  'CELLS_NEEDED',
  'VERIFYING',
  'FINGERPRINT_WARNING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'FINGERPRINT_ABORT',
];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE SCHEMA IF NOT EXISTS imports');
  const i = () => knex.schema.withSchema('imports');

  await i().createTable('source_systems', (t) => {
    t.increments('id');
    t.integer('registration_system_id').notNullable().references('id').inTable('membership.registration_systems');
    // Null: offered to every organisation of the registration system.
    t.integer('organisation_id').references('id').inTable('membership.organisations');
    t.text('name').notNullable();
    // The file is this system's own export: its person ids are ours (contract: is_self).
    t.boolean('is_self').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['registration_system_id', 'name']);
  });

  await i().createTable('template_variants', (t) => {
    t.increments('id');
    t.integer('source_system_id').notNullable().references('id').inTable('imports.source_systems').onDelete('CASCADE');
    t.text('import_type').notNullable();
    t.text('key').notNullable();
    t.text('name').notNullable();
    // The normalised header row the variant is recognised by, and what the operator chose for it.
    t.specificType('header', 'text[]').notNullable();
    t.jsonb('column_mappings').notNullable().defaultTo('[]');
    t.jsonb('cell_choices').notNullable().defaultTo('[]');
    t.timestamps(true, true);
    t.unique(['source_system_id', 'import_type', 'key']);
  });

  await i().createTable('upload_files', (t) => {
    t.uuid('id').primary();
    t.text('file_name').notNullable();
    t.text('content_type');
    t.bigInteger('byte_size').notNullable();
    t.text('sha256').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // The file's bytes in 1 MiB pieces: any worker on any machine can read them, and no single
  // value comes near PostgreSQL's 1 GB field limit.
  await i().createTable('upload_file_chunks', (t) => {
    t.uuid('file_id').notNullable().references('id').inTable('imports.upload_files').onDelete('CASCADE');
    t.integer('seq').notNullable();
    t.binary('data').notNullable();
    t.primary(['file_id', 'seq']);
  });

  await i().createTable('import_jobs', (t) => {
    t.uuid('id').primary();
    t.text('import_type').notNullable();
    t.text('caller_key').notNullable();
    t.integer('registration_system_id').notNullable();
    t.integer('organisation_id').notNullable();
    t.integer('event_id');
    t.text('created_by').notNullable();
    t.uuid('file_id').notNullable().references('id').inTable('imports.upload_files');
    t.text('file_sha256').notNullable();
    t.text('state').notNullable().defaultTo('QUEUED');
    t.jsonb('config').notNullable().defaultTo('{}');
    t.integer('source_system_id').references('id').inTable('imports.source_systems');
    // An earlier COMPLETED job of the same file into the same target (flagged; processing is idempotent).
    t.uuid('already_imported_job_id');
    t.jsonb('columns');
    t.jsonb('cells');
    t.jsonb('verification');
    t.jsonb('counts').notNullable().defaultTo('{}');
    t.integer('rows_total');
    // The last row number whose chunk committed; processing resumes after it.
    t.integer('checkpoint').notNullable().defaultTo(0);
    t.jsonb('result_payload');
    t.jsonb('error');
    // A worker's claim on the job: every write it makes checks the token, so a worker that lost
    // its claim (a crash, a pause past the lease) can no longer write.
    t.uuid('lease_token');
    t.timestamp('lease_expires_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organisation_id', 'import_type', 'created_at']);
    t.index(['event_id', 'file_sha256']);
  });
  await knex.raw(`ALTER TABLE imports.import_jobs ADD CONSTRAINT import_jobs_state_check CHECK (state IN (${list(JOB_STATES)}))`);

  // The file's data rows as read (cells as text), so the stages can work on them in SQL.
  await i().createTable('job_rows', (t) => {
    t.uuid('job_id').notNullable().references('id').inTable('imports.import_jobs').onDelete('CASCADE');
    t.integer('row_no').notNullable();
    t.specificType('cells', 'text[]').notNullable();
    t.primary(['job_id', 'row_no']);
  });

  // ImportRowResult: one per processed row of a row-by-row import.
  await i().createTable('row_results', (t) => {
    t.uuid('job_id').notNullable().references('id').inTable('imports.import_jobs').onDelete('CASCADE');
    t.integer('row_no').notNullable();
    t.text('outcome').notNullable();
    t.integer('person_id');
    t.integer('target_id');
    t.text('match_kind');
    // RowFailureMetadata (category free text; see docs/imports.md).
    t.jsonb('failure');
    // F8: the merge candidates this row created ({ id, personId, candidatePersonId }).
    t.jsonb('merge_candidates');
    t.primary(['job_id', 'row_no']);
  });
  await knex.raw('CREATE INDEX row_results_failed ON imports.row_results (job_id, row_no) WHERE failure IS NOT NULL');

  // Agenda's table (@agendajs/postgres-backend 3.0.6's schema, created here with `ensureSchema`
  // off so that the schema is ours and versioned). The worker's pool sets search_path to imports.
  await knex.raw(`
    CREATE TABLE imports.agenda_jobs (
      id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
      name VARCHAR(255) NOT NULL,
      priority INTEGER NOT NULL DEFAULT 0,
      next_run_at TIMESTAMPTZ,
      type VARCHAR(10) NOT NULL DEFAULT 'normal' CHECK (type IN ('normal', 'single')),
      locked_at TIMESTAMPTZ,
      last_finished_at TIMESTAMPTZ,
      failed_at TIMESTAMPTZ,
      fail_count INTEGER DEFAULT NULL,
      fail_reason TEXT,
      repeat_timezone VARCHAR(100),
      last_run_at TIMESTAMPTZ,
      repeat_interval VARCHAR(255),
      data JSONB DEFAULT '{}'::jsonb,
      repeat_at VARCHAR(255),
      disabled BOOLEAN DEFAULT FALSE,
      progress REAL,
      fork BOOLEAN DEFAULT FALSE,
      last_modified_by VARCHAR(255),
      debounce_started_at TIMESTAMPTZ,
      start_date TIMESTAMPTZ,
      end_date TIMESTAMPTZ,
      skip_days JSONB,
      created_at TIMESTAMPTZ DEFAULT NOW(),
      updated_at TIMESTAMPTZ DEFAULT NOW()
    )`);
  await knex.raw(
    `CREATE INDEX agenda_jobs_find_and_lock_idx ON imports.agenda_jobs (name, next_run_at, priority DESC, locked_at, disabled) WHERE disabled = FALSE`,
  );
  await knex.raw(`CREATE UNIQUE INDEX agenda_jobs_single_job_idx ON imports.agenda_jobs (name) WHERE type = 'single'`);
  await knex.raw(`CREATE INDEX agenda_jobs_locked_at_idx ON imports.agenda_jobs (locked_at) WHERE locked_at IS NOT NULL`);
  await knex.raw(`CREATE INDEX agenda_jobs_next_run_at_idx ON imports.agenda_jobs (next_run_at) WHERE next_run_at IS NOT NULL`);
  await knex.raw(`
    CREATE FUNCTION imports.update_agenda_jobs_updated_at() RETURNS TRIGGER AS $$
    BEGIN
      NEW.updated_at = NOW();
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql`);
  await knex.raw(`
    CREATE TRIGGER agenda_jobs_updated_at_trigger BEFORE UPDATE ON imports.agenda_jobs
    FOR EACH ROW EXECUTE FUNCTION imports.update_agenda_jobs_updated_at()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP SCHEMA IF EXISTS imports CASCADE');
}
