import { LOCALE } from './texts';

/** Decimal places of a currency's minor unit (EUR 2, JPY 0, KWD 3), as Intl knows them. */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount in minor units (cents) formatted in the currency, e.g. 12345 EUR -> "€123.45".
 * Integer arithmetic picks the major value so that no binary fraction shows up in the output.
 */
export function formatMoney(amountMinor: number, currency: string, locale: string = LOCALE): string {
  const digits = minorUnitDigits(currency);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(amountMinor / 10 ** digits);
}

/** Sum of order lines in minor units. */
export function sumMinor(lines: ReadonlyArray<{ amountMinor: number }>): number {
  return lines.reduce((total, line) => total + line.amountMinor, 0);
}
