import type { Db } from './db';
import { periodById, type PeriodRow } from './periods';

/** A period locked for an operator's change (another operator's change waits for this one). */
export async function lockPeriod(db: Db, id: number): Promise<PeriodRow | null> {
  await db('membership.membershipPeriods').where({ id }).forUpdate().first('id');
  return periodById(db, id);
}

export interface PeriodSettings {
  status: 'open' | 'closed';
  registrationOpensOn: string;
  registrationClosesOn: string;
  pricingRules: unknown;
}

export async function updatePeriodSettings(db: Db, id: number, settings: PeriodSettings): Promise<void> {
  await db('membership.membershipPeriods')
    .where({ id })
    .update({ ...settings, pricingRules: JSON.stringify(settings.pricingRules) });
}
