import { z } from 'zod';
import { eventIdField, parseFormFields } from './formFields';

describe('upload form fields', () => {
  const schema = z.object({ eventId: eventIdField, note: z.string().max(3) });

  it('names the field once in the message', () => {
    expect(() => parseFormFields(schema, { note: 'ok' })).toThrow(/^eventId is required$/);
    expect(() => parseFormFields(schema, { eventId: 'x', note: 'ok' })).toThrow(/^eventId must be a positive integer$/);
    // A library message that does not name its field gets the field in front.
    expect(() => parseFormFields(schema, { eventId: '1', note: 'long' })).toThrow(/^note: /);
  });
});
