/**
 * Today's date as `YYYY-MM-DD`. Registration dates, timing windows and ages are calendar dates;
 * the service takes the calendar day in UTC (docs/payments.md, "Dates"). Everything that depends
 * on the date takes it as an argument, so tests pass their own.
 */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
