/**
 * `npm start`: the whole system on one machine. Without DATABASE_URL an embedded PostgreSQL is
 * started under `.data/`; either way the schema is migrated, the demo tenant seeded, the three
 * subgraphs and the router started, and a demo customer website serves signed links. The admin
 * portal's router and the demo OpenID provider its operators sign in with run beside them.
 * `--compiled` (`npm run start:compiled`) runs the services' bundles from `npm run build`
 * instead of their TypeScript, as production does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createKnex, migrateLatest, type EmbeddedDatabase } from '@ems/db';
import { seedDemoInstallation } from '@ems/forms/demo';
import { DEMO_HMAC_PERIOD_ID, DEMO_IDP_ACCOUNTS } from '@ems/membership/demo';
import { startCustomerSite } from './customerSite';
import { startEmbeddedPostgresOutOfGroup } from './embeddedDatabase';
import { loadOrCreateDevSecrets } from './secrets';
import { startStack, type StackService } from './stack';
import { describeSupervisorEvent } from './supervisor';
import { formatLogLine } from './logFormat';
import { loadStartEnv } from './startEnv';

/** Olga: the operator of Riverside and of Hillside, so the admin portal offers her the tenant switch. */
const DEMO_OPERATOR_SIGN_IN = DEMO_IDP_ACCOUNTS[0].username;

/** A signal this soon after the first is the copy npm forwards, not a second Ctrl-C. */
const FORWARDED_SIGNAL_MS = 500;

async function main(): Promise<void> {
  const env = loadStartEnv();
  const compiled = process.argv.slice(2).includes('--compiled');
  const root = path.resolve(__dirname, '..', '..', '..');
  const dataDir = path.join(root, '.data');
  const secrets = loadOrCreateDevSecrets(dataDir);

  buildPortalIfMissing(root);

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    console.log(`Starting embedded PostgreSQL (data in ${path.relative(process.cwd(), path.join(dataDir, 'pg')) || '.data/pg'}) ...`);
    // Out of the terminal's process group: Ctrl-C reaches the services, and the launcher stops the
    // database after them.
    embedded = await startEmbeddedPostgresOutOfGroup({ dataDir: path.join(dataDir, 'pg'), port: env.EMBEDDED_PG_PORT });
    databaseUrl = embedded.url;
  }

  const knex = createKnex(databaseUrl, { poolMax: 2 });
  try {
    const applied = await migrateLatest(knex);
    if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
    await seedDemoInstallation(knex, {
      customerSecret: secrets.customerSecret,
      portalApiKey: secrets.portalApiKey,
      adminPortalApiKey: secrets.adminPortalApiKey,
      // Hillside's members sign in at the demo provider, or continue anonymously (rule 12).
      memberOidc: { issuerUrl: `http://127.0.0.1:${env.DEMO_IDP_PORT}`, clientSecret: secrets.memberOidcClientSecret },
    });
  } finally {
    await knex.destroy();
  }

  const ports: Record<StackService, number> = {
    router: env.ROUTER_PORT,
    membership: env.MEMBERSHIP_PORT,
    forms: env.FORMS_PORT,
    imports: env.IMPORTS_PORT,
    worker: env.IMPORTS_WORKER_PORT,
    membershipWorker: env.MEMBERSHIP_WORKER_PORT,
    adminRouter: env.ADMIN_ROUTER_PORT,
    idp: env.DEMO_IDP_PORT,
  };
  const stack = await startStack({
    databaseUrl,
    secrets,
    ports,
    compiled,
    logs: {
      onLine: (service, line) => {
        const out = env.LOG_FORMAT === 'json' ? `${line}` : formatLogLine(service, line);
        if (out) console.log(out);
      },
    },
    // A service that dies comes back (with backoff), as a supervisor would restart it in production.
    supervise: (event) => {
      const message = describeSupervisorEvent(event);
      if (env.LOG_FORMAT === 'json')
        console.log(JSON.stringify({ level: event.kind === 'back' ? 30 : 50, name: 'launcher', msg: message, ...event }));
      else console.log(`[launcher] ${message}`);
    },
  });
  const site = await startCustomerSite({
    port: env.DEMO_SITE_PORT,
    host: '127.0.0.1',
    portalPort: env.ROUTER_PORT,
    secret: secrets.customerSecret,
    // No periodId: each tenant's links lead to its own open demo period (DEMO_TENANT_PERIODS).
  });

  console.log(`
  Event & membership service is running.

    Demo club website (signed links): ${site.url}
    Registration portal (router):     http://localhost:${env.ROUTER_PORT}
    Federated GraphQL:                http://localhost:${env.ROUTER_PORT}/graphql
    Admin service health:             http://localhost:${env.ROUTER_PORT}/services/admin-service/actuator/health
    Import uploads (operators):       PUT http://localhost:${env.ROUTER_PORT}/services/admin-service/api/event-participants/import
    Import worker health:             http://localhost:${env.IMPORTS_WORKER_PORT}/actuator/health
    Membership worker health:         http://localhost:${env.MEMBERSHIP_WORKER_PORT}/actuator/health (scheduled messages, e-mail)
    Admin portal (operators):         http://localhost:${env.ADMIN_ROUTER_PORT}
    Demo identity provider (OIDC):    ${stack.urls.idp}
      demo operator: ${DEMO_OPERATOR_SIGN_IN}, password ${secrets.demoIdpPassword}
      (anna signs in there too, but is a member, not an operator: the admin portal refuses her)
    Member sign-in or anonymous (rule 12): http://hmac.localhost:${env.ROUTER_PORT}/membership/register/${DEMO_HMAC_PERIOD_ID}
      "Sign in with Club ID": mika (no account yet) or dora, same password
    Database:                         ${embedded ? `embedded PostgreSQL on 127.0.0.1:${env.EMBEDDED_PG_PORT}` : 'DATABASE_URL'}

  Press Ctrl-C to stop.
`);

  let stoppingSince = 0;
  const shutdown = async () => {
    if (stoppingSince) {
      // npm forwards the terminal's Ctrl-C to this process a moment after the terminal's own:
      // only a later one is the user's second. The database's process sees this one end and
      // stops the server.
      if (Date.now() - stoppingSince < FORWARDED_SIGNAL_MS) return;
      console.log('Forced exit.');
      process.exit(130);
    }
    stoppingSince = Date.now();
    console.log('\nStopping ... (Ctrl-C again to force)');
    let failed = false;
    try {
      await site.stop();
      await stack.stop();
    } catch (err) {
      failed = true;
      console.error(`stopping the services failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    // The database last, once no service uses it.
    if (embedded) await embedded.stop();
    console.log('Stopped.');
    process.exit(failed ? 1 : 0);
  };
  // SIGHUP: the terminal closed.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown());
}

/** The routers serve portal-web/dist; a fresh clone has none yet, so the first start builds it (both portals). */
function buildPortalIfMissing(root: string): void {
  const dist = path.join(root, 'portal-web', 'dist');
  if (existsSync(path.join(dist, 'index.html')) && existsSync(path.join(dist, 'admin.html'))) return;
  console.log('Building the portals (first start) ...');
  for (const mode of ['production', 'admin']) {
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', '--mode', mode, '--logLevel', 'warn'], {
      cwd: path.join(root, 'portal-web'),
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('building the portals failed (npm run build -w @ems/portal-web)');
  }
}

main().catch((err: unknown) => {
  console.error(`start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
