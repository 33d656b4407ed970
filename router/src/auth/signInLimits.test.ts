import type { Request } from 'express';
import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import { SignInLimits } from './signInLimits';

/** The sign-in limits on the shared table (docs/decisions.md, "Sign-in, logging and production mode"). */
let db: { knex: Knex; drop(): Promise<void> };

beforeAll(async () => {
  db = await migratedScratchDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** A request as the limits see it: its address only. */
function from(ip: string): Request {
  return { ip, socket: { remoteAddress: ip } } as unknown as Request;
}

describe('SignInLimits', () => {
  it('gives the address its point back when the user key is refused (issue 37 review, defect 2)', async () => {
    const limits = SignInLimits.inDatabase(db.knex, { perAddress: 3, perUserKey: 1, windowSeconds: 60 });
    const victim = from('192.0.2.10');
    await limits.attempt(victim, 'victim-key');
    // The victim retries a used-up key: each retry is refused for the key, and costs the address nothing.
    for (let i = 0; i < 5; i++) await expect(limits.attempt(victim, 'victim-key')).rejects.toMatchObject({ status: 429 });
    // Everyone else behind the address still has the two attempts left.
    await limits.attempt(victim, 'neighbour-1');
    await limits.attempt(victim, 'neighbour-2');
    await expect(limits.attempt(victim, 'neighbour-3')).rejects.toMatchObject({ status: 429 });
  });
});
