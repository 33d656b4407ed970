import { runUntilSignalled } from '@ems/service-runtime';
import { loadWorkerEnv } from './env';
import { startMembershipWorker } from './worker';

runUntilSignalled('membership-worker', () => startMembershipWorker(loadWorkerEnv()));
