import { InputError } from '@ems/schema';

/** What the caller is told for each of PostgreSQL's data exceptions (never the database's own text, which names the statement). */
const MESSAGES: Record<string, string> = {
  '22001': 'A text is longer than it may be',
  '22003': 'A number is out of range',
  '22007': 'A date or time is not valid',
  '22008': 'A date or time is out of range',
  '22009': 'A time zone is out of range',
  '22021': 'A text contains characters that cannot be stored',
  '22P02': 'A value is not in the expected format',
  '22P05': 'A text contains characters that cannot be stored',
};

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a number out of range, an impossible date, a
 * malformed uuid, a NUL byte, a text too long) mean that a value from the request reached the
 * database unchecked. The caller gets the contract's 400 instead of a 500; the log keeps the
 * original, so that the validator that let it through can be found and tightened.
 */
export function inputErrorOfDatabase(err: unknown): InputError | null {
  const e = err as { code?: unknown; severity?: unknown } | null;
  if (!e || typeof e.code !== 'string' || typeof e.severity !== 'string' || !e.code.startsWith('22')) return null;
  return new InputError(MESSAGES[e.code] ?? 'A value is not valid here', { code: 'INVALID_INPUT' });
}
