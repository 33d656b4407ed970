import { minorUnitDigits } from '../../lib/money';

/**
 * An amount as an operator types it (`120`, `120.50`, `120,50`) in minor units of the currency,
 * or null when it is not one (more decimals than the currency has, signs, letters, zero).
 */
export function parseAmountMinor(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return minor > 0 ? minor : null;
}
