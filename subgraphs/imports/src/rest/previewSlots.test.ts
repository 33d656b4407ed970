import { TooManyRequestsError } from '@ems/schema';
import { previewSlots } from './previewSlots';

describe('previews run at most N at once (429 TOO_MANY_PREVIEWS beyond)', () => {
  it('refuses the preview past the limit with a Retry-After, and takes it again once one is released', () => {
    const slots = previewSlots(2);
    const first = slots.enter();
    slots.enter();
    let refusal: unknown;
    try {
      slots.enter();
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(TooManyRequestsError);
    expect((refusal as TooManyRequestsError).toBody()).toEqual({
      error: 'Too Many Requests',
      message: 'Too many files are being previewed at the moment; try again shortly',
      code: 'TOO_MANY_PREVIEWS',
    });
    expect((refusal as TooManyRequestsError).retryAfterSeconds).toBe(2);
    // Released twice (the answer ended, then the connection closed): one slot, not two.
    first();
    first();
    slots.enter();
    expect(() => slots.enter()).toThrow(TooManyRequestsError);
  });
});
