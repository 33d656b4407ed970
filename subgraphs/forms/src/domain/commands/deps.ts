import type { Knex } from '@ems/db';
import type { MembershipPort } from '../membershipPort';

export interface Clock {
  now(): Date;
  /** Today's date, ISO `YYYY-MM-DD`. */
  today(): string;
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => new Date().toISOString().slice(0, 10),
};

export interface FormsDeps {
  db: Knex;
  membership: MembershipPort;
  clock: Clock;
  /**
   * A RUNNING process untouched this long counts as left (`suspend`) when the form is fetched
   * again; it then waits in RESUME for the user's choice. The gateway session's idle time-out.
   */
  suspendAfterMs: number;
}
