import { runUntilSignalled } from '@ems/schema/runtime';
import { loadEnv } from './env';
import { startRouter } from './server';

runUntilSignalled('router', () => startRouter(loadEnv()));
