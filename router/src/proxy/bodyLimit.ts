import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { RequestHandler } from 'express';
import { PayloadTooLargeError } from '@ems/schema';

function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`The request body is larger than the limit of ${Math.floor(maxBytes / (1024 * 1024))} MiB`, {
    code: 'UPLOAD_TOO_LARGE',
  });
}

/**
 * The router's one rule on the request bodies it passes on (import uploads are the large ones),
 * checked as soon as it can be: a declared Content-Length over `maxBytes` is refused with 413 on
 * the headers, before any of the body is read, and the connection is closed after the answer
 * rather than reading the rest. A body without a length (chunked) is counted as it streams
 * upstream, see `limitedBody`.
 */
export function bodyLimit(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers['content-length'];
    if (declared === undefined || Number(declared) <= maxBytes) return next();
    res.set('Connection', 'close');
    next(tooLarge(maxBytes));
  };
}

/**
 * The request body as it goes upstream: a chunked one is counted and cut with PayloadTooLargeError
 * when it passes `maxBytes` (which fails the upstream call). A declared length has been checked
 * by `bodyLimit`, and Node's parser holds the body to it.
 */
export function limitedBody(req: IncomingMessage, maxBytes: number): Readable {
  if (req.headers['content-length'] !== undefined) return req;
  return Readable.from(
    (async function* counted() {
      let seen = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        seen += chunk.length;
        if (seen > maxBytes) throw tooLarge(maxBytes);
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}
