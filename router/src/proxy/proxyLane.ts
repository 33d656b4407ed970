import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The gateway's REST prefix (contract: Gateway), removed before a request goes upstream. */
export const SERVICES_PREFIX = '/services/admin-service';

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

export type ProxyHandler = (req: Request, res: Response, upstreamPath: string, next: NextFunction) => void;

export interface ProxyLaneSteps {
  /** Refuses cross-site writes (see originCheck). */
  originCheck: RequestHandler;
  /** Loads the session when the request carries a session cookie (see sessionReader). */
  readSession: RequestHandler;
  proxy: ProxyHandler;
}

/**
 * Proxied REST calls, the router's busiest traffic after GraphQL, run their three steps in one
 * middleware instead of walking Express's route stack: each mount point Express matches costs a
 * path test and a URL rewrite per request, which showed in the router's profile of a proxied
 * call. Errors go to Express's error middleware as before.
 */
export function proxyLane({ originCheck, readSession, proxy }: ProxyLaneSteps): RequestHandler {
  return (req, res, next) => {
    const upstreamPath = proxiedPath(req.url);
    if (upstreamPath === undefined) return next();
    originCheck(req, res, (err?: unknown) => {
      if (err) return next(err);
      readSession(req, res, (err?: unknown) => (err ? next(err) : proxy(req, res, upstreamPath, next)));
    });
  };
}
