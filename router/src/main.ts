import { runUntilSignalled } from '@ems/service-runtime';
import { loadEnv } from './env';
import { startRouter } from './server';

runUntilSignalled('router', () => startRouter(loadEnv()));
