import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { INVALID_VERIFICATION_ERROR, MISSING_VERIFICATION_ERROR } from './guard';
import { texts, type DeniedReason } from './texts';

/**
 * FormError codes that mean "you may not register here" (access-denied view) rather than "this
 * step failed". The access-denied view never shows the server's wording: only our own texts.
 */
const DENIED_CODES: Readonly<Record<string, DeniedReason>> = {
  PERIOD_NOT_FOUND: 'PERIOD_NOT_FOUND',
  // The organisation has no registration form for the period: nothing to register for here.
  PROCESS_DEFINITION_NOT_FOUND: 'PERIOD_NOT_FOUND',
  PERIOD_CLOSED: 'PERIOD_CLOSED',
  REGISTRATION_NOT_OPEN: 'REGISTRATION_NOT_OPEN',
  REGISTRATION_ENDED: 'REGISTRATION_ENDED',
  FORBIDDEN: 'FORBIDDEN',
  // What the forms service answers a user of another organisation (the contract's "user not
  // authorised for the organisation").
  NOT_ORGANISATION_MEMBER: 'FORBIDDEN',
  USER_KEY_MISMATCH: 'FORBIDDEN',
  NOT_AUTHORISED: 'FORBIDDEN',
  NOT_AUTHORIZED: 'FORBIDDEN',
  ORGANISATION_FORBIDDEN: 'FORBIDDEN',
  UNAUTHENTICATED: 'SESSION_EXPIRED',
  UNAUTHORIZED: 'SESSION_EXPIRED',
  NOT_AUTHENTICATED: 'SESSION_EXPIRED',
  TOKEN_EXPIRED: 'SESSION_EXPIRED',
};

export function deniedReasonForCode(code: string | null | undefined): DeniedReason | null {
  return (code && DENIED_CODES[code]) || null;
}

/**
 * The access-denied reason for the route's `error` parameter. Only the contract's two values (and
 * our own codes) are recognised; any other text from the URL is not echoed, so a crafted link
 * cannot put its own words on the page.
 */
export function deniedReasonForErrorParam(error: string): DeniedReason {
  if (error === MISSING_VERIFICATION_ERROR) return 'MISSING_VERIFICATION';
  if (error === INVALID_VERIFICATION_ERROR) return 'INVALID_VERIFICATION';
  return deniedReasonForCode(error) ?? 'UNKNOWN';
}

/** Whether a failed GraphQL request means the user has no (valid) session or no right to the data. */
export function deniedReasonForRequestError(error: unknown): DeniedReason | null {
  if (ServerError.is(error)) {
    if (error.statusCode === 401) return 'SESSION_EXPIRED';
    if (error.statusCode === 403) return 'FORBIDDEN';
    return null;
  }
  if (CombinedGraphQLErrors.is(error)) {
    for (const graphQLError of error.errors) {
      const extensions = graphQLError.extensions ?? {};
      if (extensions['status'] === 401) return 'SESSION_EXPIRED';
      if (extensions['status'] === 403) return 'FORBIDDEN';
      const reason = deniedReasonForCode(typeof extensions['code'] === 'string' ? extensions['code'] : null);
      if (reason) return reason;
    }
  }
  return null;
}

/**
 * The text for a failed step: ours for a known code (or, for a refused order, its rule), else the
 * server's message, else the default text.
 */
export function formErrorText(error: { code: string; message: string; rule?: string | null } | null | undefined): string {
  if (!error) return texts.form.submitFailedDefault;
  const known = texts.form.formErrors[error.code] ?? (error.rule ? texts.form.formErrors[error.rule] : undefined);
  return known ?? (error.message.trim() || texts.form.submitFailedDefault);
}
