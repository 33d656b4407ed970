import type { DevSecrets } from '@ems/router/src/dev/secrets';
import type { StackService } from '@ems/router/src/dev/stack';

/** What the e2e globalSetup hands to the test files (through EMS_E2E_CONTEXT). */
export interface E2EContext {
  urls: Record<StackService, string>;
  ports: Record<StackService, number>;
  /** The processes' ids at the start (a test may replace the worker: see stackWorker.ts). */
  pids: Record<StackService, number>;
  /** The pids of the stack's imports workers, one a line, the current one last (stackWorker.ts). */
  workerPidsFile: string;
  databaseUrl: string;
  secrets: DevSecrets;
  logFile: string;
  /** Where tests note every token or session id they saw; teardown checks no log line holds one. */
  secretsSeenFile: string;
  /** Where the test SMTP server writes every delivered message. */
  mailDir: string;
}

export function e2eContext(): E2EContext {
  const raw = process.env.EMS_E2E_CONTEXT;
  if (!raw) throw new Error('EMS_E2E_CONTEXT is not set: run the e2e tests through jest');
  return JSON.parse(raw) as E2EContext;
}
