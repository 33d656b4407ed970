import { appendFileSync } from 'node:fs';
import { freePort, launchService, type StackService } from '@ems/router/src/dev/stack';
import { HttpClient } from './client';
import { UNLIMITED_RATES } from './rateLimits';
import { e2eContext } from './stackContext';

/**
 * One more process of `service` on the running stack, with settings of its own, on `port` (a free
 * one unless given) and the running processes' ports unless `ports` says otherwise. Its log lines
 * join the checked e2e log.
 */
export async function startExtraService(
  service: StackService,
  env: Record<string, string> = {},
  ports: Partial<Record<StackService, number>> = {},
  port?: number,
) {
  const ctx = e2eContext();
  const own = port ?? (await freePort());
  const launched = await launchService(
    service,
    {
      databaseUrl: ctx.databaseUrl,
      secrets: ctx.secrets,
      ports: { ...ctx.ports, ...ports, [service]: own },
      logs: { onLine: (name, line) => appendFileSync(ctx.logFile, `${name}:${own}\t${line}\n`) },
    },
    own,
    env,
  );
  return { url: launched.url, port: own, stop: launched.stop };
}

/**
 * One more router process on the running subgraphs, with settings of its own (a short idle
 * time-out, trust proxy, another upstream). Its log lines join the checked e2e log.
 */
export async function startExtraRouter(
  env: Record<string, string> = {},
  ports: Partial<Record<'membership' | 'forms' | 'imports', number>> = {},
) {
  const router = await startExtraService('router', { ...UNLIMITED_RATES.router, ...env }, ports);
  return {
    ...router,
    client: (host = 'localhost') => new HttpClient(router.url, `${host}:${router.port}`),
  };
}
