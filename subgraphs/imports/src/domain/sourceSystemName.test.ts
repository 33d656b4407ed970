import { SELF_SOURCE_NAME } from '../data/sourceSystems';
import { sourceSystemName } from './sourceSystemName';

/** The name an operator gives a new source system: one line, 1 to 100 characters, the text rule, not the self name. */
describe('a source system’s name', () => {
  it.each([
    ['kept as typed', 'RaceTiming', 'RaceTiming'],
    ['trimmed', '  RaceTiming \n', 'RaceTiming'],
    ['its spaces, tabs and line breaks folded to one space', 'Old\tclub\r\n  system', 'Old club system'],
    ['letters beyond ASCII', 'Åsa’s Zeitmessung', 'Åsa’s Zeitmessung'],
    [
      '100 characters, counted as code points (an emoji is one)',
      `${'😀'.repeat(50)}${'a'.repeat(50)}`,
      `${'😀'.repeat(50)}${'a'.repeat(50)}`,
    ],
  ])('is accepted: %s', (_name, sent, stored) => {
    expect(sourceSystemName(sent)).toBe(stored);
  });

  it.each([
    ['empty', '', 'SOURCE_SYSTEM_NAME_REQUIRED'],
    ['only spaces and line breaks', ' \n\t ', 'SOURCE_SYSTEM_NAME_REQUIRED'],
    ['101 characters', 'a'.repeat(101), 'SOURCE_SYSTEM_NAME_TOO_LONG'],
    ['101 characters after trimming, with an emoji', ` ${'😀'.repeat(51)}${'a'.repeat(50)} `, 'SOURCE_SYSTEM_NAME_TOO_LONG'],
    ['a NUL byte (the text rule)', 'Race\u0000Timing', 'INVALID_CHARACTERS'],
    ['a terminal escape (the text rule)', '\u001b[2JRace', 'INVALID_CHARACTERS'],
    ['this system’s own export', SELF_SOURCE_NAME, 'SOURCE_SYSTEM_NAME_RESERVED'],
    [
      'this system’s own export in other case and spacing',
      ` ${SELF_SOURCE_NAME.toUpperCase().replace(' ', '  ')} `,
      'SOURCE_SYSTEM_NAME_RESERVED',
    ],
  ])('is refused: %s', (_name, sent, code) => {
    expect(() => sourceSystemName(sent)).toThrow(expect.objectContaining({ code, status: 400 }));
  });

  it('names the field in a refusal, so a form shows it at the name', () => {
    expect(() => sourceSystemName('')).toThrow(
      expect.objectContaining({
        options: expect.objectContaining({ details: { fields: [{ field: 'name', message: expect.any(String) }] } }),
      }),
    );
  });
});
