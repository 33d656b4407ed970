import { cellText, excelDateText, excelNumberText } from './xlsxCellText';

const plain = { date1904: false };

describe('XLSX cell text', () => {
  it('writes a date without a time part as YYYY-MM-DD, from its UTC parts', () => {
    expect(excelDateText(new Date(Date.UTC(1990, 4, 17)))).toBe('1990-05-17');
  });

  it('writes a date with a time as an ISO 8601 date-time, rounded to the second', () => {
    expect(excelDateText(new Date(Date.UTC(2026, 0, 2, 13, 5, 9, 999)))).toBe('2026-01-02T13:05:10');
  });

  it("writes Excel's time-only values (day 0, 1899-12-30) as a time", () => {
    expect(cellText(0.4375, { numFmt: 'h:mm', date1904: false })).toBe('10:30:00');
  });

  it('converts a formula result in a date-formatted cell, in the 1900 and the 1904 date systems', () => {
    expect(cellText({ formula: 'TODAY()', result: 43832 }, { numFmt: 'dd.mm.yyyy', date1904: false })).toBe('2020-01-02');
    expect(cellText({ formula: 'TODAY()', result: 42370 }, { numFmt: 'dd.mm.yyyy', date1904: true })).toBe('2020-01-02');
  });

  it('writes numbers without float noise past 15 significant digits', () => {
    expect(excelNumberText(0.1 + 0.2)).toBe('0.3');
    expect(excelNumberText(4917612345678)).toBe('4917612345678');
    expect(cellText(Number.NaN, plain)).toBe('');
  });

  it('writes booleans, rich text, hyperlinks, errors and empty cells as their text', () => {
    expect(cellText(true, plain)).toBe('TRUE');
    expect(cellText({ richText: [{ text: 'a' }, { text: 'b' }] }, plain)).toBe('ab');
    expect(cellText({ text: 'site', hyperlink: 'https://example.com' }, plain)).toBe('site');
    expect(cellText({ error: '#N/A' }, plain)).toBe('#N/A');
    expect(cellText(null, plain)).toBe('');
  });
});
