/**
 * The one error taxonomy shared by every process. Domain code throws (or returns) these for
 * expected failures; `toErrorBody` / the HTTP and GraphQL mappers turn them into the contract's
 * error shape exactly once. Anything else is a bug and is reported as a 500 without details.
 */

/** The REST error shape: the contract's `{ error, message }`, plus optional machine-readable parts. */
export interface ErrorBody {
  error: string;
  message: string;
  /** Stable machine-readable code (see docs/errors.md). */
  code?: string;
  /** Why an authentication hand-off was refused (admin service to gateway only). */
  reason?: string;
  details?: unknown;
}

export interface ErrorOptions {
  /** Overrides the HTTP reason phrase used as `error` (the contract names some, e.g. 'Invalid credentials'). */
  error?: string;
  code?: string;
  reason?: string;
  details?: unknown;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly defaultTitle: string;
  readonly options: ErrorOptions;

  constructor(message: string, options: ErrorOptions = {}) {
    super(message);
    this.name = new.target.name;
    this.options = options;
  }

  get title(): string {
    return this.options.error ?? this.defaultTitle;
  }

  get code(): string | undefined {
    return this.options.code;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.title, message: this.message };
    if (this.options.code !== undefined) body.code = this.options.code;
    if (this.options.reason !== undefined) body.reason = this.options.reason;
    if (this.options.details !== undefined) body.details = this.options.details;
    return body;
  }
}

export class InputError extends AppError {
  readonly status = 400;
  readonly defaultTitle = 'Bad Request';
}

export class AuthenticationError extends AppError {
  readonly status = 401;
  readonly defaultTitle = 'Unauthorized';
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly defaultTitle = 'Forbidden';
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly defaultTitle = 'Not Found';
}

export class ConflictError extends AppError {
  readonly status = 409;
  readonly defaultTitle = 'Conflict';
}

export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  readonly defaultTitle = 'Payload Too Large';
}

/** A rate limit was reached; `retryAfterSeconds` goes out as the Retry-After header. */
export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly defaultTitle = 'Too Many Requests';
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, options: ErrorOptions = {}) {
    super(message, { code: 'RATE_LIMITED', ...options });
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** The service cannot answer this request now (e.g. a read ran past its statement timeout); trying later may work. */
export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly defaultTitle = 'Service Unavailable';
}

/** A service the request depends on failed or is unreachable. */
export class UpstreamError extends AppError {
  readonly status = 502;
  readonly defaultTitle = 'Bad Gateway';
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** Maps any thrown value to a status and body; unknown errors never leak their message. */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody } {
  if (isAppError(err)) return { status: err.status, body: err.toBody() };
  return {
    status: 500,
    body: { error: 'Internal Server Error', message: 'An unexpected error occurred', code: 'INTERNAL' },
  };
}
