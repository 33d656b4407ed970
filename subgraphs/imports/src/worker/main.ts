import { runUntilSignalled } from '@ems/service-runtime';
import { loadWorkerEnv } from '../env';
import { startImportWorker } from './worker';

runUntilSignalled('imports-worker', () => startImportWorker(loadWorkerEnv()));
