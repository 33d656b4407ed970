import type { PeriodPricingRules, PricingPerson } from './types';

/**
 * The example membership period of docs/pricing.md, used by the tests. Amounts in euro cents.
 *
 *   base fees      individual: adult 120.00, junior 60.00, senior 83.50
 *                  youth: junior 50.00 only; club: adult 100.00 only (a senior pays the adult fee)
 *   age on         2025-01-01
 *   timing         early 2024-10-01..2024-12-31 -10%; standard 2025-01-01..2025-03-31;
 *                  late 2025-04-01..2025-06-30 +15.00
 *   member type    new: joining fee 25.00; renewal: -5%; transfer: joining fee waived
 *   family         from the 3rd person -50%; membership fees capped at 280.00
 *   options        insurance 12.00 per person; magazine 18.00 per order
 *   administration 3.00 per order
 */
export function examplePeriod(overrides: Partial<PeriodPricingRules> = {}): PeriodPricingRules {
  return {
    currency: 'EUR',
    referenceDate: '2025-01-01',
    baseFees: {
      individual: { adult: 12000, junior: 6000, senior: 8350 },
      youth: { junior: 5000 },
      club: { adult: 10000 },
    },
    timing: [
      { window: 'early', from: '2024-10-01', to: '2024-12-31', adjustment: { type: 'percent', percent: -10 } },
      { window: 'standard', from: '2025-01-01', to: '2025-03-31' },
      { window: 'late', from: '2025-04-01', to: '2025-06-30', adjustment: { type: 'fixed', amountMinor: 1500 } },
    ],
    memberTypes: {
      new: { joiningFeeMinor: 2500 },
      renewal: { adjustment: { type: 'percent', percent: -5 } },
      transfer: {},
    },
    family: { discount: { fromPosition: 3, adjustment: { type: 'percent', percent: -50 } }, capMinor: 28000 },
    options: { insurance: { per: 'person', priceMinor: 1200 }, magazine: { per: 'order', priceMinor: 1800 } },
    administrationFeeMinor: 300,
    ...overrides,
  };
}

let nextId = 1;

/** A person for the example period; an adult individual transfer (no joining fee, no discount) unless told. */
export function examplePerson(overrides: Partial<PricingPerson> = {}): PricingPerson {
  return { id: nextId++, dateOfBirth: '1980-05-10', membershipTypeCode: 'individual', memberType: 'transfer', options: [], ...overrides };
}
