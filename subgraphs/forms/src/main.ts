import { runUntilSignalled } from '@ems/schema/runtime';
import { loadEnv } from './env';
import { startFormsService } from './server';

runUntilSignalled('forms', () => startFormsService(loadEnv()));
