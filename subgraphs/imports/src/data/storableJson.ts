/**
 * JSON that PostgreSQL's jsonb accepts. jsonb refuses `\u0000` and a lone UTF-16 surrogate, and
 * a job's state holds text that came from a file (header names, cell values, a sheet name quoted
 * in a failure message): one such character would make the write fail, and with it the record of
 * why the job ended. The readers refuse both in cells; this is the last line for everything else.
 */

/** A NUL, or half of a surrogate pair on its own (with the `u` flag a whole pair is one code point). */
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/gu; // eslint-disable-line no-control-regex

/** `text` with each character jsonb cannot hold replaced by U+FFFD, as a decoder shows what it could not read. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

function storableKeys(value: object): object {
  const keys = Object.keys(value);
  if (!keys.some((key) => key !== storableText(key))) return value;
  return Object.fromEntries(keys.map((key) => [storableText(key), (value as Record<string, unknown>)[key]]));
}

/** `JSON.stringify(value)` with every string and object key made storable. */
export function storableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string') return storableText(v);
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return storableKeys(v);
    return v;
  });
}
