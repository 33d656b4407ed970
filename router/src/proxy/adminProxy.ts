import type { Request, Response } from 'express';
import { NotFoundError } from '@ems/schema';
import { type Logger } from '@ems/service-runtime';
import type { Dispatcher } from 'undici';
import type { SessionTokens } from '../auth/sessionTokens';
import { UPSTREAM_TIMEOUT_MS } from '../upstream/dispatcher';
import { forward } from './forward';
import type { ProxyHandler } from './proxyLane';
import { isTokenIssuingPath, needsUserToken, serviceFor, type RouteEntry, type ServiceName } from './routeTable';

/** Headers of the browser that never reach a subgraph: its credentials are the session's business. */
const STRIPPED_HEADERS: ReadonlySet<string> = new Set(['cookie', 'authorization', 'x-api-key', 'proxy-authorization']);

export interface AdminProxyDeps {
  routes: readonly RouteEntry[];
  serviceUrls: Record<ServiceName, string>;
  apiKey: string;
  /** The router's client for its subgraphs (see upstream/dispatcher). */
  dispatcher: Dispatcher;
  tokens: SessionTokens;
  logger: Logger;
}

/**
 * Forwards a request to the subgraph that owns its upstream path (see proxiedPath), adding
 * X-API-KEY and, when the session holds a JWT, `Authorization: Bearer`.
 */
export function adminProxy({ routes, serviceUrls, apiKey, dispatcher, tokens, logger }: AdminProxyDeps): ProxyHandler {
  const targets = Object.fromEntries(Object.entries(serviceUrls).map(([name, url]) => [name, new URL(url)])) as Record<ServiceName, URL>;
  // A subgraph URL configured with a path (behind a path-routing proxy) keeps it in front.
  const basePaths = Object.fromEntries(Object.entries(targets).map(([name, url]) => [name, url.pathname.replace(/\/+$/, '')]));
  const onUnavailable = (res: Response) => (err: Error) => {
    logger.error({ err }, 'upstream request failed');
    if (!res.headersSent)
      res.status(502).json({ error: 'Bad Gateway', message: 'Upstream service unavailable', code: 'UPSTREAM_UNAVAILABLE' });
  };

  const requireToken = (req: Request) => tokens.requireToken(req);
  const optionalToken = (req: Request) => tokens.optionalToken(req);

  return (req, res, upstreamPath, next) => {
    const path = upstreamPath.split('?')[0] ?? '/';
    if (isTokenIssuingPath(path))
      return next(new NotFoundError(`No route for ${req.method} ${req.originalUrl.split('?')[0]}`, { code: 'NO_ROUTE' }));
    const service = serviceFor(routes, path) ?? 'membership';
    const target = targets[service];
    const lookup = needsUserToken(path) ? requireToken : optionalToken;
    // A store callback may run this outside Express, so a throw in `forward` must reach `next` too.
    // The callback stays an unnamed argument: see docs/decisions.md, "Closures on the hot path".
    tokens.withToken(
      req,
      lookup,
      (token) =>
        forward(req, res, {
          target,
          path: `${basePaths[service]}${upstreamPath}`,
          strip: STRIPPED_HEADERS,
          add: token ? { 'x-api-key': apiKey, authorization: `Bearer ${token}` } : { 'x-api-key': apiKey },
          dispatcher,
          timeoutMs: UPSTREAM_TIMEOUT_MS,
          onUnavailable: onUnavailable(res),
        }),
      next,
    );
  };
}
