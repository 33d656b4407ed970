import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * One logger factory for every process. Secrets (API keys, JWTs, hashes, session ids, shared
 * secrets) never reach a log line: headers and body fields are redacted by path, and query
 * strings are scrubbed by `scrubUrl` before a URL is logged. tests/e2e/log-redaction checks it.
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

const SENSITIVE_QUERY_KEYS = /^(h|userhash|hash|token|key|api_?key|secret|sig|signature|code|nonce|n)$/i;

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
 * Lines go to stdout in batches: gathered up to 4 kB, written at least every 250 ms, and flushed
 * synchronously when the process exits. One write per request line cost every service a
 * thread-pool round trip per request (a router profile showed it); a line may now show up to a
 * quarter of a second late, and a process killed with SIGKILL loses at most that much.
 */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 250;

/** `destination` defaults to stdout; tests pass a buffer. */
export function createLogger(service: string, level: LogLevel = 'info', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      err: pino.stdSerializers.err,
    },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }));
}

/**
 * A logger that writes where `logger` writes, with its level and bindings, but stamps each line
 * with `clock()` instead of the moment of writing: for lines written in batches after the fact
 * (see AccessLog). It has no path redaction, which cost four times the rest of writing a line:
 * its lines are built from scrubbed fields only.
 */
export function backdatedLogger(logger: Logger, clock: () => number): Logger {
  const stream = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  return pino({ level: logger.level, timestamp: () => `,"time":${clock()}` }, stream).child(logger.bindings());
}

export type { Logger };
