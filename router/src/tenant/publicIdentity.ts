import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { NotFoundError, ORGANISATION_LOGO_PATH, UpstreamError, type TenantPublicIdentity } from '@ems/schema';
import { asyncHandler, parseInput } from '@ems/service-runtime';
import type { AdminServiceClient } from '../auth/adminClient';
import { BriefCache } from '../auth/briefCache';
import { SERVICES_PREFIX } from '../proxy/adminProxy';
import type { TenantResolver } from './resolveTenant';

/** How long the router keeps a tenant's public identity: a changed logo or contact shows within it. */
const CACHE_MS = 60_000;
/** The browser and any shared cache may keep the answer as long (the host is in its cache key). */
const CACHE_CONTROL = `public, max-age=${CACHE_MS / 1000}`;

const query = z.object({ periodId: z.coerce.number().int().positive().max(2_147_483_647).optional() });

const PUBLIC_IDENTITY_PATH = '/api/tenant';
const LOGO_PREFIX = `${SERVICES_PREFIX}${ORGANISATION_LOGO_PATH}/`;

/**
 * The club's public reads are cacheable by anyone (the logo for a year), so they must never carry
 * a session's rolling Set-Cookie, which a shared cache could hand to the next visitor: their
 * cookies are dropped before the session is read, and no session is renewed or made for them.
 */
export function publicReadsWithoutSession(): RequestHandler {
  return (req, _res, next) => {
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (read && (req.path === PUBLIC_IDENTITY_PATH || req.path.startsWith(LOGO_PREFIX))) delete req.headers.cookie;
    next();
  };
}

export interface PublicIdentityDeps {
  tenants: TenantResolver;
  /** The admin service (membership), asked with the router's own key. */
  admin: AdminServiceClient;
}

/**
 * `GET /api/tenant[?periodId=]`: what anyone may know of the registration system this host serves
 * (issue 23), for the member portal's pages reached without a session (a refused link, the payment
 * return): the registration system's and clubs' names, logos and published contact, and the name
 * of the period asked about when it is the tenant's. The membership service composes it (the router
 * reads no other service's tables); an unknown host is the gateway's 404 UNKNOWN_TENANT.
 */
export function publicIdentityRoutes({ tenants, admin }: PublicIdentityDeps): Router {
  const cache = new BriefCache<string, TenantPublicIdentity>(CACHE_MS);

  async function identity(tenant: number, periodId: number | undefined): Promise<TenantPublicIdentity> {
    return cache.get(`${tenant}:${periodId ?? ''}`, async () => {
      const result = await admin.publicIdentity(tenant, periodId);
      if (result.ok) return result.value;
      // The tenant went away since the host was resolved (its cache lives a minute): an unknown host.
      if (result.status === 404) throw new NotFoundError('No registration system is configured for this host', { code: 'UNKNOWN_TENANT' });
      throw new UpstreamError('Admin service unavailable', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
    });
  }

  return Router().get(
    PUBLIC_IDENTITY_PATH,
    asyncHandler(async (req: Request, res) => {
      const { periodId } = parseInput(query, req.query, 'query');
      const tenant = await tenants.resolve(req);
      res.set('Cache-Control', CACHE_CONTROL).json(await identity(tenant, periodId));
    }),
  );
}
