import { runUntilSignalled } from '@ems/service-runtime';
import { loadEnv } from './env';
import { startFormsService } from './server';

runUntilSignalled('forms', () => startFormsService(loadEnv()));
