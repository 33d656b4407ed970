import { periodWithActiveTypes, type MembershipTypeRow, type PeriodRow } from '../../data/periods';
import type { Db } from '../../data/db';
import { OPTION_CODES, type OptionCode, type PeriodPricingRules } from '../pricing';
import { registrationReads, type RegistrationReads } from './reads';

/** A membership period as the registration workflow sees it (docs/design/registration.md). */
export interface RegistrationPeriod {
  id: number;
  organisationId: number;
  name: string;
  status: 'open' | 'closed';
  registrationOpensOn: string;
  registrationClosesOn: string;
  currency: string;
  /** The date ages are taken on (the pricing rules' reference date), for age-dependent questions. */
  referenceDate: string;
  /** Active types that the period prices: the ones a person can choose. */
  membershipTypes: Array<{ code: string; name: string }>;
  options: OptionCode[];
  /** The terms and conditions the form's ITC question links to (null: none published). */
  termsUrl: string | null;
  /** What each offered option costs (minor units of `currency`), per person or per order: shown at its question. */
  optionPrices?: Partial<Record<OptionCode, { per: 'person' | 'order'; priceMinor: number }>>;
}

export type PeriodClosedReason = 'PERIOD_CLOSED' | 'REGISTRATION_NOT_OPEN' | 'REGISTRATION_ENDED';

/** The period's pricing rules; written by us (migration, seed, admin), so a cast is enough here. */
export function pricingRulesOf(period: Pick<PeriodRow, 'pricingRules'>): PeriodPricingRules {
  return period.pricingRules as PeriodPricingRules;
}

/** The registration view of a period row with its organisation's active membership types. */
function registrationPeriodOf(row: PeriodRow, activeTypes: readonly MembershipTypeRow[]): RegistrationPeriod {
  const rules = pricingRulesOf(row);
  return {
    id: row.id,
    organisationId: row.organisationId,
    name: row.name,
    status: row.status,
    registrationOpensOn: row.registrationOpensOn,
    registrationClosesOn: row.registrationClosesOn,
    currency: rules.currency,
    referenceDate: rules.referenceDate,
    membershipTypes: activeTypes.filter((t) => Object.hasOwn(rules.baseFees, t.code)).map((t) => ({ code: t.code, name: t.name })),
    options: OPTION_CODES.filter((code) => rules.options[code] !== undefined),
    termsUrl: row.termsUrl ?? null,
    optionPrices: Object.fromEntries(
      OPTION_CODES.flatMap((code) => {
        const price = rules.options[code];
        return price ? [[code, { per: price.per, priceMinor: price.priceMinor }]] : [];
      }),
    ),
  };
}

function periodOfTenant(
  loaded: Awaited<ReturnType<typeof periodWithActiveTypes>>,
  registrationSystemId: number,
): { row: PeriodRow; period: RegistrationPeriod } | null {
  // Another tenant's period does not exist for this caller.
  if (!loaded || loaded.period.registrationSystemId !== registrationSystemId) return null;
  return { row: loaded.period, period: registrationPeriodOf(loaded.period, loaded.types) };
}

/** `reads`: the request's reads on `db`, when the request needs the period again (type offers, prices). */
export async function getRegistrationPeriod(
  db: Db,
  periodId: number,
  registrationSystemId: number,
  reads: RegistrationReads = registrationReads(db),
): Promise<RegistrationPeriod | null> {
  return periodOfTenant(await reads.period(periodId), registrationSystemId)?.period ?? null;
}

/** `Query.membershipPeriod`: the registration view plus the season's dates and whether it takes registrations today. */
export interface MembershipPeriodView extends RegistrationPeriod {
  startsOn: string;
  endsOn: string;
  closedReason: PeriodClosedReason | null;
}

export async function membershipPeriodView(
  db: Db,
  periodId: number,
  registrationSystemId: number,
  today: string,
): Promise<MembershipPeriodView | null> {
  const loaded = periodOfTenant(await periodWithActiveTypes(db, periodId), registrationSystemId);
  if (!loaded) return null;
  return periodViewOf(loaded.row, loaded.period, today);
}

/** The same view for a period row already read with its organisation's active types (lists of periods). */
export function membershipPeriodViewOf(row: PeriodRow, activeTypes: readonly MembershipTypeRow[], today: string): MembershipPeriodView {
  return periodViewOf(row, registrationPeriodOf(row, activeTypes), today);
}

function periodViewOf(row: PeriodRow, period: RegistrationPeriod, today: string): MembershipPeriodView {
  return { ...period, startsOn: row.startsOn, endsOn: row.endsOn, closedReason: periodClosedReason(period, today) };
}

/**
 * Why the period cannot take registrations on `today` (a `YYYY-MM-DD` date), or null when it can.
 * A closed period wins over the dates; both registration dates are included in the window.
 */
export function periodClosedReason(
  period: Pick<RegistrationPeriod, 'status' | 'registrationOpensOn' | 'registrationClosesOn'>,
  today: string,
): PeriodClosedReason | null {
  if (period.status === 'closed') return 'PERIOD_CLOSED';
  if (today < period.registrationOpensOn) return 'REGISTRATION_NOT_OPEN';
  if (today > period.registrationClosesOn) return 'REGISTRATION_ENDED';
  return null;
}
