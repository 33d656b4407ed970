import { z } from 'zod';
import { embeddedDatabaseUrl } from '@ems/db';
import { parseEnv, port, productionModeShape, refuseDevelopmentDefaults, seconds, serviceEnvShape } from '@ems/service-runtime';
import type { ReadLimits } from './parsing';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Limits on what an upload may be and become; the service and the worker read the same ones. */
export const importLimitsShape = {
  /** Largest upload accepted (bytes); a larger declared Content-Length is refused before the body is read. */
  IMPORT_MAX_UPLOAD_BYTES: positiveInt(256 * 1024 * 1024),
  /** Most data rows one file may hold. */
  IMPORT_MAX_ROWS: positiveInt(2_000_000),
  /** An XLSX may expand to at most this many bytes (zip bombs). */
  IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES: positiveInt(1024 * 1024 * 1024),
  /** Memory limit of the child process that reads an XLSX (MB): its resident set, watched, and its heap cap. */
  IMPORT_XLSX_WORKER_MEMORY_MB: positiveInt(1536),
  /** Temp disk one XLSX read may use (bytes): the spooled workbook and anything its reader writes. */
  IMPORT_XLSX_TEMP_DISK_BYTES: positiveInt(512 * 1024 * 1024),
};

/** What a file's reader may use, for the service's previews and the worker's jobs alike. */
export function readLimitsOf(env: z.output<z.ZodObject<typeof importLimitsShape>>): ReadLimits {
  return {
    maxRows: env.IMPORT_MAX_ROWS,
    xlsxMaxUncompressedBytes: env.IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES,
    xlsxWorkerMemoryMb: env.IMPORT_XLSX_WORKER_MEMORY_MB,
    xlsxTempDiskBytes: env.IMPORT_XLSX_TEMP_DISK_BYTES,
  };
}

const fields = z.object({
  ...serviceEnvShape,
  ...importLimitsShape,
  IMPORTS_PORT: port(4003),
  /** Previews one service process reads at the same time; more are answered 429 TOO_MANY_PREVIEWS. */
  IMPORT_PREVIEW_CONCURRENCY: positiveInt(2),
});

/** Production mode: no generated development secrets, no placeholder JWT secret (README, "Production"). */
const schema = fields.superRefine(refuseDevelopmentDefaults<z.output<typeof fields>>({ secrets: ['JWT_SECRET'] }));

export type ImportsEnv = ReturnType<typeof loadEnv>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(schema, source, 'imports');
  return { ...env, DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}

const workerFields = z.object({
  DATABASE_URL: serviceEnvShape.DATABASE_URL,
  EMBEDDED_PG_PORT: serviceEnvShape.EMBEDDED_PG_PORT,
  HOST: serviceEnvShape.HOST,
  LOG_LEVEL: serviceEnvShape.LOG_LEVEL,
  ...productionModeShape,
  ...importLimitsShape,
  /** The worker's health endpoint (`/actuator/health`, like the services'), for the launcher and liveness checks. */
  IMPORTS_WORKER_PORT: port(4013),
  /** How long a worker's claim on a job lasts without renewal; after a crash another worker takes over then. */
  IMPORT_LEASE_SECONDS: seconds(30),
  /** Rows per processing chunk (one transaction each, with its row results and the checkpoint). */
  IMPORT_CHUNK_ROWS: positiveInt(5000),
  /** Jobs one worker runs at the same time. */
  IMPORT_WORKER_CONCURRENCY: positiveInt(2),
});

/** Production mode: the worker holds no secret of its own, but refuses the launcher's generated ones all the same. */
const workerSchema = workerFields.superRefine(refuseDevelopmentDefaults<z.output<typeof workerFields>>({ secrets: [] }));

export type WorkerEnv = ReturnType<typeof loadWorkerEnv>;

export function loadWorkerEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(workerSchema, source, 'imports-worker');
  return { ...env, DATABASE_URL: env.DATABASE_URL ?? embeddedDatabaseUrl(env.EMBEDDED_PG_PORT) };
}
