import { paymentOutcome, shouldPoll } from './payment';

describe('payment return: the page shows what the server says, never the URL status', () => {
  it('a paid order is a success whatever the last attempt says', () => {
    expect(paymentOutcome('SUCCEEDED', 'PAID')).toBe('paid');
    expect(paymentOutcome('FAILED', 'PAID')).toBe('paid');
    expect(paymentOutcome('SUCCEEDED', 'UNPAID')).toBe('paid');
  });

  it('failed, cancelled and pending attempts of an unpaid order', () => {
    expect(paymentOutcome('FAILED', 'UNPAID')).toBe('failed');
    expect(paymentOutcome('CANCELLED', 'UNPAID')).toBe('cancelled');
    expect(paymentOutcome('PENDING', 'UNPAID')).toBe('pending');
    expect(paymentOutcome('NONE', 'UNPAID')).toBe('unpaid');
  });

  it('a cancelled order', () => {
    expect(paymentOutcome('NONE', 'CANCELLED')).toBe('orderCancelled');
  });

  it('polls only while pending', () => {
    expect(shouldPoll('pending')).toBe(true);
    for (const outcome of ['paid', 'failed', 'cancelled', 'unpaid', 'orderCancelled'] as const) expect(shouldPoll(outcome)).toBe(false);
  });
});
