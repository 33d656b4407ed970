import { pdfSafeText } from './pdfText';

describe('text on the membership card (WinAnsi fonts)', () => {
  it.each([
    ['Müller-Lüdenscheidt', 'Müller-Lüdenscheidt'],
    ['Åsa Ørsted Ñúñez', 'Åsa Ørsted Ñúñez'],
    ['Škoda Žofie Œuvre €', 'Škoda Žofie Œuvre €'],
    ['Łukasz Dvořák', 'Lukasz Dvorák'],
    ['Đorđe Ćosić', 'Dorde Cosic'],
    ['Σωκράτης', '????????'],
  ])('%s prints as %s', (given, printed) => {
    expect(pdfSafeText(given)).toBe(printed);
  });
});
