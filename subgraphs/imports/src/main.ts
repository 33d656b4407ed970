import { runUntilSignalled } from '@ems/service-runtime';
import { loadEnv } from './env';
import { startImportsService } from './server';

runUntilSignalled('imports', () => startImportsService(loadEnv()));
