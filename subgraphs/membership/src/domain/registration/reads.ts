import type { Db } from '../../data/db';
import { periodWithActiveTypes } from '../../data/periods';
import { linkedPersonsInPeriod } from '../../data/persons';

/**
 * The rows one registration request needs in several places: the period with its active types,
 * and the account's linked persons with their memberships in it and the period before. A form
 * step reads them for its context and again for the type offers and the running total; through
 * one `RegistrationReads` each is read once. Made for one request on its transaction and dropped with it, never shared:
 * periods, persons and statuses change between requests. After a write that changes the statuses
 * (an order made or cancelled) the caller reads them without it.
 */
export interface RegistrationReads {
  period(periodId: number): ReturnType<typeof periodWithActiveTypes>;
  linkedPersons(accountId: number, periodId: number): ReturnType<typeof linkedPersonsInPeriod>;
}

export function registrationReads(db: Db): RegistrationReads {
  const periods = new Map<number, ReturnType<typeof periodWithActiveTypes>>();
  const persons = new Map<string, ReturnType<typeof linkedPersonsInPeriod>>();
  return {
    period: (periodId) => once(periods, periodId, () => periodWithActiveTypes(db, periodId)),
    linkedPersons: (accountId, periodId) => once(persons, `${accountId}/${periodId}`, () => linkedPersonsInPeriod(db, accountId, periodId)),
  };
}

function once<Key, Value>(memo: Map<Key, Value>, key: Key, read: () => Value): Value {
  if (!memo.has(key)) memo.set(key, read());
  return memo.get(key) as Value;
}
