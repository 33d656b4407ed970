import { runUntilSignalled } from '@ems/schema/runtime';
import { loadEnv } from './env';
import { startImportsService } from './server';

runUntilSignalled('imports', () => startImportsService(loadEnv()));
