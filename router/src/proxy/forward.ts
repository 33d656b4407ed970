import type http from 'node:http';
import type { Request, Response } from 'express';
import type { Dispatcher } from 'undici';
import { describeUpstreamError } from '../upstream/dispatcher';

/** Connection-level headers (RFC 9110 §7.6.1): they describe one hop and are never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface ForwardOptions {
  /** Origin of the subgraph, e.g. `http://127.0.0.1:4001`. */
  target: URL;
  /** Path and query to request upstream (the router has already removed its own prefix). */
  path: string;
  /** Request headers never passed on (the browser's credentials). */
  strip: ReadonlySet<string>;
  /** Headers the router sets itself (X-API-KEY, Authorization). */
  add: Record<string, string>;
  dispatcher: Dispatcher;
  /** How long the subgraph may take to send its headers, and then between parts of its body. */
  timeoutMs: number;
  /** Called when the subgraph could not be reached or did not answer in time. */
  onUnavailable(err: Error): void;
}

/**
 * Browser request headers that never go upstream as sent: the router writes its own Host and
 * X-Forwarded-*, and Expect is answered by this hop (Node's server has sent 100 Continue).
 */
const SET_BY_ROUTER = new Set(['host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'expect']);

function forwardedFor(req: Request): string {
  const previous = req.headers['x-forwarded-for'];
  const address = req.socket.remoteAddress ?? '';
  return previous ? `${String(previous)}, ${address}` : address;
}

/**
 * RFC 9112 §6.3: a request with neither Content-Length nor Transfer-Encoding has no body.
 * Such a request (nearly every GET) is ended at once instead of piped, which saves a stream
 * hand-over and a tick before the upstream write.
 */
function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The upstream request's headers as raw name/value pairs, the browser's in its order and
 * spelling. Node sends such a list as it is (still checking each name and value), where an
 * object would first be lower-cased and stored header by header: in the router's timing of a
 * proxied call, building the upstream request was the longest step before its write (about
 * 24 of 80 µs).
 */
function upstreamHeaders(req: Request, o: ForwardOptions): string[] {
  const headers: string[] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || o.strip.has(name) || SET_BY_ROUTER.has(name) || Object.hasOwn(o.add, name)) continue;
    headers.push(raw[i]!, raw[i + 1]!);
  }
  headers.push(
    'host',
    o.target.host,
    'x-forwarded-for',
    forwardedFor(req),
    'x-forwarded-host',
    req.headers.host ?? '',
    'x-forwarded-proto',
    req.protocol,
  );
  for (const [name, value] of Object.entries(o.add)) headers.push(name, value);
  return headers;
}

function abortUpstream(c: Dispatcher.DispatchController): void {
  c.abort(new Error('the browser closed the connection'));
}

/**
 * Streams one request to a subgraph and its answer back, over the router's undici dispatcher
 * (see upstream/dispatcher.ts), driven through its handler callbacks: no stream objects
 * between the two sockets beyond the browser's request and response.
 *
 * Deliberately small (it replaced http-proxy-middleware, whose per-request event plumbing showed
 * in the router's profile): the Host header names the subgraph, X-Forwarded-* tell it who asked,
 * hop-by-hop headers stay on their hop, and a subgraph never sets cookies on the portal's origin.
 */
export function forward(req: Request, res: Response, o: ForwardOptions): void {
  let controller: Dispatcher.DispatchController | undefined;
  let browserGone = false;
  // A browser that gives up should not leave the subgraph's answer streaming into nowhere.
  res.on('close', () => {
    if (res.writableFinished) return;
    browserGone = true;
    if (controller) abortUpstream(controller);
  });
  res.on('drain', () => controller?.resume());
  o.dispatcher.dispatch(
    {
      origin: o.target.origin,
      method: req.method,
      path: o.path,
      headers: upstreamHeaders(req, o),
      body: hasBody(req) ? req : null,
      headersTimeout: o.timeoutMs,
      bodyTimeout: o.timeoutMs,
    },
    {
      onRequestStart(started) {
        controller = started;
        if (browserGone) abortUpstream(started); // it left before the request was sent
      },
      onResponseStart(_controller, statusCode, headers) {
        if (statusCode < 200) return; // 1xx: informational, the final answer follows
        const out: http.OutgoingHttpHeaders = {};
        for (const name in headers) {
          if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') out[name] = headers[name];
        }
        res.writeHead(statusCode, out);
      },
      onResponseData(started, chunk) {
        if (!res.write(chunk)) started.pause(); // resumed on 'drain'
      },
      onResponseEnd() {
        res.end();
      },
      onResponseError(_controller, err) {
        if (browserGone) return;
        if (res.headersSent) res.destroy();
        else o.onUnavailable(describeUpstreamError(err, o.timeoutMs, 'upstream'));
      },
    },
  );
}
