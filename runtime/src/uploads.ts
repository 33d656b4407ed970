import type { IncomingMessage } from 'node:http';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { Request, RequestHandler } from 'express';
import { processRequest, type UploadOptions } from 'graphql-upload-minimal';
import { InputError, isAppError, type AppError } from '@ems/schema';

/**
 * Request bodies in several parts (multipart/form-data: the imports' REST uploads and GraphQL
 * uploads). Every stream that parses one has its 'error' heard from the moment it exists: an
 * 'error' nobody listens to ends the process (docs/decisions.md, "Uploads"). What a broken body
 * does is the client's failure, a 400 in the contract's shape on every path.
 */

/** The code of a multipart body the parser could not read to its end (cut off, a broken delimiter, a part header over 16 kB). */
export const BROKEN_MULTIPART = 'BROKEN_MULTIPART';

/** The parser's or the stream's words say what broke ("Unexpected end of form", "Malformed part header"). */
export function brokenMultipart(cause: unknown): InputError {
  const reason = cause instanceof Error && cause.message ? cause.message : 'unreadable';
  return new InputError(`The multipart body is broken: ${reason}`, { code: BROKEN_MULTIPART });
}

/** An error of a request body's stream: our own refusals (the size limit) as they are, anything else a broken body. */
export function requestBodyError(err: unknown): AppError {
  return isAppError(err) ? err : brokenMultipart(err);
}

/**
 * An uploaded file's bytes as the domain reads them: whatever fails the stream (the body broke
 * off, the client left) reaches the reader as the client's error, never as a bug.
 */
export async function* uploadedBytes(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer, void, undefined> {
  try {
    for await (const chunk of stream) yield chunk;
  } catch (err) {
    throw requestBodyError(err);
  }
}

/**
 * After the answer, the rest of a body nobody read (an upload refused before its file was
 * consumed) is let through to nowhere, so the connection is not left waiting on a paused parser.
 */
function discardUnreadBody(req: IncomingMessage): void {
  if (req.readableEnded) return;
  req.unpipe();
  req.resume();
}

/**
 * graphql-upload-minimal's refusals with its own 4xx (a missing `map`, too many files) stay as
 * they are; what it rejects without one (the parser's errors, a body without operations, which
 * it calls a 500) is a broken body.
 */
function uploadRequestError(err: unknown): unknown {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? err : requestBodyError(err);
}

/**
 * graphql-upload-minimal (1.6.4, the latest) hears its parser's first 'error' only (`once`), and
 * then destroys the parser, which emits a second one ('Unexpected end of form' after 'Malformed
 * part header') that nobody hears: the process would end. The parser is what it pipes the request
 * into, so it is heard for good from there, before the first byte. The first error has decided
 * the answer (the library rejects the request or the file with it); later ones follow from it.
 */
function hearPipedParser(req: IncomingMessage): void {
  const pipe = req.pipe.bind(req);
  req.pipe = ((destination: NodeJS.WritableStream, options?: { end?: boolean }) => {
    destination.on('error', () => undefined);
    return pipe(destination, options);
  }) as typeof req.pipe;
}

/**
 * GraphQL multipart requests (the GraphQL multipart request spec), through graphql-upload-minimal's
 * `processRequest`: every error of its parser is heard, and its rejections reach the error
 * middleware as the client's. Anything that is not multipart goes on untouched.
 */
export function graphqlUploads(options: UploadOptions): RequestHandler {
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    hearPipedParser(req);
    res.once('finish', () => discardUnreadBody(req));
    processRequest(req, res, options).then(
      (operation) => {
        (req as Request).body = operation;
        next();
      },
      (err: unknown) => next(uploadRequestError(err)),
    );
  };
}

/**
 * A GraphQL operation that failed because its request body broke off is answered like the
 * request-level refusals (a parse error, a limit): HTTP 400, not 200 with an error.
 */
export function brokenBodyStatus<Ctx extends BaseContext>(): ApolloServerPlugin<Ctx> {
  return {
    requestDidStart: async () => ({
      willSendResponse: async ({ errors, response }) => {
        const broken = errors?.some((e) => isAppError(e.originalError) && e.originalError.code === BROKEN_MULTIPART);
        if (broken) response.http.status = 400;
      },
    }),
  };
}
