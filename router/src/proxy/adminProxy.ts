import http from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { NotFoundError, type Logger } from '@ems/schema';
import type { SessionTokens } from '../auth/sessionTokens';
import { isTokenIssuingPath, needsUserToken, serviceFor, type RouteEntry, type ServiceName } from './routeTable';

const UPSTREAM_TOKEN = Symbol('upstreamToken');
type ProxiedRequest = Request & { [UPSTREAM_TOKEN]?: string | null };

/** Headers of the browser that never reach a subgraph: its credentials are the session's business. */
const STRIPPED_HEADERS = ['cookie', 'authorization', 'x-api-key', 'proxy-authorization'];

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
  const proxy = createProxyMiddleware<Request, Response>({
    router: (req) => serviceUrls[serviceFor(routes, pathOf(req)) ?? 'membership'],
    changeOrigin: true,
    xfwd: true,
    agent,
    proxyTimeout: 30_000,
    on: {
      proxyReq: (proxyReq, req) => {
        for (const h of STRIPPED_HEADERS) proxyReq.removeHeader(h);
        proxyReq.setHeader('x-api-key', apiKey);
        const token = (req as ProxiedRequest)[UPSTREAM_TOKEN];
        if (token) proxyReq.setHeader('authorization', `Bearer ${token}`);
      },
      proxyRes: (proxyRes) => {
        // A subgraph has no business setting cookies on the portal's origin.
        delete proxyRes.headers['set-cookie'];
      },
      error: (err, _req, res) => {
        logger.error({ err }, 'upstream request failed');
        const r = res as Response;
        if (!r.headersSent)
          r.status(502).json({ error: 'Bad Gateway', message: 'Upstream service unavailable', code: 'UPSTREAM_UNAVAILABLE' });
      },
    },
  });

  return (req, res, next) => {
    const path = pathOf(req);
    if (isTokenIssuingPath(path))
      return next(new NotFoundError(`No route for ${req.method} ${req.originalUrl.split('?')[0]}`, { code: 'NO_ROUTE' }));
    const tokenLookup = needsUserToken(path) ? tokens.requireToken(req) : tokens.optionalToken(req);
    tokenLookup
      .then((token) => {
        (req as ProxiedRequest)[UPSTREAM_TOKEN] = token;
        return proxy(req, res, next);
      })
      .catch(next);
  };
}
