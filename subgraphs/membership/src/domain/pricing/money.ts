import type { Adjustment } from './types';

/**
 * Integer money arithmetic. Percentages become basis points (1% = 100 bp) once, and a percentage of
 * an amount is rounded half up to the minor unit: the magnitude is rounded to the nearest unit,
 * halves away from zero (as Java's RoundingMode.HALF_UP), so a 5% discount on 83.50 is -4.18
 * (4.175 rounds to 4.18) and a 5% surcharge on it is +4.18. The product is computed in BigInt so
 * that no intermediate value loses precision.
 */

export function toBasisPoints(percent: number): number {
  const basisPoints = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(percent * 100 - basisPoints) > 1e-6) {
    throw new RangeError(`A percentage has at most two decimals: ${percent}`);
  }
  return basisPoints;
}

export function percentOf(amountMinor: number, basisPoints: number): number {
  const product = BigInt(amountMinor) * BigInt(basisPoints);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude + 5_000n) / 10_000n;
  return Number(product < 0n ? -rounded : rounded);
}

/** The amount an adjustment adds to (positive) or takes from (negative) a base fee. */
export function adjustmentAmount(baseMinor: number, adjustment: Adjustment): number {
  return adjustment.type === 'fixed' ? adjustment.amountMinor : percentOf(baseMinor, toBasisPoints(adjustment.percent));
}

/** A reduction never takes a fee below zero: it is cut to what is left. */
export function clampToRemaining(amountMinor: number, remainingMinor: number): number {
  return Math.max(amountMinor, -remainingMinor);
}

export function describeAdjustment(adjustment: Adjustment, currency: string): string {
  if (adjustment.type === 'percent') return `${adjustment.percent > 0 ? '+' : ''}${adjustment.percent}%`;
  const sign = adjustment.amountMinor < 0 ? '-' : '+';
  return `${sign}${formatMinor(Math.abs(adjustment.amountMinor))} ${currency}`;
}

/** 12345 -> '123.45' (two minor digits; used in descriptions only). */
export function formatMinor(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function sumMinor(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}
