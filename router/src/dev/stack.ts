import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { DEMO_MEMBER_OIDC, DEMO_TENANTS } from '@ems/membership/demo';
import type { DevSecrets } from './secrets';
import { superviseProcess, type SupervisorEvent } from './supervisor';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export type StackService = 'membership' | 'forms' | 'imports' | 'worker' | 'membershipWorker' | 'router' | 'adminRouter' | 'idp';
export const STACK_SERVICES: readonly StackService[] = [
  'membership',
  'forms',
  'imports',
  'worker',
  'membershipWorker',
  'router',
  'adminRouter',
  'idp',
];

/** The admin portal's router signs operators in at this client of the OpenID provider. */
export const ADMIN_PORTAL_OIDC_CLIENT_ID = 'admin-portal';
/** The admin portal's session cookie: another name than the registration portal's (ems.sid), as both may share a host. */
export const ADMIN_SESSION_COOKIE = 'ems-admin.sid';

/** Each process's package and entry below its `src/` (the bundle is the same path below `dist/`). */
const ENTRY: Record<StackService, { pkg: string; entry: string }> = {
  membership: { pkg: 'subgraphs/membership', entry: 'main' },
  forms: { pkg: 'subgraphs/forms', entry: 'main' },
  imports: { pkg: 'subgraphs/imports', entry: 'main' },
  // The imports worker: Agenda jobs, no HTTP but its health endpoint.
  worker: { pkg: 'subgraphs/imports', entry: 'worker/main' },
  // The membership worker: the membership's scheduled messages (Agenda) and the e-mail outbox (its only sender).
  membershipWorker: { pkg: 'subgraphs/membership', entry: 'worker/main' },
  router: { pkg: 'router', entry: 'main' },
  // The admin portal's router: the same code, configured as the admin portal's gateway.
  adminRouter: { pkg: 'router', entry: 'main' },
  // The demo OpenID provider: a development stand-in, always run from TypeScript.
  idp: { pkg: 'router', entry: 'dev/demoIdp/main' },
};

/** Processes that `compiled` still runs from TypeScript: development stand-ins with no bundle. */
const ALWAYS_TYPESCRIPT: ReadonlySet<StackService> = new Set(['idp']);

/**
 * Node options a process always runs with. The import worker's heap is capped: its work is a
 * chunk at a time, and without a cap V8 lets the heap grow with the garbage a long import makes
 * (300 MB and rising over a million rows) instead of collecting it. `start:worker` says the same.
 */
export const SERVICE_NODE_OPTIONS: Partial<Record<StackService, string[]>> = { worker: ['--max-old-space-size=192'] };

/** What a service process runs: its TypeScript through tsx, or its bundle from `npm run build`. */
export function serviceCommand(service: StackService, compiled: boolean, root = ROOT): string[] {
  const { pkg, entry } = ENTRY[service];
  const options = SERVICE_NODE_OPTIONS[service] ?? [];
  if (!compiled || ALWAYS_TYPESCRIPT.has(service)) return [...options, '--import', 'tsx', path.join(pkg, 'src', `${entry}.ts`)];
  const bundle = path.join(pkg, 'dist', `${entry}.js`);
  if (!existsSync(path.join(root, bundle))) {
    throw new Error(`${bundle} is missing: run \`npm run build:services\` (or \`npm run build\`) before starting compiled services`);
  }
  return [...options, '--enable-source-maps', bundle];
}

export interface StackOptions {
  databaseUrl: string;
  secrets: DevSecrets;
  host?: string;
  ports: Record<StackService, number>;
  /**
   * Run the bundles of `npm run build` (`<package>/dist/main.js`) instead of the TypeScript
   * through tsx, as production does. A missing bundle fails the start; staleness is the caller's.
   */
  compiled?: boolean;
  /** Extra environment for one service (e.g. a short SESSION_IDLE_SECONDS in a test). */
  env?: Partial<Record<StackService, Record<string, string>>>;
  /** Extra Node options for one service, e.g. `['--cpu-prof']` to profile it under a benchmark. */
  nodeArgs?: Partial<Record<StackService, string[]>>;
  /**
   * Where the services' stdout and stderr go: each line to a callback, or straight into an open
   * file (a benchmark's load generator should not also be the one carrying every log line).
   */
  logs: { onLine: (service: StackService, line: string) => void } | { fd: number };
  /**
   * Restart a service whose process ends without being stopped (`npm start`), telling each exit
   * and return here. Tests leave it out: there a crash must fail the test, not heal unseen.
   */
  supervise?: (event: SupervisorEvent) => void;
}

export interface RunningStack {
  urls: Record<StackService, string>;
  /** The processes' ids, e.g. for a test that kills the worker in the middle of a job. */
  pids: Record<StackService, number>;
  /** Starts (or restarts) one more router process on the same subgraphs, e.g. for scale-out tests. */
  startRouter(port: number, env?: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }>;
  /**
   * Stops the stack's imports worker with `signal` (SIGKILL: a crash, nothing cleaned up) and
   * waits until the process is gone.
   */
  stopWorker(signal?: NodeJS.Signals): Promise<void>;
  /**
   * Starts an imports worker in place of the stopped one (or one more beside it) on `port`; it
   * becomes the stack's worker (`urls.worker`, `pids.worker`) and `stop()` stops it too.
   */
  startWorker(port: number, env?: Record<string, string>): Promise<LaunchedService>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function serviceEnv(service: StackService, o: StackOptions, port: number, host: string): Record<string, string> {
  const base: Record<string, string> = {
    DATABASE_URL: o.databaseUrl,
    HOST: host,
    JWT_SECRET: o.secrets.jwtSecret,
    LOG_LEVEL: 'info',
    // These secrets are the generated development ones (`.data/dev-secrets.json`): production refuses them.
    EMS_DEV_SECRETS: '1',
  };
  const url = (s: StackService) => `http://${host}:${o.ports[s]}`;
  // Links in e-mails and on membership cards: the demo tenant's portal (host name `localhost`).
  const memberLinks = `http://localhost:${o.ports.router}`;
  switch (service) {
    case 'membership':
      return {
        ...base,
        MEMBERSHIP_PORT: String(port),
        DEFAULT_REGISTRATION_SYSTEM_ID: '1',
        PAYMENT_WEBHOOK_SECRET: o.secrets.paymentWebhookSecret,
        MEMBER_LINKS_URL: memberLinks,
      };
    case 'membershipWorker': {
      const { JWT_SECRET: _theWorkerVerifiesNoTokens, ...rest } = base;
      return {
        ...rest,
        MEMBERSHIP_WORKER_PORT: String(port),
        MAIL_FROM: 'Riverside Athletics Club <no-reply@example.org>',
        MEMBER_LINKS_URL: memberLinks,
      };
    }
    case 'forms':
      return { ...base, FORMS_PORT: String(port) };
    case 'imports':
      return { ...base, IMPORTS_PORT: String(port) };
    case 'worker': {
      const { JWT_SECRET: _theWorkerVerifiesNoTokens, ...rest } = base;
      return { ...rest, IMPORTS_WORKER_PORT: String(port) };
    }
    case 'router': {
      const { JWT_SECRET: _routerHoldsNoSigningSecret, ...rest } = base;
      return {
        ...rest,
        ROUTER_PORT: String(port),
        ADMIN_SERVICE_API_KEY: o.secrets.portalApiKey,
        SESSION_SECRET: o.secrets.sessionSecret,
        MEMBERSHIP_URL: url('membership'),
        FORMS_URL: url('forms'),
        IMPORTS_URL: url('imports'),
        // Hillside's member sign-in uses the demo provider, plain HTTP on the loopback; production refuses this.
        OIDC_ALLOW_INSECURE_HTTP: 'true',
      };
    }
    case 'adminRouter': {
      const { JWT_SECRET: _routerHoldsNoSigningSecret, ...rest } = base;
      const self = `http://localhost:${port}`;
      return {
        ...rest,
        PORTAL: 'admin',
        ROUTER_PORT: String(port),
        ADMIN_SERVICE_API_KEY: o.secrets.adminPortalApiKey,
        SESSION_SECRET: o.secrets.adminSessionSecret,
        SESSION_COOKIE_NAME: ADMIN_SESSION_COOKIE,
        MEMBERSHIP_URL: url('membership'),
        FORMS_URL: url('forms'),
        IMPORTS_URL: url('imports'),
        OIDC_ISSUER_URL: url('idp'),
        OIDC_CLIENT_ID: ADMIN_PORTAL_OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET: o.secrets.oidcClientSecret,
        OIDC_REDIRECT_URL: `${self}/auth/oidc/callback`,
        OIDC_POST_LOGOUT_REDIRECT_URL: `${self}/`,
        // The demo provider speaks plain HTTP on the loopback; production refuses this.
        OIDC_ALLOW_INSECURE_HTTP: 'true',
      };
    }
    case 'idp': {
      const admin = `http://localhost:${o.ports.adminRouter}`;
      return {
        HOST: host,
        LOG_LEVEL: 'info',
        DEMO_IDP_PORT: String(port),
        DEMO_IDP_ISSUER: `http://${host}:${port}`,
        DEMO_IDP_CLIENT_ID: ADMIN_PORTAL_OIDC_CLIENT_ID,
        DEMO_IDP_CLIENT_SECRET: o.secrets.oidcClientSecret,
        DEMO_IDP_REDIRECT_URIS: `${admin}/auth/oidc/callback`,
        DEMO_IDP_POST_LOGOUT_REDIRECT_URIS: `${admin}/`,
        DEMO_IDP_MEMBER_CLIENT_ID: DEMO_MEMBER_OIDC.clientId,
        DEMO_IDP_MEMBER_CLIENT_SECRET: o.secrets.memberOidcClientSecret,
        // The member portal's callback on every demo tenant's host (the portal answers on each).
        DEMO_IDP_MEMBER_REDIRECT_URIS: DEMO_TENANTS.flatMap((t) =>
          t.hosts.map((h) => `http://${h}:${o.ports.router}/api/auth/oidc/callback`),
        ).join(','),
        DEMO_IDP_PASSWORD: o.secrets.demoIdpPassword,
        DEMO_IDP_COOKIE_KEY: o.secrets.demoIdpCookieKey,
      };
    }
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export interface LaunchedService {
  url: string;
  child: ChildProcess;
  /** SIGTERM, and SIGKILL after 10 s; or the one signal given, waiting for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts one service process and waits until it answers its health check. */
export async function launchService(
  service: StackService,
  o: StackOptions,
  port: number,
  extraEnv: Record<string, string> = {},
  /** Told about the process as soon as it exists, so a failed start elsewhere can stop it too. */
  onSpawn?: (stop: () => Promise<void>) => void,
): Promise<LaunchedService> {
  const host = o.host ?? '127.0.0.1';
  const child = spawn(process.execPath, [...(o.nodeArgs?.[service] ?? []), ...serviceCommand(service, o.compiled ?? false)], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      ...serviceEnv(service, o, port, host),
      ...o.env?.[service],
      ...extraEnv,
    },
    stdio: 'fd' in o.logs ? ['ignore', o.logs.fd, o.logs.fd] : ['ignore', 'pipe', 'pipe'],
  });
  if ('onLine' in o.logs) {
    const onLine = o.logs.onLine;
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) readline.createInterface({ input: stream }).on('line', (line) => onLine(service, line));
    }
  }
  const url = `http://${host}:${port}`;
  const stop = (signal?: NodeJS.Signals) => stopChild(child, signal);
  onSpawn?.(stop);
  try {
    await waitForHealth(service === 'router' || service === 'adminRouter' ? `${url}/healthz` : `${url}/actuator/health`, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, child, stop };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = signal === 'SIGTERM' ? setTimeout(() => child.kill('SIGKILL'), 10_000) : undefined;
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Starts the three subgraphs, the imports worker, the two routers (registration portal and admin
 * portal) and the demo OpenID provider as separate Node processes (TypeScript through
 * tsx, or the built bundles with `compiled`), waits until each answers its health check, and
 * stops them all on `stop()`.
 */
export async function startStack(o: StackOptions): Promise<RunningStack> {
  // Every bundle must be there before the first process starts.
  if (o.compiled) for (const service of STACK_SERVICES) serviceCommand(service, true);
  const stops: Array<() => Promise<void>> = [];
  const pids = {} as Record<StackService, number>;
  const launchOnce = (service: StackService, port: number, env?: Record<string, string>) =>
    launchService(service, o, port, env, (stop) => stops.push(stop));
  const launch = async (service: StackService, port: number, env?: Record<string, string>): Promise<LaunchedService> => {
    const onEvent = o.supervise;
    if (!onEvent) return launchOnce(service, port, env);
    // The stack's own process of this service keeps its entry in `pids` current (an extra router does not).
    let pid: number | undefined;
    const supervised = await superviseProcess(
      service,
      () => launchOnce(service, port, env),
      (event) => {
        if (event.kind === 'back') {
          if (pids[service] === pid) pids[service] = event.pid;
          pid = event.pid;
        }
        onEvent(event);
      },
    );
    pid = supervised.child.pid;
    stops.push(() => supervised.stop());
    return {
      url: `http://${o.host ?? '127.0.0.1'}:${port}`,
      get child() {
        return supervised.child;
      },
      stop: (signal) => supervised.stop(signal),
    };
  };
  try {
    const [membership, forms, imports, worker, idp, membershipWorker] = await Promise.all([
      launch('membership', o.ports.membership),
      launch('forms', o.ports.forms),
      launch('imports', o.ports.imports),
      launch('worker', o.ports.worker),
      launch('idp', o.ports.idp),
      launch('membershipWorker', o.ports.membershipWorker),
    ]);
    const [router, adminRouter] = await Promise.all([launch('router', o.ports.router), launch('adminRouter', o.ports.adminRouter)]);
    const started = { membership, forms, imports, worker, membershipWorker, router, adminRouter, idp };
    const urls = {
      membership: membership.url,
      forms: forms.url,
      imports: imports.url,
      worker: worker.url,
      membershipWorker: membershipWorker.url,
      router: router.url,
      adminRouter: adminRouter.url,
      idp: idp.url,
    };
    for (const [s, p] of Object.entries(started)) pids[s as StackService] = p.child.pid ?? 0;
    let currentWorker = worker;
    return {
      urls,
      pids,
      startRouter: async (port, env) => launch('router', port, env),
      stopWorker: (signal) => currentWorker.stop(signal),
      startWorker: async (port, env) => {
        currentWorker = await launch('worker', port, env);
        urls.worker = currentWorker.url;
        pids.worker = currentWorker.child.pid ?? 0;
        return currentWorker;
      },
      stop: async () => {
        await Promise.all(stops.map((stop) => stop()));
      },
    };
  } catch (err) {
    await Promise.all(stops.map((stop) => stop()));
    throw err;
  }
}
