import type { Knex } from '@ems/db';
import { createLogger } from '@ems/service-runtime';
import type { ReadLimits } from '../parsing';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { connectPersons, createEvent, seedClub, type Club, type TestEvent } from '../../../membership/src/testing/fixtures';
import { OperatorScope } from '../domain/access';
import { uploadImport, type ImportsDeps, type Upload } from '../domain/commands';
import { createProcessors } from '../flows';
import { membershipEvents } from '../flows/eventParticipants/membershipPort';
import { runJob, type PipelineDeps } from '../worker/pipeline';

/**
 * Test set-up for the import framework: a migrated scratch database with membership's club
 * fixture (tests may insert into membership's tables; production code may not), and the domain
 * wired so that `schedule` runs the job at once, in-process, the way a worker would.
 */
export interface ImportsFixture {
  knex: Knex;
  club: Club;
  deps: ImportsDeps;
  pipeline: PipelineDeps;
  operator(): OperatorScope;
  otherOperator(): OperatorScope;
  event(options?: Parameters<typeof createEvent>[2]): Promise<TestEvent>;
  /** A person of the club's organisation (a participant of an earlier event), or of `organisationId` (null: of none). */
  person(firstName: string, lastName: string, dateOfBirth: string | null, organisationId?: number | null): Promise<number>;
  drop(): Promise<void>;
}

/** An event-participant upload, as `PUT /api/event-participants/import` makes it. */
export function uploadParticipants(deps: ImportsDeps, scope: OperatorScope, fields: Record<string, string>, upload: Upload) {
  return uploadImport(deps, scope, 'EVENT_PARTICIPANT', fields, upload);
}

export function csvUpload(text: string, fileName = 'participants.csv', encoding: BufferEncoding = 'utf8'): Upload {
  return bytesUpload(Buffer.from(text, encoding), fileName);
}

export function bytesUpload(bytes: Buffer, fileName: string): Upload {
  return {
    fileName,
    contentType: null,
    body: (async function* () {
      yield bytes;
    })(),
  };
}

/** The readers' limits in tests: small enough that a hostile file is refused fast, as env.ts would set them. */
export const TEST_READ_LIMITS: ReadLimits = {
  maxRows: 100_000,
  xlsxMaxUncompressedBytes: 50 * 1024 * 1024,
  xlsxWorkerMemoryMb: 256,
  xlsxTempDiskBytes: 64 * 1024 * 1024,
};

export async function importsFixture(
  options: { chunkRows?: number; today?: () => string; limits?: ReadLimits } = {},
): Promise<ImportsFixture> {
  const db = await migratedScratchDatabase();
  const club = await seedClub(db.knex);
  const pipeline: PipelineDeps = {
    db: db.knex,
    processors: createProcessors({ today: options.today }),
    logger: createLogger('imports-test', 'silent'),
    leaseSeconds: 30,
    chunkRows: options.chunkRows ?? 5000,
    limits: options.limits ?? TEST_READ_LIMITS,
  };
  const deps: ImportsDeps = {
    db: db.knex,
    participants: membershipEvents,
    processors: pipeline.processors,
    schedule: (jobId) => runJob(pipeline, jobId),
  };
  return {
    knex: db.knex,
    club,
    deps,
    pipeline,
    operator: () => new OperatorScope(db.knex, membershipEvents, { registrationSystemId: club.tenantId, userKey: club.operator.userKey }),
    otherOperator: () =>
      new OperatorScope(db.knex, membershipEvents, { registrationSystemId: club.tenantId, userKey: club.otherOperator.userKey }),
    event: (o) => createEvent(db.knex, club.organisationId, o),
    person: async (firstName, lastName, dateOfBirth, organisationId = club.organisationId) => {
      const [row] = await db
        .knex('membership.persons')
        .insert({ registrationSystemId: club.tenantId, firstName, lastName, dateOfBirth })
        .returning('id');
      const id = (row as { id: number }).id;
      if (organisationId !== null) await connectPersons(db.knex, organisationId, [id]);
      return id;
    },
    drop: db.drop,
  };
}

/**
 * Every row of every membership table but the columns that say when or in which transaction a row
 * last changed, for tests that compare a state before and after (an undo). `except`: tables left out.
 * The operators' audit log and the partners' removals are always left out: they record the upload,
 * the undo request and what the undo deleted, and an undo adds to them rather than restoring them
 * (append-only, issue 20; docs/partner-api.md, "Removals").
 */
export async function membershipSnapshot(knex: Knex, except: readonly string[] = []): Promise<Record<string, string[]>> {
  const { rows: tables } = await knex.raw<{ rows: Array<{ table_name: string }> }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'membership' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { table_name: table } of tables) {
    if (table === 'audit_log' || table === 'partner_removals' || except.includes(table)) continue;
    const { rows } = await knex.raw<{ rows: Array<{ row: string }> }>(
      `SELECT (to_jsonb(t) - 'updated_at' - 'sync_xid')::text AS row FROM membership.${table} t ORDER BY 1`,
    );
    out[table] = rows.map((r) => r.row);
  }
  return out;
}
