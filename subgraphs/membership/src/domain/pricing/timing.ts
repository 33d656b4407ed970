import { isWithin } from './dates';
import { adjustmentAmount, clampToRemaining, describeAdjustment } from './money';
import type { IsoDate, OrderLine, PeriodPricingRules, TimingWindow, TimingWindowName } from './types';

/** The window the date falls in (first and last days included), or undefined: registration closed. */
export function timingWindowAt(rules: PeriodPricingRules, date: IsoDate): TimingWindow | undefined {
  return rules.timing.find((window) => isWithin(date, window.from, window.to));
}

/** Whether a price window is open on `date`: the named one, or any when no name is given. */
export function priceWindowOpen(rules: PeriodPricingRules, date: IsoDate, window?: TimingWindowName): boolean {
  const open = timingWindowAt(rules, date);
  return open !== undefined && (window === undefined || open.window === window);
}

/** The timing adjustment of one person's membership fee, or null when the window has none. */
export function timingLine(
  personId: number,
  baseMinor: number,
  remainingMinor: number,
  window: TimingWindow,
  currency: string,
): OrderLine | null {
  if (!window.adjustment) return null;
  const amountMinor = clampToRemaining(adjustmentAmount(baseMinor, window.adjustment), remainingMinor);
  if (amountMinor === 0) return null;
  return {
    personId,
    kind: 'timing_adjustment',
    description: `${WINDOW_LABELS[window.window]} ${describeAdjustment(window.adjustment, currency)}`,
    amountMinor,
    rule: `timing:${window.window}`,
  };
}

const WINDOW_LABELS: Record<TimingWindowName, string> = {
  early: 'Early registration',
  standard: 'Standard registration',
  late: 'Late registration',
};
