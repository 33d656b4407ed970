import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { seedClub, type Club } from './fixtures';
import { operatorGraphql } from './operatorGraphql';

export interface OperatorTestbed {
  knex: Knex;
  /** Its operator runs `club.organisationId`; `club.otherOperator` runs the tenant's other organisation. */
  club: Club;
  /** A club of another registration system (tenant). */
  otherTenant: Club;
  as: ReturnType<typeof operatorGraphql>;
}

/**
 * The operators' resolver tests' common ground: registers the suite's hooks for a migrated scratch
 * database with two clubs in two tenants, dropped after the suite. Read the fields in a test or a
 * later `beforeAll` (they are set when the suite starts).
 */
export function useOperatorTestbed(): OperatorTestbed {
  const bed = {} as OperatorTestbed;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const db = await migratedScratchDatabase();
    drop = db.drop;
    bed.knex = db.knex;
    bed.club = await seedClub(db.knex);
    bed.otherTenant = await seedClub(db.knex);
    bed.as = operatorGraphql(db.knex);
  });
  afterAll(() => drop());
  return bed;
}
