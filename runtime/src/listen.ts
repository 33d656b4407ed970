import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import type { ErrorBody } from '@ems/schema';

/** `app.listen` as a promise that rejects when the port cannot be taken; see `answerClientErrors`. */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    answerClientErrors(server);
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Node's parser errors that mean "the request line and headers are too large". */
const TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW', 'HPE_URI_TOO_LONG']);

function clientErrorAnswer(code: string | undefined): { status: number; body: ErrorBody } {
  if (code && TOO_LARGE.has(code)) {
    const status = 431;
    return {
      status,
      body: { error: STATUS_CODES[status]!, message: 'The request line and headers are too large', code: 'HEADERS_TOO_LARGE' },
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const status = 408;
    return { status, body: { error: STATUS_CODES[status]!, message: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT' } };
  }
  return { status: 400, body: { error: 'Bad Request', message: 'The request is not valid HTTP', code: 'MALFORMED_REQUEST' } };
}

const answered = new WeakSet<Duplex>();

/**
 * Requests that never reach express (a request line or headers over Node's limit, bytes that are
 * not HTTP, a request too slow to arrive) get the contract's JSON error shape instead of Node's
 * bare status line, then the connection is closed. Node's own rule is kept: nothing is written
 * when a response on this connection has already begun.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // The parser reports again for every chunk that follows; the first answer stands.
    if (answered.has(socket)) return;
    answered.add(socket);
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, body } = clientErrorAnswer(err.code);
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'Connection: close\r\n\r\n' +
        json,
    );
    // The client may still be sending the rest of an oversized request: read it (so that closing
    // does not reset the connection and lose the answer), but not for ever.
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}
