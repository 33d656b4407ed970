import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { InputError, isAppError, NotFoundError, toErrorResponse, TooManyRequestsError, type ErrorBody } from '@ems/schema';
import { inputErrorOfDatabase } from './databaseInput';
import { scrubUrl, type Logger } from './log';

/** Wraps an async handler so that a rejected promise reaches the error middleware. */
export function asyncHandler<Req extends Request = Request>(
  fn: (req: Req, res: Response, next: NextFunction) => Promise<unknown>,
): RequestHandler {
  return (req, res, next) => {
    fn(req as Req, res, next).catch(next);
  };
}

export function sendError(res: Response, status: number, body: ErrorBody): void {
  res.status(status).json(body);
}

/**
 * The one place where thrown errors become HTTP responses. Expected failures (AppError) keep
 * their status and body; a value the database refused is the caller's 400 (databaseInput.ts);
 * anything else is logged and answered with a bare 500.
 */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    // express.json() reports malformed or oversized bodies with a `type` and a status.
    const e = err as { type?: string; status?: number };
    const fromDatabase = inputErrorOfDatabase(err);
    if (fromDatabase) {
      logger.warn({ err, method: req.method, url: scrubUrl(req.originalUrl) }, 'bad input reached the database');
      err = fromDatabase;
    } else if (e?.type === 'entity.parse.failed') err = new InputError('Malformed JSON body', { code: 'MALFORMED_JSON' });
    else if (e?.type === 'entity.too.large') {
      res.status(413).json({ error: 'Payload Too Large', message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
      return;
    } else if (!isAppError(err) && isClientHttpError(err)) {
      // Express's and body-parser's other refusals (a path that is not valid percent-encoding, an
      // unsupported charset, too many form fields) are the client's fault: their status, our shape.
      if (!res.headersSent) res.status(err.status).json(clientHttpErrorBody(err));
      return;
    }
    const { status, body } = toErrorResponse(err);
    if (status >= 500) logger.error({ err, method: req.method, url: scrubUrl(req.originalUrl) }, 'request failed');
    if (res.headersSent) return;
    if (err instanceof TooManyRequestsError) res.set('Retry-After', String(err.retryAfterSeconds));
    res.status(status).json(body);
  };
}

interface ClientHttpError {
  status: number;
  expose?: boolean;
  message?: string;
}

function isClientHttpError(err: unknown): err is ClientHttpError {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

const CLIENT_ERROR_CODES: Record<number, string> = { 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };

/** The contract's shape for an http-errors style 4xx; its message only when the library marks it safe. */
function clientHttpErrorBody(err: ClientHttpError): ErrorBody {
  const title = STATUS_CODES[err.status] ?? 'Bad Request';
  return { error: title, message: err.expose && err.message ? err.message : title, code: CLIENT_ERROR_CODES[err.status] ?? 'BAD_REQUEST' };
}

export function notFoundHandler(): RequestHandler {
  return (req, _res, next) => next(new NotFoundError(`No route for ${req.method} ${req.path}`, { code: 'NO_ROUTE' }));
}

/** Health probes come every few seconds from load balancers; a line each would drown the log. */
const UNLOGGED_PATHS = /^\/(actuator\/health|healthz)(\/|\?|$)/;

/**
 * One access line per finished request: id, method, URL with secrets scrubbed, status and time
 * in ms. Headers and bodies are left out entirely, so the line needs no redaction.
 */
export function requestLogger(logger: Logger): RequestHandler {
  let lastId = 0;
  return (req, res, next) => {
    if (UNLOGGED_PATHS.test(req.url)) return next();
    const id = ++lastId;
    const started = Date.now();
    // 'close' follows 'finish' on every response, and comes alone when the client went away.
    res.once('close', () => {
      const line = {
        reqId: id,
        req: { id, method: req.method, url: scrubUrl(req.originalUrl) },
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      if (!res.writableFinished) logger.warn(line, 'request aborted');
      else if (res.statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    });
    next();
  };
}

/** Validates a request part with a zod schema; failures become one InputError naming each field. */
export function parseInput<S extends import('zod').ZodType>(schema: S, value: unknown, what = 'body'): import('zod').infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const fields = result.error.issues.map((i) => ({ field: i.path.join('.') || what, message: i.message }));
    throw new InputError(`Invalid ${what}: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`, {
      code: 'INVALID_INPUT',
      details: { fields },
    });
  }
  return result.data;
}

/**
 * Aborted (with `reason`, if given) when the client goes away before its answer is complete:
 * 'close' without 'finish'. What was started for that client (a subgraph call, a query, a file
 * read) listens to it and stops.
 */
export function clientGoneSignal(res: Response, reason?: unknown): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(reason);
  });
  return controller.signal;
}
