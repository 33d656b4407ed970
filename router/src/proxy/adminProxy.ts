import type { Request, RequestHandler, Response } from 'express';
import { NotFoundError } from '@ems/schema';
import type { Logger } from '@ems/service-runtime';
import type { Dispatcher } from 'undici';
import type { SessionTokens } from '../auth/sessionTokens';
import { BROWSER_CREDENTIALS, routerCredentials } from './credentials';
import { forward } from './forward';
import { isTokenIssuingPath, needsUserToken, serviceFor, type RouteEntry, type ServiceName } from './routeTable';

/** The gateway's REST prefix (contract: Gateway), removed before a request goes upstream. */
export const SERVICES_PREFIX = '/services/admin-service';

/** How long a subgraph may take to answer the router, REST and GraphQL alike. */
export const UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * The path a proxied request is sent upstream with, or undefined when the proxy does not serve
 * it: `/services/admin-service/**` loses its prefix, `/api/**` (the contract's gateway paths)
 * keeps it, and `/api/auth/**` belongs to the gateway's own sign-in routes.
 */
export function proxiedPath(url: string): string | undefined {
  if (url.startsWith(SERVICES_PREFIX)) {
    const rest = url.slice(SERVICES_PREFIX.length);
    if (rest === '' || rest.startsWith('?')) return `/${rest}`;
    return rest.startsWith('/') ? rest : undefined;
  }
  if (url.startsWith('/api/') && !url.startsWith('/api/auth/')) return url;
  return undefined;
}

/** The contract's 502 for a subgraph that could not be reached or did not answer in time. */
export const upstreamUnavailable = (logger: Logger, res: Response) => (err: Error) => {
  logger.error({ err }, 'upstream request failed');
  if (!res.headersSent)
    res.status(502).json({ error: 'Bad Gateway', message: 'Upstream service unavailable', code: 'UPSTREAM_UNAVAILABLE' });
};

export interface AdminProxyDeps {
  routes: readonly RouteEntry[];
  serviceUrls: Record<ServiceName, string>;
  apiKey: string;
  dispatcher: Dispatcher;
  tokens: SessionTokens;
  logger: Logger;
  /** UPLOAD_MAX_BYTES: the most a request body may carry upstream. */
  maxBodyBytes: number;
}

/**
 * Forwards `/services/admin-service/**` and `/api/**` to the subgraph that owns the upstream
 * path, adding X-API-KEY and, when the session holds a JWT, `Authorization: Bearer`.
 */
export function adminProxy({ routes, serviceUrls, apiKey, dispatcher, tokens, logger, maxBodyBytes }: AdminProxyDeps): RequestHandler {
  const targets = Object.fromEntries(Object.entries(serviceUrls).map(([name, url]) => [name, new URL(url)])) as Record<ServiceName, URL>;

  return async (req: Request, res, next) => {
    const upstreamPath = proxiedPath(req.originalUrl);
    if (upstreamPath === undefined) return next();
    const path = upstreamPath.split('?')[0] ?? '/';
    if (isTokenIssuingPath(path))
      return next(new NotFoundError(`No route for ${req.method} ${req.originalUrl.split('?')[0]}`, { code: 'NO_ROUTE' }));
    try {
      const token = needsUserToken(path) ? await tokens.requireToken(req) : await tokens.optionalToken(req);
      const target = targets[serviceFor(routes, path) ?? 'membership'];
      await forward(req, res, {
        target,
        // A subgraph URL configured with a path (behind a path-routing proxy) keeps it in front.
        path: `${target.pathname.replace(/\/+$/, '')}${upstreamPath}`,
        strip: BROWSER_CREDENTIALS,
        add: routerCredentials(apiKey, token),
        dispatcher,
        timeoutMs: UPSTREAM_TIMEOUT_MS,
        onUnavailable: upstreamUnavailable(logger, res),
        maxBodyBytes,
        locationPrefix: req.originalUrl.startsWith(SERVICES_PREFIX) ? SERVICES_PREFIX : undefined,
      });
    } catch (err) {
      next(err);
    }
  };
}
