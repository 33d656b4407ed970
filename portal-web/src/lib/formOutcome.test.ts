import { ServerError } from '@apollo/client/errors';
import { outcomeOf, outcomeOfRequestError } from './formOutcome';
import { texts } from './texts';

const form = { __typename: 'Form' as const, processId: 'p1', step: 2 };

describe('outcome of a form action', () => {
  it('a Form is the new state', () => {
    expect(outcomeOf(form)).toEqual({ kind: 'ok', form });
  });

  it('STEP_CONFLICT with current shows that state and says why', () => {
    expect(
      outcomeOf({ __typename: 'FormError', code: 'STEP_CONFLICT', message: 'Step 2 expected', current: { ...form, step: 3 } }),
    ).toEqual({
      kind: 'conflict',
      message: texts.form.conflictNotice,
    });
  });

  it('a period or authorisation FormError switches to the access-denied view', () => {
    expect(outcomeOf({ __typename: 'FormError', code: 'PERIOD_CLOSED', message: 'closed', current: null })).toEqual({
      kind: 'denied',
      reason: 'PERIOD_CLOSED',
    });
  });

  it('any other FormError is a failure with its message', () => {
    expect(outcomeOf({ __typename: 'FormError', code: 'ORDER_FAILED', message: 'No price for this age group.', current: null })).toEqual({
      kind: 'failed',
      message: 'No price for this age group.',
    });
    expect(outcomeOf(null)).toEqual({ kind: 'failed', message: texts.form.submitFailedDefault });
  });

  it('the 15 s time-out has its own text; other request failures the default text', () => {
    expect(outcomeOfRequestError(new DOMException('aborted', 'AbortError'), true)).toEqual({
      kind: 'failed',
      message: texts.form.submitTimedOut,
    });
    expect(outcomeOfRequestError(new TypeError('Failed to fetch'), false)).toEqual({
      kind: 'failed',
      message: texts.form.submitFailedDefault,
    });
  });

  it('an ended session during the form shows the access-denied view', () => {
    const expired = new ServerError('401', { response: { status: 401, headers: new Headers() } as unknown as Response, bodyText: '' });
    expect(outcomeOfRequestError(expired, false)).toEqual({ kind: 'denied', reason: 'SESSION_EXPIRED' });
  });
});
