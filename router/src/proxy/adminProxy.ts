import http from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { NotFoundError, type Logger } from '@ems/schema';
import type { SessionTokens } from '../auth/sessionTokens';
import { forward, UPSTREAM_TIMEOUT_MS } from './forward';
import { isTokenIssuingPath, needsUserToken, serviceFor, type RouteEntry, type ServiceName } from './routeTable';

/** Headers of the browser that never reach a subgraph: its credentials are the session's business. */
const STRIPPED_HEADERS: ReadonlySet<string> = new Set(['cookie', 'authorization', 'x-api-key', 'proxy-authorization']);

export interface AdminProxyDeps {
  routes: readonly RouteEntry[];
  serviceUrls: Record<ServiceName, string>;
  apiKey: string;
  tokens: SessionTokens;
  logger: Logger;
}

function pathOf(req: Request): string {
  return req.url.split('?')[0] ?? '/';
}

/**
 * Forwards a request to the subgraph that owns its path, adding X-API-KEY and, when the session
 * holds a JWT, `Authorization: Bearer`. Used for `/services/admin-service/**` (mounted there, so
 * Express has already removed the prefix) and for `/api/**` (the contract's gateway paths).
 */
export function adminProxy({ routes, serviceUrls, apiKey, tokens, logger }: AdminProxyDeps): RequestHandler {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const targets = Object.fromEntries(Object.entries(serviceUrls).map(([name, url]) => [name, new URL(url)])) as Record<ServiceName, URL>;
  const onUnavailable = (res: Response) => (err: Error) => {
    logger.error({ err }, 'upstream request failed');
    if (!res.headersSent)
      res.status(502).json({ error: 'Bad Gateway', message: 'Upstream service unavailable', code: 'UPSTREAM_UNAVAILABLE' });
  };

  return (req, res, next) => {
    const path = pathOf(req);
    if (isTokenIssuingPath(path))
      return next(new NotFoundError(`No route for ${req.method} ${req.originalUrl.split('?')[0]}`, { code: 'NO_ROUTE' }));
    const tokenLookup = needsUserToken(path) ? tokens.requireToken(req) : tokens.optionalToken(req);
    const target = targets[serviceFor(routes, path) ?? 'membership'];
    tokenLookup
      .then((token) =>
        forward(req, res, {
          target,
          // A subgraph URL configured with a path (behind a path-routing proxy) keeps it in front.
          path: `${target.pathname.replace(/\/+$/, '')}${req.url}`,
          strip: STRIPPED_HEADERS,
          add: token ? { 'x-api-key': apiKey, authorization: `Bearer ${token}` } : { 'x-api-key': apiKey },
          agent,
          timeoutMs: UPSTREAM_TIMEOUT_MS,
          onUnavailable: onUnavailable(res),
        }),
      )
      .catch(next);
  };
}
