import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PERIOD_ID, DEMO_USERS } from '@ems/membership/demo';
import { signMd5Link } from '@ems/router/src/dev/customerSite';
import type { DevSecrets } from '@ems/router/src/dev/secrets';
import { runCleanup, writeResult } from '../lib/run';
import { describeServiceEnv, runEnvironment } from '../lib/env';
import { seededBenchDatabase } from '../lib/databaseServer';
import { startBenchStack } from '../lib/stack';
import { startBareGateway, startBareProxy } from './bareProxy';
import { cookieFrom, keepAliveAgent, prepareRequest } from '../lib/http';
import { mergeLoadResults, runLoad, type LoadResult } from '../lib/load';
import { summarise } from '../lib/stats';
import { loadBenchEnv, type BenchEnv } from './env';
import { compare, formatReport, sessionWritesResult, TARGETS, type PhaseResult } from './report';
import { gatewayScenarios, SERVICES_PREFIX, type BenchTargets, type Scenario, type ScenarioTarget } from './scenarios';
import { settledSessionTableWrites, STATS_SETTLE_MS } from './sessionWrites';

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
async function verify(agent: http.Agent, target: ScenarioTarget, workers: number): Promise<void> {
  for (let w = 0; w < workers; w++) {
    const { request, check } = target.requestFor(w);
    check(await request.send(agent));
  }
}

function toPhase(scenario: string, target: ScenarioTarget, result: LoadResult, warmupSent: number): PhaseResult {
  return {
    scenario,
    via: target.via,
    concurrency: result.concurrency,
    latency: summarise(result.latenciesMs),
    throughput: result.throughput,
    measuredMs: result.measuredMs,
    sent: warmupSent + result.sent,
    errors: result.errors,
    firstError: result.firstError,
  };
}

/**
 * Direct and router (and the floors: bare proxy, bare gateway) at one concurrency: all warmed
 * up, then measured in alternating slices so that whatever else the machine is doing weighs on
 * every side alike.
 */
async function runPair(env: BenchEnv, scenario: Scenario, concurrency: number, signal: AbortSignal): Promise<PhaseResult[]> {
  const targets = [scenario.direct, scenario.router, ...scenario.floors];
  const agents = targets.map(() => keepAliveAgent(concurrency));
  try {
    const load = (i: number, warmupMs: number, durationMs: number) =>
      runLoad({
        concurrency,
        warmupMs,
        durationMs,
        maxRequests: Math.ceil(env.maxRequests / env.slices),
        signal,
        request: async (worker) => {
          const { request, check } = targets[i]!.requestFor(worker);
          check(await request.send(agents[i]!));
        },
      });
    const warmupSent: number[] = [];
    for (let i = 0; i < targets.length; i++) warmupSent.push((await load(i, env.warmupMs, 0)).sent);
    const slices: LoadResult[][] = targets.map(() => []);
    for (let slice = 0; slice < env.slices; slice++) {
      for (let i = 0; i < targets.length; i++) slices[i]!.push(await load(i, 0, env.durationMs / env.slices));
    }
    const phases = targets.map((t, i) => toPhase(scenario.name, t, mergeLoadResults(slices[i]!), warmupSent[i]!));
    for (const p of phases) {
      console.log(
        `  ${p.scenario} ${p.via} c${concurrency}: p50 ${p.latency.p50Ms.toFixed(2)} ms, ` +
          `p99 ${p.latency.p99Ms.toFixed(2)} ms, ${p.throughput.toFixed(0)} req/s, ${p.errors} errors`,
      );
    }
    return phases;
  } finally {
    for (const a of agents) a.destroy();
  }
}

async function main(signal: AbortSignal): Promise<void> {
  const env = loadBenchEnv();
  const cleanup: Array<() => Promise<void>> = [];
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  try {
    console.log(`gateway bench: ${env.databaseUrl ? 'scratch database on DATABASE_URL' : 'embedded PostgreSQL under .data/bench-pg'}`);
    const db = await seededBenchDatabase(env.databaseUrl, path.join(ROOT, '.data', 'bench-pg'), 'ems_bench', cleanup);
    const { knex, secrets } = db;

    const { stack, ports } = await startBenchStack({
      databaseUrl: db.url,
      secrets,
      serviceEnv: env.serviceEnv,
      nodeArgs: env.nodeArgs,
      logFile: LOG_FILE,
      cleanup,
    });

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

    const bareProxy = await startBareProxy({
      upstreamUrl: stack.urls.membership,
      prefix: SERVICES_PREFIX,
      apiKey: secrets.portalApiKey,
    });
    cleanup.push(() => bareProxy.stop());
    const formsBareProxy = await startBareProxy({
      upstreamUrl: stack.urls.forms,
      prefix: SERVICES_PREFIX,
      apiKey: secrets.portalApiKey,
    });
    cleanup.push(() => formsBareProxy.stop());
    const bareGateway = await startBareGateway({
      supergraphPath: path.join(ROOT, 'schema', 'supergraph.graphql'),
      serviceUrls: { membership: stack.urls.membership, forms: stack.urls.forms, imports: stack.urls.imports },
      apiKey: secrets.portalApiKey,
    });
    cleanup.push(() => bareGateway.stop());

    const targets: BenchTargets = {
      routerUrl: stack.urls.router,
      routerHost,
      membershipUrl: stack.urls.membership,
      formsUrl: stack.urls.forms,
      bareProxyUrl: bareProxy.url,
      formsBareProxyUrl: formsBareProxy.url,
      bareGatewayUrl: bareGateway.url,
      periodId: DEMO_PERIOD_ID,
      portalApiKey: secrets.portalApiKey,
      sessions,
      tokens,
    };
    const allScenarios = gatewayScenarios(targets);
    // A renamed scenario would otherwise drop silently from judged to information.
    for (const name of Object.keys({ ...TARGETS.latencyRatioMax, ...TARGETS.throughputRatioMin })) {
      if (!allScenarios.some((s) => s.name === name)) throw new Error(`TARGETS names no scenario: ${name}`);
    }
    const scenarios = allScenarios.filter((s) => env.scenarios.length === 0 || env.scenarios.includes(s.name));
    if (scenarios.length === 0) throw new Error(`BENCH_SCENARIOS matches no scenario: ${env.scenarios.join(', ')}`);
    const maxWorkers = Math.max(...CONCURRENCY);
    let authenticatedRouterRequests = 0;
    for (const s of scenarios) {
      for (const target of [s.direct, s.router, ...s.floors]) await verify(setup, target, maxWorkers);
    }
    // Sign-ins and checks above wrote sessions too: the window starts once their stats are in.
    console.log(`waiting for PostgreSQL table statistics (${STATS_SETTLE_MS / 1000} s)`);
    const writesBefore = await settledSessionTableWrites(knex, Date.now());
    const phases: PhaseResult[] = [];
    for (const s of scenarios) {
      for (const concurrency of CONCURRENCY) {
        const pair = await runPair(env, s, concurrency, signal);
        phases.push(...pair);
        for (const p of pair) if (p.via === 'router' && s.router.authenticatedRouterRequests) authenticatedRouterRequests += p.sent;
      }
    }
    const lastRouterActivity = Date.now();
    console.log(`waiting for PostgreSQL table statistics (${STATS_SETTLE_MS / 1000} s)`);
    const writesAfter = await settledSessionTableWrites(knex, lastRouterActivity);
    const session = sessionWritesResult(writesAfter - writesBefore, authenticatedRouterRequests);
    const comparisons = compare(phases, Math.min(...CONCURRENCY));

    console.log(`\n${formatReport(phases, comparisons, session)}`);
    const busiest = Math.max(loadAtStart[0]!, os.loadavg()[0]!);
    if (busiest > os.cpus().length) {
      // Other work on the machine competes for the same cores: ratios are pessimistic and noisy.
      console.log(`\nnote: 1-minute load average reached ${busiest.toFixed(1)} on ${os.cpus().length} CPUs; rerun on a quiet machine`);
    }

    const result = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      environment: runEnvironment(db.server, db.postgresVersion, loadAtStart[0]!),
      settings: {
        ...env,
        databaseUrl: undefined,
        serviceEnv: describeServiceEnv(env.serviceEnv),
        concurrency: CONCURRENCY,
        signedInSessions: sessions.length,
        users: USER_KEYS.length,
      },
      targets: TARGETS,
      scenarios: scenarios.map((s) => ({ name: s.name, description: s.description })),
      phases,
      comparisons,
      sessionWrites: session,
      pass: comparisons.every((c) => c.pass) && session.pass,
    };
    writeResult(RESULT_FILE, result);
  } finally {
    await runCleanup(cleanup);
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
