import { setMaxListeners } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import { signMd5Link } from '@ems/router/src/dev/customerSite';
import { runBenchProcess, STOP_GRACE_MS, whenAborted, runCleanup, writeResult } from '../lib/run';
import { describeServiceEnv, runEnvironment } from '../lib/env';
import { seededBenchDatabase } from '../lib/databaseServer';
import { startBenchStack } from '../lib/stack';
import { cookieFrom, keepAliveAgent, prepareRequest, type PreparedRequest } from '../lib/http';
import { runLoad, type LoadResult } from '../lib/load';
import { summarise } from '../lib/stats';
import { loadRegistrationBenchEnv, type RegistrationBenchEnv } from './env';
import { registerMember, SESSION_COOKIE, WorkerAgents, type JourneyTarget } from './flow';
import { createBenchMembers, paidRegistrations } from './members';
import { formatReport, stepResults, TARGETS, totalErrors, type BaselineResult, type RegistrationsResult } from './report';
import { StepLog } from './steps';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const LOG_FILE = path.join(ROOT, 'test-artifacts', 'logs', 'bench-registration.log');
const RESULT_FILE = path.join(ROOT, 'test-artifacts', 'bench', 'registration.json');
/** Tenant 1 (the demo club) signs its links with md5 and is reached through the host name `localhost`. */
const TENANT_HOST = 'localhost';
/** The trivial authenticated query: session lookup, token, one subgraph, no database work of its own. */
const BASELINE_QUERY = '{ viewer { userKey } }';
/** Kept free at the end of the time limit for the report and cleanup. */
const FINAL_RESERVE_MS = 20_000;
/** Warm-up registrations run this many at a time. */
const WARMUP_CONCURRENCY = 5;
interface BaselineSession {
  userKey: string;
  request: PreparedRequest;
}

/**
 * Registrations of `userKeys`, `concurrency` at a time, until all started or `durationMs` is over.
 * The workers' first registrations start spread over `rampMs`, so that the run is at its
 * concurrency without every member signing in in the same instant (the baseline, too, is measured
 * only after its warm-up). A journey's time starts at its sign-in, not at the worker's start.
 */
async function registerAll(
  target: JourneyTarget,
  userKeys: readonly string[],
  o: { concurrency: number; durationMs: number; rampMs: number; steps: StepLog; signal: AbortSignal },
): Promise<{ load: LoadResult; started: number; journeysMs: number[] }> {
  const agents = new WorkerAgents();
  // A stop cuts the requests in flight instead of waiting for their answers.
  const cut = () => agents.destroy();
  o.signal.addEventListener('abort', cut, { once: true });
  const rampedUp = new Set<number>();
  const journeysMs: number[] = [];
  let next = 0;
  try {
    const load = await runLoad({
      concurrency: o.concurrency,
      warmupMs: 0,
      durationMs: o.durationMs,
      maxRequests: userKeys.length,
      signal: o.signal,
      request: async (worker) => {
        const userKey = userKeys[next++];
        if (!userKey) throw new Error('no member left to register');
        if (!rampedUp.has(worker)) {
          rampedUp.add(worker);
          await delay((worker * o.rampMs) / o.concurrency, o.signal);
        }
        const t0 = performance.now();
        await registerMember(target, agents, worker, userKey, o.steps);
        journeysMs.push(performance.now() - t0);
      },
    });
    return { load, started: next, journeysMs };
  } finally {
    o.signal.removeEventListener('abort', cut);
    agents.destroy();
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * The baseline: `concurrency` workers sending the trivial query back to back. Beside the
 * registrations it runs until `until` is aborted (they are done); `warmupMs` are not recorded.
 */
async function runBaseline(
  sessions: readonly BaselineSession[],
  o: { concurrency: number; warmupMs: number; durationMs: number; until?: AbortSignal; signal: AbortSignal },
) {
  const agent = keepAliveAgent(o.concurrency);
  const cut = () => agent.destroy();
  o.signal.addEventListener('abort', cut, { once: true });
  try {
    return await runLoad({
      concurrency: o.concurrency,
      warmupMs: o.warmupMs,
      durationMs: o.durationMs,
      maxRequests: 1_000_000,
      signal: o.signal,
      until: o.until,
      request: async (worker) => {
        const session = sessions[worker % sessions.length]!;
        const res = await session.request.send(agent);
        if (res.status !== 200 || res.body.includes('"errors"') || !res.body.includes(`"userKey":"${session.userKey}"`)) {
          throw new Error(`baseline answered ${res.status}: ${res.body.slice(0, 200)}`);
        }
      },
    });
  } finally {
    o.signal.removeEventListener('abort', cut);
    agent.destroy();
  }
}

async function main(env: RegistrationBenchEnv, signal: AbortSignal, startedAtMs: number): Promise<void> {
  const cleanup: Array<() => Promise<void>> = [];
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const deadline = startedAtMs + env.timeLimitMs;
  try {
    const work = async () => {
      console.log(
        `registration bench: ${env.members} members, ${env.concurrency} at a time, on ` +
          `${env.databaseUrl ? 'a scratch database on DATABASE_URL' : 'embedded PostgreSQL under .data/bench-pg'} ` +
          `(time limit ${env.timeLimitMs / 1000} s)`,
      );
      const db = await seededBenchDatabase(env.databaseUrl, path.join(ROOT, '.data', 'bench-pg'), 'ems_bench_reg', cleanup);
      const { knex, secrets } = db;
      const measuredKeys = await createBenchMembers(knex, 'bench.reg', env.members);
      const warmupKeys = await createBenchMembers(knex, 'bench.warm', env.warmupMembers);
      const baselineKeys = await createBenchMembers(knex, 'bench.base', env.baselineConcurrency);
      console.log(`${measuredKeys.length + warmupKeys.length + baselineKeys.length} members created (measured, warm-up, baseline)`);

      const { stack, ports } = await startBenchStack({
        databaseUrl: db.url,
        secrets,
        serviceEnv: env.serviceEnv,
        nodeArgs: env.nodeArgs,
        logFile: LOG_FILE,
        cleanup,
      });

      const routerHost = `${TENANT_HOST}:${ports.router}`;
      const setup = keepAliveAgent(4);
      cleanup.push(async () => setup.destroy());
      const sessions: BaselineSession[] = [];
      for (const userKey of baselineKeys) {
        const link = signMd5Link(secrets.customerSecret, userKey);
        const res = await prepareRequest({
          method: 'POST',
          url: `${stack.urls.router}/api/auth/external-login`,
          headers: { host: routerHost },
          json: { userKey: link.u, userHash: link.h },
        }).send(setup);
        const cookie = cookieFrom(res.headers, SESSION_COOKIE);
        if (res.status !== 200 || !cookie)
          throw new Error(`baseline sign-in of ${userKey} failed: ${res.status} ${res.body.slice(0, 200)}`);
        sessions.push({
          userKey,
          request: prepareRequest({
            method: 'POST',
            url: `${stack.urls.router}/graphql`,
            headers: { host: routerHost, cookie: `${SESSION_COOKIE}=${cookie}` },
            json: { query: BASELINE_QUERY },
          }),
        });
      }

      const target: JourneyTarget = {
        routerUrl: stack.urls.router,
        routerHost,
        customerSecret: secrets.customerSecret,
        periodId: DEMO_PERIOD_ID,
        requestTimeoutMs: env.requestTimeoutMs,
        cutoff: performance.now() + (deadline - Date.now()) - FINAL_RESERVE_MS,
      };
      const remainingMs = () => target.cutoff - performance.now();

      // JIT, connection pools and caches of the services: a few registrations not measured.
      if (warmupKeys.length) {
        const warm = await registerAll(target, warmupKeys, {
          concurrency: Math.min(WARMUP_CONCURRENCY, warmupKeys.length),
          durationMs: remainingMs(),
          rampMs: 0,
          steps: new StepLog(),
          signal,
        });
        console.log(`warm-up: ${warm.load.latenciesMs.length} of ${warmupKeys.length} registrations completed`);
        if (warm.load.errors) console.log(`warm-up error: ${warm.load.firstError}`);
      }

      // The baseline's own connections and the router's session cache for its members, unmeasured.
      await runBaseline(sessions, { concurrency: env.baselineConcurrency, warmupMs: env.baselineWarmupMs, durationMs: 0, signal });

      console.log(
        `registering ${measuredKeys.length} members, ${env.concurrency} at a time (first ones started over ${env.rampMs / 1000} s), ` +
          `baseline ${BASELINE_QUERY} beside them at concurrency ${env.baselineConcurrency}`,
      );
      const steps = new StepLog();
      // The baseline runs beside the registrations, measured from the end of their ramp-up until
      // the last one is done, so that both see the same load on the same machine.
      const registrationsDone = new AbortController();
      const beside = runBaseline(sessions, {
        concurrency: env.baselineConcurrency,
        warmupMs: env.rampMs,
        durationMs: Number.POSITIVE_INFINITY,
        until: registrationsDone.signal,
        signal,
      });
      // Awaited below; a stop (Ctrl-C) that ends the registrations early must not leave it unhandled.
      beside.catch(() => undefined);
      // New registrations start only while the longest one seen so far could still finish.
      const registrations = await registerAll(target, measuredKeys, {
        concurrency: env.concurrency,
        durationMs: Math.max(remainingMs() - 10_000, 0),
        rampMs: env.rampMs,
        steps,
        signal,
      }).finally(() => registrationsDone.abort());
      const baselineLoad = await beside;
      const baseline: BaselineResult = {
        description: `POST /graphql ${BASELINE_QUERY}`,
        concurrency: env.baselineConcurrency,
        latency: summarise(baselineLoad.latenciesMs),
        throughput: baselineLoad.throughput,
        errors: baselineLoad.errors,
        firstError: baselineLoad.firstError,
      };

      const load = registrations.load;
      const registrationsResult: RegistrationsResult = {
        concurrency: env.concurrency,
        requested: measuredKeys.length,
        started: registrations.started,
        completed: registrations.journeysMs.length,
        failed: load.errors,
        notStarted: measuredKeys.length - registrations.started,
        perSecond: load.throughput,
        measuredMs: load.measuredMs,
        journey: summarise(registrations.journeysMs),
        firstError: load.firstError,
      };
      const stepsResult = stepResults(steps.records(), baseline.latency.p99Ms);
      const database = await paidRegistrations(knex, measuredKeys);

      console.log(`\n${formatReport(stepsResult, baseline, registrationsResult)}`);
      console.log(`database: ${database.paidOrders} paid orders, ${database.activeMemberships} active memberships of the measured members`);
      // The run itself keeps both cores busy; what matters is whether something else did already.
      if (loadAtStart[0]! > os.cpus().length) {
        console.log(
          `note: 1-minute load average was ${loadAtStart[0]!.toFixed(1)} on ${os.cpus().length} CPUs before the run; rerun on a quiet machine`,
        );
      }

      const errors = totalErrors(registrationsResult, baseline);
      const result = {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        environment: runEnvironment(db.server, db.postgresVersion, loadAtStart[0]!),
        settings: {
          ...env,
          databaseUrl: undefined,
          serviceEnv: describeServiceEnv(env.serviceEnv),
          periodId: DEMO_PERIOD_ID,
          baselineQuery: BASELINE_QUERY,
        },
        targets: TARGETS,
        baseline,
        registrations: registrationsResult,
        steps: stepsResult,
        errors,
        database,
        pass: errors <= TARGETS.errorsMax && registrationsResult.notStarted === 0 && stepsResult.every((s) => s.pass),
      };
      writeResult(RESULT_FILE, result);
    };
    const running = work();
    try {
      await Promise.race([running, whenAborted(signal)]);
    } finally {
      // Stopped early: let the phase under way notice (its connections are cut) and register what
      // it started, such as the stack, so that the cleanup below stops it too.
      if (signal.aborted) await Promise.race([running.catch(() => undefined), new Promise((r) => setTimeout(r, STOP_GRACE_MS))]);
    }
  } finally {
    await runCleanup(cleanup);
  }
}

runBenchProcess({
  name: 'registration bench',
  loadEnv: loadRegistrationBenchEnv,
  main,
  // Every ramping worker waits on the signal at once, besides the phases' own listeners: no limit.
  prepare: (abort) => setMaxListeners(0, abort.signal),
});
