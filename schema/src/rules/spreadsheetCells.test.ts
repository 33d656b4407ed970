import { csvRecord, neutraliseCell, restoreCell } from './spreadsheetCells';

describe('failed-rows file: cells are safe to open in a spreadsheet (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1+2', `'+1+2`],
    ['-Smith', `'-Smith`],
    ['-12.5', `'-12.5`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
  ])('a cell beginning with a formula character gets a leading single quote: %j', (value, written) => {
    expect(neutraliseCell(value)).toBe(written);
  });

  it.each(['', 'Smith', 'Anne-Marie', 'a=b', '12', ' =1+2', "O'Brien", "'quoted", "'"])(
    'any other cell is written as it is: %j',
    (value) => {
      expect(neutraliseCell(value)).toBe(value);
    },
  );

  it('a value that already begins with quotes before a formula character gets one quote more (the rule stays reversible)', () => {
    expect(neutraliseCell("'=x")).toBe("''=x");
    expect(neutraliseCell("''-1")).toBe("'''-1");
  });

  it.each(['', 'Smith', '-Smith', '-12.5', '=1+2', '+49 30 1234', '@home', '\tx', '\rx', "'=x", "''-1", "'quoted", "'", "O'Brien", "'-"])(
    'reading the written cell back gives the original value: %j',
    (value) => {
      expect(restoreCell(neutraliseCell(value))).toBe(value);
    },
  );

  it('reading back strips only a quote in front of a formula character', () => {
    expect(restoreCell("'-Smith")).toBe('-Smith');
    expect(restoreCell("'Brien")).toBe("'Brien");
    expect(restoreCell('-Smith')).toBe('-Smith');
  });
});

describe('a CSV record of neutralised cells', () => {
  it('quotes every value, doubles quotes, neutralises formulas and writes nothing for null', () => {
    expect(csvRecord(['Smith', '=1+2', 'say "hi"', null, 12, '-3'])).toBe(`"Smith","'=1+2","say ""hi""","","12","'-3"`);
  });
});
