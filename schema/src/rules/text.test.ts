import { escapeControlCharacters, findRefusedText, isAcceptedText } from './text';

/** Issue 17 "Hardening", defect 2 (NUL bytes reached PostgreSQL): the one rule for incoming text. */
describe('the text rule: control characters are refused, TAB, LF and CR are not', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', 'a\u0007b'],
    ['vertical tab', '\u000B'],
    ['form feed', '\u000C'],
    ['ESC (terminal escapes)', '\u001b[2J'],
    ['unit separator', '\u001F'],
    ['DEL', '\u007F'],
    ['C1 NEL', '\u0085'],
    ['C1 CSI', '\u009B'],
    ['a lone high surrogate', 'x\uD83D'],
    ['a lone low surrogate', '\uDE00x'],
  ])('refuses %s', (_name, value) => {
    expect(isAcceptedText(value)).toBe(false);
  });

  it.each([
    ['plain text', 'Anna Berg'],
    ['TAB, LF, CR', 'line one\r\n\tline two'],
    ['an empty string', ''],
    ['letters beyond ASCII', 'Åsa Ødegård, Zoë, 山田'],
    ['an emoji (a surrogate pair)', 'run 🏃‍♀️ 😀'],
    ['NBSP and U+00A0 onwards', '\u00A0\u00FF'],
    ['the line separator and bidi marks (allowed, escaped on output)', '\u2028\u202E'],
  ])('accepts %s', (_name, value) => {
    expect(isAcceptedText(value)).toBe(true);
  });
});

describe('findRefusedText: the first refused string in a request part, by its path', () => {
  it('names nested fields as parseInput does', () => {
    expect(
      findRefusedText({
        processId: 'p',
        people: [
          { id: 1, answer: 'ok' },
          { id: 2, answer: 'a\u0000' },
        ],
      }),
    ).toEqual({
      field: 'people.1.answer',
    });
  });

  it('checks object keys, and shows a refused key escaped', () => {
    expect(findRefusedText({ outer: { 'k\u0000': 1 } })).toEqual({ field: 'outer.k\\u0000' });
  });

  it('names a bare string by its root, and passes clean values and non-strings', () => {
    expect(findRefusedText('\u0000', 'path')).toEqual({ field: 'path' });
    expect(findRefusedText({ a: [1, true, null, 'x\ty'], b: { c: 'line\n' } })).toBeNull();
    expect(findRefusedText(Buffer.from([0]))).toBeNull();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findRefusedText(deep)?.field.split('.')).toHaveLength(100_000);
  });
});

describe('escapeControlCharacters: output stays one line and cannot drive a terminal', () => {
  it('writes control characters as visible escapes and leaves the rest alone', () => {
    expect(escapeControlCharacters('a\nb\rc\td\u001b[31me\u0000f\u007Fg\u009Bh\u2028i')).toBe(
      'a\\nb\\rc\\td\\u001b[31me\\u0000f\\u007fg\\u009bh\\u2028i',
    );
    expect(escapeControlCharacters('Åsa 😀')).toBe('Åsa 😀');
  });
});
