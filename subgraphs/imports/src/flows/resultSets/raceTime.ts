/**
 * Race times as result files write them: `h:mm:ss` with tenths, hundredths or thousandths
 * (`0:41:07.3`, `1:02:03.45`), or without hours `mm:ss` (`41:07.3`; minutes past 59 allowed there,
 * `75:12`), the decimal separator `.` or `,`. Minutes and seconds after the first part have two
 * digits and stay below 60; a time is below 500 hours. A bare number is refused: `12.5` could be
 * seconds or minutes. Answers milliseconds, or null for anything else.
 */
const RACE_TIME = /^(?:(\d{1,3}):([0-5]\d)|(\d{1,5})):([0-5]\d)(?:[.,](\d{1,3}))?$/;
const MAX_HOURS = 500;

export function parseRaceTime(raw: string): number | null {
  const m = RACE_TIME.exec(raw.trim());
  if (!m) return null;
  const hours = m[1] === undefined ? 0 : Number(m[1]);
  const minutes = m[2] === undefined ? Number(m[3]) : Number(m[2]);
  const seconds = Number(m[4]);
  const ms = m[5] === undefined ? 0 : Number(m[5].padEnd(3, '0'));
  const total = ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;
  return total < MAX_HOURS * 3_600_000 ? total : null;
}
