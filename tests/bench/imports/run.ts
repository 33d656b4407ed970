import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { StackOptions } from '@ems/router/src/dev/stack';
import { seededBenchDatabase } from '../lib/databaseServer';
import { describeServiceEnv, runEnvironment } from '../lib/env';
import { runBenchProcess, STOP_GRACE_MS, whenAborted, runCleanup, writeResult } from '../lib/run';
import { startBenchStack } from '../lib/stack';
import { summarise } from '../lib/stats';
import { fixed } from '../lib/table';
import { copyBaseline } from './copyBaseline';
import { writeFloor } from './writeFloor';
import { loadImportsBenchEnv, type ImportsBenchEnv } from './env';
import { fileSize, generateFiles } from './generate';
import { ImportApiMissingError, runImport, signIn, type RouterSession } from './importRun';
import { PeakSampler, WorkerLauncher, WorkerMissingError } from './memory';
import { formatReport, TARGETS, verdicts, type ImportsBenchResult, type MeasuredImport } from './report';
import { formatResultSetReport, measureResultSetImport, RESULT_SET_TARGET_ROWS_PER_SECOND, resultSetVerdict } from './resultSets';
import { formatMemberReport, measureMemberImport, MEMBER_IMPORT_TARGET_ROWS_PER_SECOND, memberVerdicts } from './members';
import { createBenchEvent, demoOrganisationId, OPERATOR_USER_KEY, seedPersons } from './seed';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const LOG_FILE = path.join(ROOT, 'test-artifacts', 'logs', 'bench-imports.log');
const RESULT_FILE = path.join(ROOT, 'test-artifacts', 'bench', 'imports.json');
/** Tenant 1 (the demo club) signs its links with md5 and is reached through the host name `localhost`. */
const TENANT_HOST = 'localhost';
/** Kept free at the end of the time limit for the report and cleanup. */
const FINAL_RESERVE_MS = 20_000;
/** The small uploads' jobs take a moment each: their state is read more often than the large ones'. */
const DELAY_POLL_MS = 50;
const seconds = (fromMs: number) => `${fixed((performance.now() - fromMs) / 1000, 1)} s`;
const megabytes = (bytes: number) => `${fixed(bytes / (1024 * 1024), 1)} MB`;

async function main(env: ImportsBenchEnv, signal: AbortSignal, startedAtMs: number): Promise<void> {
  const cleanup: Array<() => Promise<void>> = [];
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const cutoff = performance.now() + (startedAtMs + env.timeLimitMs - Date.now()) - FINAL_RESERVE_MS;
  try {
    const work = async () => {
      console.log(
        `imports bench: ${env.rows} CSV rows (and ${env.smallRows} as CSV and XLSX) against ${env.existingPersons} persons, ` +
          `E08 with ${env.resultRows} result rows, M01 with ${env.memberRows} member rows, on ` +
          `${env.databaseUrl ? 'a scratch database on DATABASE_URL' : 'embedded PostgreSQL under .data/bench-pg'} ` +
          `(time limit ${env.timeLimitMs / 1000} s)`,
      );
      const db = await seededBenchDatabase(env.databaseUrl, path.join(ROOT, '.data', 'bench-pg'), 'ems_bench_imp', cleanup);
      const { knex, secrets } = db;
      const organisationId = await demoOrganisationId(knex);

      let t0 = performance.now();
      const persons = await seedPersons(knex, db.url, env.existingPersons);
      console.log(`${persons} existing persons seeded (${seconds(t0)})`);

      const dir = mkdtempSync(path.join(os.tmpdir(), 'ems-bench-imports-'));
      cleanup.push(async () => {
        if (env.keepFiles) console.log(`files kept in ${dir}`);
        else rmSync(dir, { recursive: true, force: true });
      });
      t0 = performance.now();
      const files = await generateFiles(dir, env);
      const bytes = { large: fileSize(files.largeCsv), small: fileSize(files.smallCsv), xlsx: fileSize(files.xlsx) };
      console.log(
        `files generated in ${dir} (${seconds(t0)}): ${megabytes(bytes.large)} CSV, ${megabytes(bytes.small)} CSV, ` +
          `${megabytes(bytes.xlsx)} XLSX, ${files.delayCsvs.length} small CSVs`,
      );

      const copy = await copyBaseline(db.url, files.largeCsv);
      console.log(`COPY baseline: ${copy.rows} rows in ${fixed(copy.ms / 1000, 2)} s, ${fixed(copy.rowsPerSecond, 0)} rows/s`);

      const { stack, ports } = await startBenchStack({
        databaseUrl: db.url,
        secrets,
        serviceEnv: env.serviceEnv,
        nodeArgs: env.nodeArgs,
        logFile: LOG_FILE,
        cleanup,
      });
      // The measured workers log into the stack's file too (appending, like the services).
      const logFd = openSync(LOG_FILE, 'a');
      cleanup.push(async () => closeSync(logFd));
      const stackOptions: StackOptions = {
        databaseUrl: db.url,
        secrets,
        ports,
        compiled: true,
        env: env.serviceEnv,
        nodeArgs: env.nodeArgs,
        logs: { fd: logFd },
      };
      const workers = new WorkerLauncher(stackOptions, env.workerEnv);
      cleanup.push(() => workers.stop());

      const session: RouterSession = await signIn(
        stack.urls.router,
        `${TENANT_HOST}:${ports.router}`,
        secrets.customerSecret,
        OPERATOR_USER_KEY,
      );

      const measured = async (label: string, file: string, fileBytes: number, rows: number): Promise<MeasuredImport> => {
        const eventId = await createBenchEvent(knex, organisationId, `Bench ${label}`);
        const worker = await workers.restart();
        const sampler = new PeakSampler(worker.pid);
        console.log(
          `${label}: uploading ${path.basename(file)} (${megabytes(fileBytes)}) to event ${eventId}, fresh worker pid ${worker.pid}`,
        );
        const run = await runImport(session, {
          eventId,
          file,
          bytes: fileBytes,
          expectedRows: rows,
          pollMs: env.pollMs,
          deadline: cutoff,
          onPoll: () => sampler.sample(),
        });
        const memory = sampler.result();
        if (run.state !== 'COMPLETED')
          throw new Error(`${label}: job ${run.jobId} ended ${run.state}: ${run.error?.message ?? 'no error message'}`);
        console.log(
          `${label}: COMPLETED in ${fixed(run.endToEndMs / 1000, 1)} s, ${fixed(run.endToEndRowsPerSecond, 0)} rows/s end to end, ` +
            `start delay ${fixed(run.startDelayMs, 0)} ms, worker peak ${fixed(memory.workerPeakMb, 1)} MB` +
            (memory.childPeakMb === null ? '' : `, child peak ${fixed(memory.childPeakMb, 1)} MB`),
        );
        return { ...run, label, memory };
      };

      const csvSmall = await measured(`CSV ${env.smallRows}`, files.smallCsv, bytes.small, env.smallRows);
      const csvLarge = await measured(`CSV ${env.rows}`, files.largeCsv, bytes.large, env.rows);
      const xlsx = await measured(`XLSX ${env.smallRows}`, files.xlsx, bytes.xlsx, env.smallRows);

      // After the large import, so that the tables are at least as large as they were for it.
      const floor = await writeFloor(knex, env.rows, env.existingPersons);
      console.log(
        `write floor: ${floor.rows} persons and participants in ${fixed(floor.ms / 1000, 1)} s, ${fixed(floor.rowsPerSecond, 0)} rows/s`,
      );

      // E08, the result-set import (whole file), beside a COPY of its own file.
      const resultSet =
        env.resultRows > 0
          ? await measureResultSetImport({
              knex,
              databaseUrl: db.url,
              organisationId,
              dir,
              rows: env.resultRows,
              session,
              freshWorker: async () => {
                const worker = await workers.restart();
                return { worker, sampler: new PeakSampler(worker.pid) };
              },
              pollMs: env.pollMs,
              deadline: cutoff,
            })
          : null;

      // M01, the membership import (row by row), beside a COPY of its own file.
      const members =
        env.memberRows > 0
          ? await measureMemberImport({
              knex,
              databaseUrl: db.url,
              dir,
              rows: env.memberRows,
              existingPersons: env.existingPersons,
              session,
              freshWorker: async () => {
                const worker = await workers.restart();
                return { worker, sampler: new PeakSampler(worker.pid) };
              },
              pollMs: env.pollMs,
              deadline: cutoff,
            })
          : null;

      console.log(`job start delay: ${files.delayCsvs.length} uploads of ${env.delayJobRows} rows, one after the other`);
      const delays: number[] = [];
      for (const file of files.delayCsvs) {
        const eventId = await createBenchEvent(knex, organisationId, `Bench delay ${delays.length + 1}`);
        const run = await runImport(session, {
          eventId,
          file,
          bytes: fileSize(file),
          expectedRows: env.delayJobRows,
          pollMs: DELAY_POLL_MS,
          deadline: cutoff,
        });
        if (run.state !== 'COMPLETED')
          throw new Error(`delay upload ${run.file}: job ${run.jobId} ended ${run.state}: ${run.error?.message ?? ''}`);
        delays.push(run.startDelayMs);
      }

      const result: ImportsBenchResult = { copy, writeFloor: floor, csvSmall, csvLarge, xlsx, startDelay: summarise(delays) };
      const v = verdicts(result, { small: env.smallRows, large: env.rows });
      console.log(`\n${formatReport(result, v)}`);
      if (resultSet) console.log(`\n${formatResultSetReport(resultSet)}`);
      if (members) console.log(`\n${formatMemberReport(members)}`);
      const pass =
        Object.values(v).every(Boolean) &&
        (resultSet === null || resultSetVerdict(resultSet)) &&
        (members === null || Object.values(memberVerdicts(members)).every(Boolean));
      if (loadAtStart[0]! > os.cpus().length) {
        console.log(
          `note: 1-minute load average was ${loadAtStart[0]!.toFixed(1)} on ${os.cpus().length} CPUs before the run; rerun on a quiet machine`,
        );
      }
      writeResult(RESULT_FILE, {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        environment: runEnvironment(db.server, db.postgresVersion, loadAtStart[0]!),
        settings: { ...env, databaseUrl: undefined, serviceEnv: describeServiceEnv(env.serviceEnv), workerEnv: Object.keys(env.workerEnv) },
        targets: {
          ...TARGETS,
          resultSetRowsPerSecondMin: RESULT_SET_TARGET_ROWS_PER_SECOND,
          memberRowsPerSecondMin: MEMBER_IMPORT_TARGET_ROWS_PER_SECOND,
        },
        files: { ...bytes, delayCsvs: files.delayCsvs.length },
        ...result,
        resultSet,
        members,
        startDelaysMs: delays,
        verdicts: {
          ...v,
          ...(resultSet ? { resultSetRate: resultSetVerdict(resultSet) } : {}),
          ...(members ? memberVerdicts(members) : {}),
        },
        pass,
      });
      if (!pass) process.exitCode = 1;
    };
    const running = work();
    try {
      await Promise.race([running, whenAborted(signal)]);
    } finally {
      if (signal.aborted) await Promise.race([running.catch(() => undefined), new Promise((r) => setTimeout(r, STOP_GRACE_MS))]);
    }
  } finally {
    await runCleanup(cleanup);
  }
}

runBenchProcess({
  name: 'imports bench',
  loadEnv: loadImportsBenchEnv,
  main,
  // The framework is being built: say in one line what is missing rather than a stack trace.
  describeFailure: (err) => (err instanceof ImportApiMissingError || err instanceof WorkerMissingError ? err.message : null),
});
