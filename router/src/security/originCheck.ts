import type { Request, RequestHandler } from 'express';
import { ForbiddenError } from '@ems/schema';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}`;
}

/**
 * Refuses cross-site writes: an unsafe method whose Origin is not this site (or an allowed
 * origin), or, without Origin, whose Sec-Fetch-Site says cross-site. Requests that carry
 * neither header do not come from a browser page and so carry no ambient cookie risk; nor do
 * calls authenticated by a partner key, which a page cannot attach.
 */
export function originCheck(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || res.locals.partner) return next();
    const origin = req.get('origin');
    if (origin !== undefined) {
      if (origin === ownOrigin(req) || allowed.has(origin)) return next();
      return next(new ForbiddenError('Cross-site request refused', { code: 'CROSS_SITE_REQUEST' }));
    }
    if (req.get('sec-fetch-site') === 'cross-site') {
      return next(new ForbiddenError('Cross-site request refused', { code: 'CROSS_SITE_REQUEST' }));
    }
    next();
  };
}
