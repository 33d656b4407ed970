import { parseRaceTime } from './raceTime';

const ms = (h: number, m: number, s: number, f = 0) => ((h * 60 + m) * 60 + s) * 1000 + f;

describe('parseRaceTime: the times result files write', () => {
  it.each([
    ['h:mm:ss.s', '0:41:07.3', ms(0, 41, 7, 300)],
    ['h:mm:ss', '2:03:59', ms(2, 3, 59)],
    ['hundredths', '1:02:03.45', ms(1, 2, 3, 450)],
    ['thousandths', '0:00:09.581', ms(0, 0, 9, 581)],
    ['a decimal comma', '0:41:07,3', ms(0, 41, 7, 300)],
    ['mm:ss', '41:07', ms(0, 41, 7)],
    ['mm:ss.s', '41:07.3', ms(0, 41, 7, 300)],
    ['m:ss.ss', '9:58.06', ms(0, 9, 58, 60)],
    ['minutes past 59 without hours', '75:12.3', ms(1, 15, 12, 300)],
    ['hh:mm:ss from an XLSX time cell', '01:15:12', ms(1, 15, 12)],
    ['more than a day', '26:04:33', ms(26, 4, 33)],
    ['spaces around', ' 0:41:07.3 ', ms(0, 41, 7, 300)],
    ['zero', '0:00:00', 0],
  ])('%s: %s', (_name, raw, expected) => {
    expect(parseRaceTime(raw)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['a bare number (seconds or minutes?)', '12.5'],
    ['seconds past 59', '0:41:60'],
    ['minutes past 59 after hours', '1:60:00'],
    ['one-digit seconds', '41:7'],
    ['one-digit minutes after hours', '1:2:03'],
    ['four decimals', '0:41:07.3456'],
    ['a colon too many', '1:02:03:04'],
    ['a negative time', '-0:41:07'],
    ['letters', 'DNF'],
    ['a date', '2026-05-10'],
    ['500 hours or more', '500:00:00'],
    ['a separator at the end', '41:07.'],
  ])('refuses %s: %s', (_name, raw) => {
    expect(parseRaceTime(raw)).toBeNull();
  });

  it('499:59:59.999 is the longest time', () => {
    expect(parseRaceTime('499:59:59.999')).toBe(ms(499, 59, 59, 999));
  });
});
