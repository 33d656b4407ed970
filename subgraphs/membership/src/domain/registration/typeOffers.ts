import type { Db } from '../../data/db';
import { historyOfLinkedPersons } from '../../data/persons';
import { longDate } from '../dates';
import { ADULT_FROM_AGE, ageOn, baseFeeFor, quoteOrder, SENIOR_FROM_AGE, type AgeGroup, type PricingPerson } from '../pricing';
import { decideMemberType } from './memberType';
import { pricingRulesOf } from './period';
import { registrationReads, type RegistrationReads } from './reads';

/** One membership type as offered to one person (docs/forms-api.md, "options"). */
export interface MembershipTypeOffer {
  code: string;
  /** What this type costs this person (fee, timing, renewal or joining fee; no options, no order-wide lines); null when not available. */
  priceMinor: number | null;
  currency: string;
  available: boolean;
  /** Why not, in a sentence that names the person; null when available. */
  reason: string | null;
}

const GROUP_TEXT: Record<AgeGroup, string> = {
  junior: `under ${ADULT_FROM_AGE}`,
  adult: `${ADULT_FROM_AGE} to ${SENIOR_FROM_AGE - 1}`,
  senior: `${SENIOR_FROM_AGE} and over`,
};

/**
 * Each membership type of the period for each of `personIds` (linked to the account): its price
 * for that person on `today`, or why that person may not take it (issue 23, problems 1 and 5).
 * The same pricing engine the order uses, person by person: a family discount or cap depends on
 * the whole order and shows in the total, not here. Persons without a date of birth get no offers.
 * `reads`: the request's reads on `db` (the form step has read the period and persons already).
 */
export async function membershipTypeOffers(
  db: Db,
  input: { accountId: number; periodId: number; today: string; personIds: readonly number[] },
  reads: RegistrationReads = registrationReads(db),
): Promise<Map<number, MembershipTypeOffer[]>> {
  const offers = new Map<number, MembershipTypeOffer[]>();
  const loaded = await reads.period(input.periodId);
  if (!loaded || input.personIds.length === 0) return offers;
  const rules = pricingRulesOf(loaded.period);
  const types = loaded.types.filter((t) => Object.hasOwn(rules.baseFees, t.code));
  const wanted = new Set(input.personIds);
  const persons = (await reads.linkedPersons(input.accountId, input.periodId)).filter((p) => wanted.has(p.id));
  const renewing = new Set(historyOfLinkedPersons(persons).activeInPrevious);

  for (const person of persons) {
    const dateOfBirth = person.dateOfBirth;
    if (!dateOfBirth) continue;
    const memberType = decideMemberType({ activeInPreviousPeriod: renewing.has(person.id) });
    offers.set(
      person.id,
      types.map((type): MembershipTypeOffer => {
        const pricing: PricingPerson = { id: person.id, dateOfBirth, membershipTypeCode: type.code, memberType, options: [] };
        if (!baseFeeFor(rules, pricing)) {
          const groups = (Object.keys(rules.baseFees[type.code] ?? {}) as AgeGroup[]).map((g) => GROUP_TEXT[g]).join(' or ');
          const age = ageOn(dateOfBirth, rules.referenceDate);
          return {
            code: type.code,
            priceMinor: null,
            currency: rules.currency,
            available: false,
            reason: `${type.name} is for members aged ${groups} on ${longDate(rules.referenceDate)}; ${person.firstName} ${person.lastName} will be ${age}.`,
          };
        }
        const quoted = quoteOrder({ rules, persons: [pricing], registrationDate: input.today });
        if (!quoted.ok) {
          return {
            code: type.code,
            priceMinor: null,
            currency: rules.currency,
            available: false,
            reason: quoted.problems[0]?.message ?? null,
          };
        }
        const priceMinor = quoted.quote.lines.filter((l) => l.personId === person.id).reduce((sum, l) => sum + l.amountMinor, 0);
        return { code: type.code, priceMinor, currency: rules.currency, available: true, reason: null };
      }),
    );
  }
  return offers;
}
