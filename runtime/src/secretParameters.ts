/**
 * The one list of query parameter names whose values are secrets or capabilities, used by every
 * log of every process (`createLogger` scrubs each line it writes, `scrubUrl` a URL kept for
 * later) and by nothing else, so a name added here is scrubbed everywhere at once.
 *
 * Exact names: the signed links' `h`, `t` (timestamp or a card's/unsubscribe link's token), `n`
 * (nonce), OpenID Connect's `code` and `state`, and the usual short names of keys and signatures.
 * Words: any name containing one (`access_token`, `id_token`, `client_secret`, `x-api-key`,
 * `code_verifier`, `userHash`, `password`, ...). Names are compared in lower case with `-` as `_`.
 */
const SECRET_NAMES = new Set([
  'h',
  't',
  'n',
  'code',
  'state',
  'session_state',
  'nonce',
  'key',
  'sig',
  'jwt',
  'sid',
  'auth',
  'authorization',
  'cookie',
  'otp',
  'pin',
]);
const SECRET_WORDS = /token|secret|passw|pwd|signature|api_?key|hash|credential|verifier|private|assertion/;

export function isSecretParameter(name: string): boolean {
  const normalised = name.toLowerCase().replace(/-/g, '_');
  return SECRET_NAMES.has(normalised) || SECRET_WORDS.test(normalised);
}

export const REDACTED = '[Redacted]';

/**
 * `name=value` after `?`, `&` or the start of a JSON string: the value runs to the next `&`, `#`,
 * quote, backslash (a JSON escape) or white space. Names may be percent-encoded.
 */
const PARAMETER = /([?&"])([^=&?#"\\\s]{1,100})=([^&#"\\\s]*)/g;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * Every secret-looking query parameter in `text` (a URL, or a whole log line with URLs anywhere in
 * it: a message, an error's text, a field) with its value replaced by `[Redacted]`; the rest stays
 * as it was, byte for byte.
 */
export function scrubSecretParameters(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(PARAMETER, (whole, before: string, name: string, value: string) =>
    value !== REDACTED && isSecretParameter(decodedName(name)) ? `${before}${name}=${REDACTED}` : whole,
  );
}
