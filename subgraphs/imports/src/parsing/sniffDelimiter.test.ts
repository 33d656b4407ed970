import { sniffDelimiter } from './sniffDelimiter';

describe('delimiter sniffing', () => {
  it('prefers the delimiter with the most consistent field count over decimal commas', () => {
    expect(sniffDelimiter('Name;Zeit;Strecke\nA;1,5;10\nB;2,25;21,1\nC;3;42,195\n', true)).toBe(';');
  });

  it('does not count delimiters or line breaks inside quotes', () => {
    expect(sniffDelimiter('a|b\n"x,y\nz;w"|1\n"p,q"|2\n', true)).toBe('|');
  });

  it('leaves out the last record of a sample cut mid-record', () => {
    expect(sniffDelimiter('a\tb\n1\t2\n3,4,5,6,7', false)).toBe('\t');
  });

  it('reads a one-column file as comma-separated', () => {
    expect(sniffDelimiter('name\nAnna\nBen\n', true)).toBe(',');
  });
});
