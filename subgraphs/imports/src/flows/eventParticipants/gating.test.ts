import { InputError } from '@ems/schema';
import { gate } from './gating';

describe('source-system gating on (is_self, trustPKs, updatePII)', () => {
  it.each([
    ['none', false, false, { trustedKey: null, updatePII: false }],
    ['self', false, false, { trustedKey: null, updatePII: false }],
    ['self', true, false, { trustedKey: 'personId', updatePII: false }],
    ['self', true, true, { trustedKey: 'personId', updatePII: true }],
    ['external', false, false, { trustedKey: null, updatePII: false }],
    ['external', true, false, { trustedKey: 'externalId', updatePII: false }],
    ['external', true, true, { trustedKey: 'externalId', updatePII: true }],
  ] as const)('allows source %s, trustPKs %s, updatePII %s', (source, trust, pii, expected) => {
    expect(gate(source, trust, pii)).toEqual(expected);
  });

  it.each([
    ['none', true, false, 'GATING_TRUST_WITHOUT_SOURCE'],
    ['none', true, true, 'GATING_TRUST_WITHOUT_SOURCE'],
    ['none', false, true, 'GATING_PII_WITHOUT_TRUST'],
    ['self', false, true, 'GATING_PII_WITHOUT_TRUST'],
    ['external', false, true, 'GATING_PII_WITHOUT_TRUST'],
  ] as const)('refuses source %s, trustPKs %s, updatePII %s', (source, trust, pii, code) => {
    expect(() => gate(source, trust, pii)).toThrow(InputError);
    try {
      gate(source, trust, pii);
    } catch (err) {
      expect((err as InputError).code).toBe(code);
    }
  });
});
