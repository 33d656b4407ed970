import { spawnSync } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { freePort, startStack, STACK_SERVICES, type RunningStack, type StackService } from '@ems/router/src/dev/stack';
import { describeSupervisorEvent, type SupervisorEvent } from '@ems/router/src/dev/supervisor';
import { HttpClient } from '../support/client';
import { signMd5Link } from '../support/demo';
import { testServerUrl } from '../support/databaseServer';
import { demoScratchDatabase } from '../support/scratchDatabase';
import { ARTIFACTS } from '../support/stackSetup';
import { until } from '../support/until';
import { e2eContext } from '../support/stackContext';

/**
 * Production runs the bundles of `npm run build` (`node --enable-source-maps <package>/dist/main.js`),
 * not the TypeScript the other e2e suites run through tsx. This suite builds them and starts the
 * five compiled processes (the imports worker among them) on a database of their own: a bundle that resolves a file from the wrong
 * place (the supergraph, a subgraph's SDL, the portal) or misses a module fails here.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const { secrets } = e2eContext();
let stack: RunningStack | undefined;
let ports: Record<StackService, number>;
let drop: (() => Promise<void>) | undefined;
let log: WriteStream;
/** What the launcher's supervisor reported, as `npm start` prints it. */
const supervisorLog: Array<{ event: SupervisorEvent; line: string }> = [];

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'runtime/scripts/build-services.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build:services failed:\n${built.stdout}${built.stderr}`);

  const db = await demoScratchDatabase(testServerUrl(), 'ems_compiled', secrets);
  drop = db.drop;
  ports = {} as Record<StackService, number>;
  for (const s of STACK_SERVICES) ports[s] = await freePort();
  log = createWriteStream(path.join(ARTIFACTS, 'logs', 'e2e-compiled-stack.log'), { flags: 'w' });
  stack = await startStack({
    databaseUrl: db.url,
    secrets,
    ports,
    compiled: true,
    logs: { onLine: (service, line) => log.write(`${service}\t${line}\n`) },
    // As `npm start` runs it: a process that dies is started again.
    supervise: (event) => {
      const line = describeSupervisorEvent(event);
      supervisorLog.push({ event, line });
      log.write(`launcher\t${line}\n`);
    },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await drop?.();
  log?.end();
});

/** What a supervisor probes: liveness and readiness (README, "Production"); the demo provider, a stand-in, has one check. */
const SERVICE_PROBES = ['/actuator/health/liveness', '/actuator/health/readiness'];
const ROUTER_PROBES = ['/healthz', '/healthz/readiness'];
const HEALTH_PROBES: Record<StackService, string[]> = {
  membership: SERVICE_PROBES,
  forms: SERVICE_PROBES,
  imports: SERVICE_PROBES,
  worker: SERVICE_PROBES,
  membershipWorker: SERVICE_PROBES,
  router: ROUTER_PROBES,
  adminRouter: ROUTER_PROBES,
  idp: ['/actuator/health'],
};

/** A browser-like client of the compiled stack's router. */
const routerClient = () => new HttpClient(stack!.urls.router, `localhost:${ports.router}`);

describe('the compiled services (npm run build)', () => {
  it('start, and answer health through the router', async () => {
    const client = routerClient();
    expect((await client.get('/healthz')).status).toBe(200);
    const health = await client.get('/services/admin-service/actuator/health');
    expect(health.status).toBe(200);
    expect(health.json()).toMatchObject({ status: 'UP' });
  });

  it('sign a member in and answer an authenticated federated query', async () => {
    const client = routerClient();
    const link = signMd5Link(secrets.customerSecret, 'anna.berg');
    const signIn = await client.post('/api/auth/external-login', { json: { userKey: link.u, userHash: link.h } });
    expect(signIn.status).toBe(200);
    const { status, body } = await client.graphql<{ viewer: { userKey: string; linkedPersons: unknown[] } }>(
      '{ viewer { userKey linkedPersons { person { firstName } } } }',
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.viewer.userKey).toBe('anna.berg');
    expect(body.data?.viewer.linkedPersons).toHaveLength(4);
  });

  it('run the compiled imports worker, which answers its health check and can be replaced after a SIGKILL', async () => {
    const health = async () => (await fetch(`${stack!.urls.worker}/actuator/health`)).json();
    expect(await health()).toMatchObject({ status: 'UP', service: 'imports-worker' });
    const first = stack!.pids.worker;
    await stack!.stopWorker('SIGKILL');
    await expect(fetch(`${stack!.urls.worker}/actuator/health`)).rejects.toThrow();
    await stack!.startWorker(await freePort());
    expect(stack!.pids.worker).not.toBe(first);
    expect(await health()).toMatchObject({ status: 'UP', service: 'imports-worker' });
  });

  it('serve the portal from portal-web (its build, or the placeholder before one)', async () => {
    const page = await routerClient().get('/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<html/i);
  });

  it('come back healthy within 10 s after a kill -9 of any of them, and the launcher says so', async () => {
    for (const service of STACK_SERVICES) {
      const before = stack!.pids[service];
      const killedAt = Date.now();
      process.kill(before, 'SIGKILL');
      await until(
        `${service} back after kill -9`,
        async () => supervisorLog.some(({ event }) => event.kind === 'back' && event.service === service && event.pid !== before),
        10_000,
      );
      expect(Date.now() - killedAt).toBeLessThan(10_000);
      expect(stack!.pids[service]).not.toBe(before);
      for (const probe of HEALTH_PROBES[service]) {
        expect((await fetch(`${stack!.urls[service]}${probe}`)).status).toBe(200);
      }
      const said = supervisorLog.filter(({ event }) => event.service === service).map(({ line }) => line);
      expect(said).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^${service} was killed \\(SIGKILL\\); restarting in`)),
          expect.stringMatching(new RegExp(`^${service} is back and healthy \\(pid \\d+`)),
        ]),
      );
    }
  }, 120_000);
});
