import { formScreen, offersResumeChoice, type FormStateLike } from './process';

const at = (processState: FormStateLike['processState'], step: number, extra: Partial<FormStateLike> = {}): FormStateLike => ({
  processState,
  step,
  paymentUrl: null,
  questionType: step > 1 ? 'TXT' : null,
  ...extra,
});

describe('start fresh or resume (contract: GET form state in RUNNING or RESUME)', () => {
  it('offers the choice for a process already past step 1 when the page opens', () => {
    expect(offersResumeChoice(at('RUNNING', 3), false)).toBe(true);
  });

  it('does not ask for a new process at step 1', () => {
    expect(offersResumeChoice(at('RUNNING', 1), false)).toBe(false);
  });

  it('does not ask again once the user acted in this page', () => {
    expect(offersResumeChoice(at('RUNNING', 3), true)).toBe(false);
  });

  it('always asks in RESUME (the server takes only reset or resume there)', () => {
    expect(offersResumeChoice(at('RESUME', 1), true)).toBe(true);
    expect(offersResumeChoice(at('RESUME', 4), false)).toBe(true);
  });

  it('never asks in the other states', () => {
    for (const state of ['NONE', 'SUSPENDED', 'DONE', 'PENDING_PAYMENT', 'COMPLETED', 'CANCELLED'] as const) {
      expect(offersResumeChoice(at(state, 3), false)).toBe(false);
    }
  });
});

describe('what the form screen shows', () => {
  it('step 1 is the person overview, later steps the question', () => {
    expect(formScreen(at('RUNNING', 1), false)).toBe('people');
    expect(formScreen(at('RUNNING', 2), true)).toBe('question');
  });

  it('PENDING_PAYMENT with a paymentUrl is the completion with the payment redirect', () => {
    expect(formScreen(at('PENDING_PAYMENT', 5, { paymentUrl: '/pay' }), true)).toBe('payment');
    expect(formScreen(at('PENDING_PAYMENT', 5), true)).toBe('manualPayment');
    expect(formScreen(at('DONE', 5), true)).toBe('manualPayment');
  });

  it('terminal states have their own screens', () => {
    expect(formScreen(at('COMPLETED', 5), false)).toBe('completed');
    expect(formScreen(at('CANCELLED', 5), false)).toBe('cancelled');
  });
});
