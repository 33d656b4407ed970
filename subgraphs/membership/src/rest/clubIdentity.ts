import { Router } from 'express';
import { z } from 'zod';
import type { Knex } from '@ems/db';
import { NotFoundError, ORGANISATION_LOGO_PATH } from '@ems/schema';
import { asyncHandler, authOf, parseInput, requireXApiKey, type ApiKeyChecker } from '@ems/service-runtime';
import { resolveCallerTenant } from '../domain/authentication';
import { publicOrganisationLogo } from '../domain/clubIdentity/logos';
import { tenantPublicIdentity } from '../domain/clubIdentity/publicIdentity';

const identityParams = z.object({ registrationSystemId: z.coerce.number().int().positive().max(2_147_483_647) });
const identityQuery = z.object({ periodId: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/**
 * The club's public identity (issue 23). The logo is public, as the payment pages are (the router
 * forwards it under `/services/admin-service`), and its URL names its content, so it is cached for
 * good. The tenant's identity is the gateway's own lookup, with its key, under `/auth` (which the
 * router's proxy never forwards): the router answers it per host at `GET /api/tenant`.
 */
export function clubIdentityRoutes(deps: { db: Knex; keys: ApiKeyChecker }): Router {
  const router = Router();

  router.get(
    `${ORGANISATION_LOGO_PATH}/:organisationId/:sha256`,
    asyncHandler(async (req, res) => {
      const logo = await publicOrganisationLogo(deps.db, String(req.params.organisationId), String(req.params.sha256));
      if (!logo) throw new NotFoundError('No such logo.', { code: 'LOGO_NOT_FOUND' });
      res
        .status(200)
        .set({
          'Content-Type': logo.mediaType,
          'Cache-Control': 'public, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
          // An image, never a document: nothing in it may run even if opened on its own.
          'Content-Security-Policy': "default-src 'none'; sandbox",
        })
        .send(logo.content);
    }),
  );

  router.get(
    '/auth/tenants/:registrationSystemId/public-identity',
    requireXApiKey(deps.keys),
    asyncHandler(async (req, res) => {
      const { registrationSystemId } = parseInput(identityParams, req.params, 'path');
      const { periodId } = parseInput(identityQuery, req.query, 'query');
      const tenant = resolveCallerTenant(authOf(req).apiKey?.registrationSystemId ?? null, registrationSystemId, undefined);
      res.json(await tenantPublicIdentity(deps.db, tenant, periodId ?? null));
    }),
  );

  return router;
}
