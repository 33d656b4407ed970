import { deniedReasonForCode, deniedReasonForRequestError, formErrorText } from './errors';
import { texts, type DeniedReason } from './texts';

/** What the form screen does after a form action (submit, back, reset, resume). */
export type FormActionOutcome<Form = unknown> =
  /** The new state is in the cache (and so on screen). */
  | { kind: 'ok'; form: Form }
  /** STEP_CONFLICT: the server's current state is in the cache; tell the user why the step changed. */
  | { kind: 'conflict'; message: string }
  /** Show `message` as the failure notice (five seconds, question hidden). */
  | { kind: 'failed'; message: string }
  /** No (longer) access: show the access-denied view. */
  | { kind: 'denied'; reason: DeniedReason };

interface FormLike {
  __typename: 'Form';
}

interface FormErrorLike {
  __typename: 'FormError';
  code: string;
  message: string;
  rule?: string | null;
  current: unknown;
}

export function outcomeOf<Form extends FormLike>(result: Form | FormErrorLike | null | undefined): FormActionOutcome<Form> {
  if (!result) return { kind: 'failed', message: texts.form.submitFailedDefault };
  if (result.__typename === 'Form') return { kind: 'ok', form: result };
  if (result.code === 'STEP_CONFLICT' && result.current) return { kind: 'conflict', message: texts.form.conflictNotice };
  const denied = deniedReasonForCode(result.code);
  if (denied) return { kind: 'denied', reason: denied };
  return { kind: 'failed', message: formErrorText(result) };
}

/** A request that failed as a whole (network, time-out, HTTP status, GraphQL errors). */
export function outcomeOfRequestError(error: unknown, timedOut: boolean): FormActionOutcome<never> {
  if (timedOut) return { kind: 'failed', message: texts.form.submitTimedOut };
  const denied = deniedReasonForRequestError(error);
  if (denied) return { kind: 'denied', reason: denied };
  return { kind: 'failed', message: texts.form.submitFailedDefault };
}
