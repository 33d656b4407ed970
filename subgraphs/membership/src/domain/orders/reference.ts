/**
 * Order references are what a payer types into a bank transfer, so they are short, upper case and
 * unambiguous: `ORD-<year>-<order id, at least 6 digits>`, e.g. `ORD-2026-000123`. The id makes
 * them unique; the year only helps people. They are not secrets (the pay page shows nothing but
 * the amount and the reference).
 */
export function formatOrderReference(today: string, orderId: number): string {
  return `ORD-${today.slice(0, 4)}-${String(orderId).padStart(6, '0')}`;
}

/** Loose shape check before a database look-up; the unique index is the real authority. */
export function looksLikeOrderReference(value: string): boolean {
  return /^[A-Z0-9][A-Z0-9-]{2,39}$/.test(value);
}
