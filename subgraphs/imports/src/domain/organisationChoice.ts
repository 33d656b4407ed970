import { InputError, NotFoundError } from '@ems/schema';

/**
 * Which of an operator's organisations a request is for (the member upload, a new source system):
 * one they name must be one they operate (any other is "not found", never "forbidden", so
 * organisations of others do not show), and without one named, their only one.
 */

export function organisationNotFound(): NotFoundError {
  return new NotFoundError('Organisation not found', { code: 'ORGANISATION_NOT_FOUND' });
}

/** The organisation named, if the operator runs it; null when none was named. */
export function namedOrganisation(operated: readonly number[], named: number | null): number | null {
  if (named !== null && !operated.includes(named)) throw organisationNotFound();
  return named;
}

/** The operator's only organisation; an operator of several is told `how` to name one (ORGANISATION_REQUIRED). */
export function onlyOrganisation(operated: readonly number[], how: string): number {
  if (operated.length !== 1) throw new InputError(`You operate several organisations: ${how}`, { code: 'ORGANISATION_REQUIRED' });
  return operated[0] as number;
}
