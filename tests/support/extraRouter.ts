import { appendFileSync } from 'node:fs';
import { freePort, launchService } from '@ems/router/src/dev/stack';
import { HttpClient } from './client';
import { UNLIMITED_RATES } from './rateLimits';
import { e2eContext } from './stackContext';

/**
 * One more router process on the running subgraphs, with settings of its own (a short idle
 * time-out, trust proxy, another upstream). Its log lines join the checked e2e log.
 */
export async function startExtraRouter(
  env: Record<string, string> = {},
  ports: Partial<Record<'membership' | 'forms' | 'imports', number>> = {},
) {
  const ctx = e2eContext();
  const port = await freePort();
  const router = await launchService(
    'router',
    {
      databaseUrl: ctx.databaseUrl,
      secrets: ctx.secrets,
      ports: { ...ctx.ports, ...ports, router: port },
      logs: { onLine: (service, line) => appendFileSync(ctx.logFile, `${service}:${port}\t${line}\n`) },
    },
    port,
    { ...UNLIMITED_RATES.router, ...env },
  );
  return {
    url: router.url,
    port,
    client: (host = 'localhost') => new HttpClient(router.url, `${host}:${port}`),
    stop: router.stop,
  };
}
