import { formatMinor } from './money';
import type { OptionCode, OrderLine, PeriodPricingRules, PricingPerson } from './types';
import { OPTION_CODES } from './types';

const LABELS: Record<OptionCode, string> = { insurance: 'Insurance', magazine: 'Magazine subscription' };

/**
 * Lines for the additional options. Priced per person: one line for each person who chose it.
 * Priced per order: one line for the order (personId null) as soon as anyone chose it.
 */
export function optionLines(
  rules: PeriodPricingRules,
  persons: readonly PricingPerson[],
): { perPerson: OrderLine[]; perOrder: OrderLine[] } {
  const perPerson: OrderLine[] = [];
  const perOrder: OrderLine[] = [];
  for (const code of OPTION_CODES) {
    const price = rules.options[code];
    const choosers = persons.filter((person) => person.options.includes(code));
    if (!price || choosers.length === 0) continue;
    const line = (personId: number | null): OrderLine => ({
      personId,
      kind: code,
      description: `${LABELS[code]} ${formatMinor(price.priceMinor)} ${rules.currency}${price.per === 'order' ? ' per order' : ''}`,
      amountMinor: price.priceMinor,
      rule: `option:${code}:per_${price.per}`,
    });
    if (price.per === 'order') perOrder.push(line(null));
    else perPerson.push(...choosers.map((person) => line(person.id)));
  }
  return { perPerson, perOrder };
}
