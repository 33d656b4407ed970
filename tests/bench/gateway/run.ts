import { createWriteStream, mkdirSync, writeFileSync, type WriteStream } from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createKnex, DEMO_USERS, migrateLatest, seedDemo } from '@ems/db';
import { signMd5Link } from '@ems/router/src/dev/customerSite';
import { generateDevSecrets, type DevSecrets } from '@ems/router/src/dev/secrets';
import { freePort, startStack, STACK_SERVICES, type StackService } from '@ems/router/src/dev/stack';
import { acquireBenchDatabase } from '../lib/databaseServer';
import { cookieFrom, keepAliveAgent, prepareRequest } from '../lib/http';
import { runLoad } from '../lib/load';
import { summarise } from '../lib/stats';
import { loadBenchEnv, type BenchEnv } from './env';
import { compare, formatReport, sessionWritesResult, TARGETS, type PhaseResult } from './report';
import { gatewayScenarios, type BenchTargets, type ScenarioTarget } from './scenarios';
import { sessionTableWrites, settledSessionTableWrites, STATS_SETTLE_MS } from './sessionWrites';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const LOG_FILE = path.join(ROOT, 'test-artifacts', 'logs', 'bench-gateway.log');
const RESULT_FILE = path.join(ROOT, 'test-artifacts', 'bench', 'gateway.json');
const CONCURRENCY = [1, 32] as const;
/** Tenant 1 signs its links with md5 and is reached through the host name `localhost`. */
const TENANT_HOST = 'localhost';
const USER_KEYS = DEMO_USERS.filter((u) => u.registrationSystemId === 1).map((u) => u.userKey);

async function signIn(agent: http.Agent, routerUrl: string, host: string, secrets: DevSecrets, userKey: string): Promise<string> {
  const link = signMd5Link(secrets.customerSecret, userKey);
  const res = await prepareRequest({
    method: 'POST',
    url: `${routerUrl}/api/auth/external-login`,
    headers: { host },
    json: { userKey: link.u, userHash: link.h },
  }).send(agent);
  const cookie = cookieFrom(res.headers, 'ems.sid');
  if (res.status !== 200 || !cookie) throw new Error(`sign-in of ${userKey} failed: ${res.status} ${res.body.slice(0, 200)}`);
  return cookie;
}

async function exchangeToken(agent: http.Agent, membershipUrl: string, secrets: DevSecrets, userKey: string): Promise<string> {
  const res = await prepareRequest({
    method: 'POST',
    url: `${membershipUrl}/api/auth/exchange`,
    headers: { authorization: `ApiKey ${secrets.portalApiKey}` },
    json: { userKey },
  }).send(agent);
  if (res.status !== 200) throw new Error(`token exchange for ${userKey} failed: ${res.status}`);
  return (JSON.parse(res.body) as { token: string }).token;
}

/** Every worker's request once, before any load: a benchmark of error answers is worthless. */
async function verify(agent: http.Agent, target: ScenarioTarget, workers: number): Promise<number> {
  for (let w = 0; w < workers; w++) {
    const { request, check } = target.requestFor(w);
    check(await request.send(agent));
  }
  return workers;
}

async function runPhase(env: BenchEnv, scenario: string, target: ScenarioTarget, concurrency: number, signal: AbortSignal): Promise<PhaseResult> {
  const agent = keepAliveAgent(concurrency);
  try {
    const result = await runLoad({
      concurrency,
      warmupMs: env.warmupMs,
      durationMs: env.durationMs,
      maxRequests: env.maxRequests,
      signal,
      request: async (worker) => {
        const { request, check } = target.requestFor(worker);
        check(await request.send(agent));
      },
    });
    const phase: PhaseResult = {
      scenario,
      via: target.via,
      concurrency,
      latency: summarise(result.latenciesMs),
      throughput: result.throughput,
      measuredMs: result.measuredMs,
      sent: result.sent,
      errors: result.errors,
      firstError: result.firstError,
    };
    console.log(
      `  ${scenario} ${target.via} c${concurrency}: p50 ${phase.latency.p50Ms.toFixed(2)} ms, ` +
        `p99 ${phase.latency.p99Ms.toFixed(2)} ms, ${phase.throughput.toFixed(0)} req/s, ${phase.errors} errors`,
    );
    return phase;
  } finally {
    agent.destroy();
  }
}

function closeLog(log: WriteStream): Promise<void> {
  return new Promise((resolve) => log.end(resolve));
}

async function main(signal: AbortSignal): Promise<void> {
  const env = loadBenchEnv();
  const cleanup: Array<() => Promise<void>> = [];
  const startedAt = new Date();
  try {
    console.log(`gateway bench: ${env.databaseUrl ? 'scratch database on DATABASE_URL' : 'embedded PostgreSQL under .data/bench-pg'}`);
    const db = await acquireBenchDatabase(env.databaseUrl, path.join(ROOT, '.data', 'bench-pg'), 'ems_bench');
    cleanup.push(db.release);
    const knex = createKnex(db.url, { poolMax: 1, applicationName: 'ems-bench' });
    cleanup.push(() => knex.destroy());
    const secrets = generateDevSecrets();
    await migrateLatest(knex);
    await seedDemo(knex, { customerSecret: secrets.customerSecret, portalApiKey: secrets.portalApiKey });
    const { rows: versionRows } = await knex.raw<{ rows: Array<{ server_version: string }> }>('SHOW server_version');

    mkdirSync(path.dirname(LOG_FILE), { recursive: true });
    const log = createWriteStream(LOG_FILE, { flags: 'w' });
    cleanup.push(() => closeLog(log));
    const ports = {} as Record<StackService, number>;
    for (const s of STACK_SERVICES) ports[s] = await freePort();
    const stack = await startStack({ databaseUrl: db.url, secrets, ports, onLog: (service, line) => log.write(`${service}\t${line}\n`) });
    cleanup.push(() => stack.stop());
    console.log(`stack up (logs: ${path.relative(ROOT, LOG_FILE)})`);

    const setup = keepAliveAgent(4);
    cleanup.push(async () => setup.destroy());
    const routerHost = `${TENANT_HOST}:${ports.router}`;
    const sessions: Array<{ userKey: string; cookie: string }> = [];
    for (let i = 0; i < env.sessions; i++) {
      const userKey = USER_KEYS[i % USER_KEYS.length]!;
      sessions.push({ userKey, cookie: await signIn(setup, stack.urls.router, routerHost, secrets, userKey) });
    }
    if (new Set(sessions.map((s) => s.cookie)).size !== sessions.length) throw new Error('sign-ins did not make distinct sessions');
    const tokens = new Map<string, string>();
    for (const userKey of USER_KEYS) tokens.set(userKey, await exchangeToken(setup, stack.urls.membership, secrets, userKey));
    console.log(`${sessions.length} sessions signed in over ${USER_KEYS.length} users`);

    const targets: BenchTargets = {
      routerUrl: stack.urls.router,
      routerHost,
      membershipUrl: stack.urls.membership,
      portalApiKey: secrets.portalApiKey,
      sessions,
      tokens,
    };
    const scenarios = gatewayScenarios(targets);
    const maxWorkers = Math.max(...CONCURRENCY);
    let authenticatedRouterRequests = 0;
    for (const s of scenarios) {
      await verify(setup, s.direct, maxWorkers);
      await verify(setup, s.router, maxWorkers);
    }
    let lastRouterActivity = Date.now();

    // Direct phases never touch gateway.session; the window spans only the router phases' writes.
    let writesBefore: number | undefined;
    const phases: PhaseResult[] = [];
    for (const s of scenarios) {
      for (const concurrency of CONCURRENCY) {
        phases.push(await runPhase(env, s.name, s.direct, concurrency, signal));
        writesBefore ??= await settledSessionTableWrites(knex, lastRouterActivity);
        const routed = await runPhase(env, s.name, s.router, concurrency, signal);
        phases.push(routed);
        lastRouterActivity = Date.now();
        if (s.router.authenticatedRouterRequests) authenticatedRouterRequests += routed.sent;
      }
    }
    console.log(`waiting for PostgreSQL table statistics (up to ${STATS_SETTLE_MS / 1000} s)`);
    const writesAfter = await settledSessionTableWrites(knex, lastRouterActivity);
    const session = sessionWritesResult(writesAfter - (writesBefore ?? (await sessionTableWrites(knex))), authenticatedRouterRequests);
    const comparisons = compare(phases, Math.min(...CONCURRENCY));

    console.log(`\n${formatReport(phases, comparisons, session)}`);

    mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
    const result = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      environment: {
        node: process.version,
        platform: `${os.platform()} ${os.arch()}`,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        database: db.server,
        postgres: versionRows[0]?.server_version,
      },
      settings: { ...env, databaseUrl: undefined, concurrency: CONCURRENCY, signedInSessions: sessions.length, users: USER_KEYS.length },
      targets: TARGETS,
      scenarios: scenarios.map((s) => ({ name: s.name, description: s.description })),
      phases,
      comparisons,
      sessionWrites: session,
      pass: comparisons.every((c) => c.pass) && session.pass,
    };
    writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nresults: ${path.relative(ROOT, RESULT_FILE)}`);
  } finally {
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch (err) {
        console.error('cleanup failed:', err);
        process.exitCode = 1;
      }
    }
  }
}

const abort = new AbortController();
process.once('SIGINT', () => abort.abort());
process.once('SIGTERM', () => abort.abort());
main(abort.signal).then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error('gateway bench failed:', err);
    process.exit(1);
  },
);
