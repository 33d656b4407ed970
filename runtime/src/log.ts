import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * One logger factory for every process. Secrets (API keys, JWTs, hashes, session ids, shared
 * secrets) never reach a log line: headers and body fields are redacted by path, and query
 * strings are scrubbed by `scrubUrl` before a URL is logged. log.test.ts checks both.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.token',
  '*.userHash',
  '*.password',
  '*.secret',
  '*.apiKey',
  '*.jwt',
];

/**
 * Query parameters that carry a secret or a capability: signed-link hashes and nonces (h,
 * userHash, n, nonce), the pay link's token, the card check's and unsubscribe link's token (t),
 * OpenID Connect's code and state, and the usual names of keys and signatures.
 */
const SENSITIVE_QUERY_KEYS = /^(h|userhash|hash|token|t|key|api_?key|secret|sig|signature|code|state|session_state|nonce|n)$/i;

export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SENSITIVE_QUERY_KEYS.test(key)) params.set(key, '[Redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * stdout through pino's destination, buffered (sonic-boom's `minLength` and `periodicFlush`):
 * lines are gathered up to 4 kB and written at least every 250 ms, and pino flushes what is left
 * when the process exits. One write per access line was about a twentieth of the router's CPU per
 * request in a profile. A line may show up a quarter of a second late; a process killed with
 * SIGKILL loses at most that much. `destination` defaults to stdout; tests pass a buffer.
 */
export function createLogger(service: string, level: LogLevel = 'info', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      err: pino.stdSerializers.err,
    },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, minLength: 4096, periodicFlush: 250 }));
}

export type { Logger };
