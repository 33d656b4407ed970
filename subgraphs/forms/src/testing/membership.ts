import type { Knex } from '@ems/db';
import type { MembershipFixture } from './membershipFixture';
import { realMembership } from './realMembership';

/** The membership side the forms tests run against: membership's real functions and tables. */
export function membershipFixture(knex: Knex): Promise<MembershipFixture> {
  return realMembership(knex);
}
