import { loadEnv } from './env';
import { startMembershipService } from './server';
import { runUntilSignalled } from '@ems/service-runtime';

runUntilSignalled('membership', () => startMembershipService(loadEnv()));
