import type http from 'node:http';
import type { Request, Response } from 'express';
import type { Dispatcher } from 'undici';
import { PayloadTooLargeError } from '@ems/schema';
import { clientGoneSignal } from '@ems/service-runtime';
import { limitedBody } from './bodyLimit';

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

/**
 * Browser request headers that never go upstream as sent: the router writes its own Host and
 * X-Forwarded-*, and Expect is answered by this hop (Node's server has sent 100 Continue).
 */
const SET_BY_ROUTER = new Set(['host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'expect']);

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
  /** The router's body limit (UPLOAD_MAX_BYTES): a chunked body longer than this is cut and answered 413. */
  maxBodyBytes: number;
  /**
   * Put in front of a `Location` under `/api/` the subgraph answers with (`/api/imports/{id}`
   * becomes `/services/admin-service/api/imports/{id}`), so the client gets a path it can call
   * here, as a reverse proxy's ProxyPassReverse does.
   */
  locationPrefix?: string;
}

/** The browser's headers in its order and spelling, less credentials and hop headers, plus the router's. */
function upstreamHeaders(req: Request, o: ForwardOptions): string[] {
  const headers: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || o.strip.has(name) || SET_BY_ROUTER.has(name) || Object.hasOwn(o.add, name)) continue;
    headers.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const previous = req.headers['x-forwarded-for'];
  // The client as the router sees it: behind a trusted proxy (TRUST_PROXY) the address that proxy
  // reported, else the connection's. Subgraphs key rate limits on this last entry.
  const address = req.ip ?? req.socket.remoteAddress ?? '';
  headers.push('host', o.target.host, 'x-forwarded-for', previous ? `${String(previous)}, ${address}` : address);
  headers.push('x-forwarded-host', req.headers.host ?? '', 'x-forwarded-proto', req.protocol);
  for (const [name, value] of Object.entries(o.add)) headers.push(name, value);
  return headers;
}

/** RFC 9112 §6.3: a request with neither Content-Length nor Transfer-Encoding has no body. */
function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Streams one request to a subgraph and its answer back (undici's `stream`, made for proxies:
 * the answer is written straight into the browser's response, with back-pressure). The Host
 * header names the subgraph, X-Forwarded-* tell it who asked, hop-by-hop headers stay on their
 * hop, and a subgraph never sets cookies on the portal's origin. The path goes upstream exactly
 * as routed (no URL normalisation after the route table's decision). A browser that leaves
 * aborts the upstream call, before the answer began or while it streams.
 */
export async function forward(req: Request, res: Response, o: ForwardOptions): Promise<void> {
  try {
    await o.dispatcher.stream(
      {
        // Before the answer's first byte there is no write to fail: the browser's leaving aborts the call.
        signal: clientGoneSignal(res),
        origin: o.target.origin,
        path: o.path,
        method: req.method as Dispatcher.HttpMethod,
        headers: upstreamHeaders(req, o),
        body: hasBody(req) ? limitedBody(req, o.maxBodyBytes) : null,
        headersTimeout: o.timeoutMs,
        bodyTimeout: o.timeoutMs,
      },
      ({ statusCode, headers }) => {
        const passed: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(headers)) {
          if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') passed[name] = value;
        }
        const location = passed.location;
        if (o.locationPrefix && typeof location === 'string' && location.startsWith('/api/'))
          passed.location = `${o.locationPrefix}${location}`;
        res.writeHead(statusCode, passed);
        return res;
      },
    );
  } catch (err) {
    if (res.destroyed) return; // the browser left; the upstream call went with it
    if (err instanceof PayloadTooLargeError && !res.headersSent) {
      res.set('Connection', 'close').status(err.status).json(err.toBody());
      return;
    }
    if (res.headersSent)
      res.destroy(); // the subgraph broke off mid-answer
    else o.onUnavailable(describeUpstreamError(err as Error, o.timeoutMs));
  }
}

/** undici's timeout errors, reported as what they mean for a subgraph call. */
export function describeUpstreamError(err: Error, timeoutMs: number): Error {
  const code = (err as { code?: unknown }).code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT'
    ? new Error(`upstream did not answer within ${timeoutMs} ms`, { cause: err })
    : err;
}
