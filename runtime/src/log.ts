import pino, { type DestinationStream, type Logger } from 'pino';
import { scrubSecretParameters } from './secretParameters';

/**
 * One logger factory for every process (subgraphs, workers, routers). Secrets (API keys, JWTs,
 * hashes, session ids, shared secrets) never reach a log line: headers and body fields are
 * redacted by path, and every line written is scrubbed of secret-looking query parameters
 * (`secretParameters.ts`, the one list) wherever a URL appears in it: the access line, a message,
 * an error's text. log.test.ts checks both.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...[
    'token',
    'accessToken',
    'access_token',
    'idToken',
    'id_token',
    'refreshToken',
    'refresh_token',
    'userHash',
    'password',
    'secret',
    'clientSecret',
    'client_secret',
    'codeVerifier',
    'code_verifier',
    'apiKey',
    'api_key',
    'jwt',
  ].map((field) => `*.${field}`),
];

/** A URL with the values of its secret-looking query parameters replaced by `[Redacted]`. */
export function scrubUrl(url: string): string {
  return scrubSecretParameters(url);
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
    // The whole line, as it goes out: a URL anywhere in it (an error's message or stack, a field
    // a caller did not think of) is scrubbed by the same list as the access line's.
    hooks: { streamWrite: scrubSecretParameters },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, minLength: 4096, periodicFlush: 250 }));
}

export type { Logger };
