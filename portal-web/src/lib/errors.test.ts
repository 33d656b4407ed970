import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { deniedReasonForCode, deniedReasonForErrorParam, deniedReasonForRequestError, formErrorText } from './errors';
import { deniedMessage, texts } from './texts';

function serverError(status: number): ServerError {
  return new ServerError('Response not successful', {
    response: { status, headers: new Headers() } as unknown as Response,
    bodyText: '{"error":"Not authenticated","message":"Session not found or expired"}',
  });
}

describe('access-denied scenarios map to helpful messages without technical detail', () => {
  it('maps the period and authorisation FormError codes', () => {
    expect(deniedReasonForCode('PERIOD_CLOSED')).toBe('PERIOD_CLOSED');
    expect(deniedReasonForCode('REGISTRATION_NOT_OPEN')).toBe('REGISTRATION_NOT_OPEN');
    expect(deniedReasonForCode('REGISTRATION_ENDED')).toBe('REGISTRATION_ENDED');
    expect(deniedReasonForCode('PERIOD_NOT_FOUND')).toBe('PERIOD_NOT_FOUND');
    expect(deniedReasonForCode('FORBIDDEN')).toBe('FORBIDDEN');
    expect(deniedReasonForCode('NOT_ORGANISATION_MEMBER')).toBe('FORBIDDEN');
    expect(deniedReasonForCode('STEP_CONFLICT')).toBeNull();
    expect(deniedReasonForCode(undefined)).toBeNull();
  });

  it('maps the contract error parameters, and never echoes an unknown one', () => {
    expect(deniedReasonForErrorParam('Missing security verification parameters')).toBe('MISSING_VERIFICATION');
    expect(deniedReasonForErrorParam('Invalid security verification')).toBe('INVALID_VERIFICATION');
    expect(deniedReasonForErrorParam('Call +1 555 0100 to unlock your account')).toBe('UNKNOWN');
  });

  it('every reason has a message that names no code, status or stack', () => {
    for (const reason of Object.keys(texts.denied.reasons) as Array<keyof typeof texts.denied.reasons>) {
      const message = deniedMessage(reason);
      expect(message.length).toBeGreaterThan(10);
      expect(message).not.toMatch(/[A-Z]{3,}_|\b[45]\d\d\b|Error|stack/);
    }
  });

  it('a 401 from the router means the session ended; 403 means not authorised', () => {
    expect(deniedReasonForRequestError(serverError(401))).toBe('SESSION_EXPIRED');
    expect(deniedReasonForRequestError(serverError(403))).toBe('FORBIDDEN');
    expect(deniedReasonForRequestError(serverError(500))).toBeNull();
  });

  it('reads the subgraphs’ GraphQL error codes and statuses', () => {
    const unauthenticated = new CombinedGraphQLErrors({ errors: [{ message: 'x', extensions: { code: 'UNAUTHORIZED', status: 401 } }] });
    expect(deniedReasonForRequestError(unauthenticated)).toBe('SESSION_EXPIRED');
    const forbidden = new CombinedGraphQLErrors({ errors: [{ message: 'x', extensions: { code: 'ORG_SCOPE', status: 403 } }] });
    expect(deniedReasonForRequestError(forbidden)).toBe('FORBIDDEN');
    const internal = new CombinedGraphQLErrors({ errors: [{ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    expect(deniedReasonForRequestError(internal)).toBeNull();
    expect(deniedReasonForRequestError(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('form submission failure text: the error’s message or a default text', () => {
  it('prefers our text for a known code, then the server message, then the default', () => {
    expect(formErrorText({ code: 'ITC_ALL_MUST_AGREE', message: "Person 3 must agree (answer '1')." })).toBe(
      texts.form.formErrors['ITC_ALL_MUST_AGREE'],
    );
    expect(formErrorText({ code: 'ORDER_FAILED', message: 'The order could not be created.' })).toBe('The order could not be created.');
    expect(formErrorText({ code: 'ORDER_FAILED', message: '  ' })).toBe(texts.form.submitFailedDefault);
    expect(formErrorText(null)).toBe(texts.form.submitFailedDefault);
  });

  it('explains a refused order by its rule instead of the server wording', () => {
    expect(
      formErrorText({
        code: 'ORDER_REFUSED',
        rule: 'AGE_GROUP_NOT_OFFERED',
        message: 'Membership type individual has no fee for the age group of person 4.',
      }),
    ).toBe(texts.form.formErrors['AGE_GROUP_NOT_OFFERED']);
    expect(formErrorText({ code: 'ORDER_REFUSED', rule: 'SOMETHING_NEW', message: 'Order refused.' })).toBe('Order refused.');
  });
});
