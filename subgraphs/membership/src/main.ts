import { loadEnv } from './env';
import { startMembershipService } from './server';
import { runUntilSignalled } from '@ems/schema/runtime';

runUntilSignalled('membership', () => startMembershipService(loadEnv()));
