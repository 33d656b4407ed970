import { FILTER_TEXT_MAX_LENGTH, isFilterTextTooLong } from './filterText';

/** Issue 37, defect 5 (a 10,000-character member search ran 27 s): the one length rule for a read's text. */
describe('the filter text rule: at most 200 characters', () => {
  it('takes 200 characters and refuses 201', () => {
    expect(FILTER_TEXT_MAX_LENGTH).toBe(200);
    expect(isFilterTextTooLong('a'.repeat(200))).toBe(false);
    expect(isFilterTextTooLong('a'.repeat(201))).toBe(true);
    expect(isFilterTextTooLong('x'.repeat(100_000))).toBe(true);
  });

  it('counts characters, not UTF-16 units: 200 emoji pass, 201 do not', () => {
    expect(isFilterTextTooLong('😀'.repeat(200))).toBe(false);
    expect(isFilterTextTooLong('😀'.repeat(201))).toBe(true);
  });

  it('takes the empty text', () => {
    expect(isFilterTextTooLong('')).toBe(false);
  });
});
