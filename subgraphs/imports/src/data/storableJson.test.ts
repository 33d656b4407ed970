import { storableJson, storableText } from './storableJson';

describe('storableJson: what jsonb cannot hold is replaced, never a failed write', () => {
  it('replaces a NUL and a lone surrogate with U+FFFD, in strings and in keys, and keeps whole pairs', () => {
    expect(storableText('a\u0000b\ud800c\udc00d\u{1F600}')).toBe('a\ufffdb\ufffdc\ufffdd\u{1F600}');
    const json = storableJson({ error: { message: 'Blatt "\u0000"' }, header: ['x\ud800'], ['k\u0000']: [{ n: 1, at: new Date(0) }] });
    expect(JSON.parse(json)).toEqual({
      error: { message: 'Blatt "\ufffd"' },
      header: ['x\ufffd'],
      ['k\ufffd']: [{ n: 1, at: '1970-01-01T00:00:00.000Z' }],
    });
    expect(json).not.toMatch(/\\u0000|\\ud8/);
  });
});
