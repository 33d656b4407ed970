import { Router, type Request } from 'express';
import { z } from 'zod';
import { ForbiddenError } from '@ems/schema';
import type { ApiKeyVerifier, Knex } from '@ems/db';
import { asyncHandler, authOf, parseInput, requireApiKeyAuthorization, requireBearer, requireXApiKey } from '@ems/service-runtime';
import { MAX_ROW_ID } from '@ems/schema/rules';
import { externalLogin, type HandoffSettings } from '../domain/handoff';
import { accountIdForUserKey, exchangeUserKey, refreshToken, resolveCallerTenant, tenantForHost } from '../domain/authentication';
import { registerAnonymousSession } from '../domain/memberSignIn/anonymousSession';
import { exchangeMemberClaims } from '../domain/memberSignIn/memberExchange';
import { memberOidcForRouter } from '../domain/memberSignIn/tenantProvider';
import { exchangeOperatorClaims } from '../domain/operatorSignIn';
import { issuePartnerToken } from '../domain/partnerTokens';

const userKey = z.string().trim().min(1).max(256);
const tenantId = z.coerce.number().int().positive().max(MAX_ROW_ID);

const externalLoginBody = z.object({
  userKey,
  registrationSystemId: tenantId,
  userHash: z.string().min(1).max(256),
  timestamp: z.union([z.string(), z.number()]).transform(String).optional(),
  nonce: z.string().max(256).optional(),
});

const exchangeBody = z.object({ userKey, registrationSystemId: tenantId.optional() });

/** The registration portal's exchange (rule 12): claims validated against the tenant's member provider, and the anonymous session to keep. */
const oidcBody = z.object({
  registrationSystemId: tenantId,
  claims: z.object({
    iss: z.string().url().max(512).optional(),
    sub: z.string().min(1).max(256),
    email: z.string().email().max(320).optional(),
    email_verified: z.boolean().optional(),
  }),
  anonymousSessionId: z.string().uuid().optional(),
});

/** The admin portal's exchange (sign-in and tenant switch): the tenant is chosen among the operator's. */
const operatorOidcBody = z.object({
  registrationSystemId: tenantId.optional(),
  claims: z.object({
    iss: z.string().url().max(512),
    sub: z.string().min(1).max(256),
    email: z.string().email().max(320).optional(),
    email_verified: z.boolean().optional(),
  }),
});

const tenantParams = z.object({ registrationSystemId: tenantId });
const hostParams = z.object({ host: z.string().trim().min(1).max(253) });
const accountQuery = z.object({ registrationSystemId: tenantId, userKey });

const registerSessionBody = z.object({ registrationSystemId: tenantId, sessionId: z.string().uuid().optional() });

/** The address of the person behind the call: the gateway passes it on (the call is key-authenticated). */
function clientAddress(req: Request): string | null {
  return req.get('x-forwarded-for')?.split(',')[0]?.trim() || req.socket.remoteAddress || null;
}

export interface AuthRoutesDeps {
  db: Knex;
  keys: ApiKeyVerifier;
  settings: HandoffSettings;
  defaultTenant: number | undefined;
  /** PARTNER_TOKEN_VALIDITY_SECONDS */
  partnerTokenSeconds: number;
}

/** The admin service's authentication endpoints, with the contract's access rules. */
export function authRoutes({ db, keys, settings, defaultTenant, partnerTokenSeconds }: AuthRoutesDeps): Router {
  const router = Router();

  router.use('/auth', requireXApiKey(keys));

  router.post(
    '/auth/external-login',
    asyncHandler(async (req, res) => {
      const body = parseInput(externalLoginBody, req.body);
      const { token } = await externalLogin(
        db,
        { ...body, clientAddress: clientAddress(req), keyTenant: authOf(req).apiKey?.registrationSystemId ?? null },
        settings,
      );
      res.json({ token });
    }),
  );

  router.post(
    '/auth/token-exchange/oauth2',
    asyncHandler(async (req, res) => {
      const caller = authOf(req).apiKey;
      if (caller?.portal === 'admin') {
        const body = parseInput(operatorOidcBody, req.body);
        const { iss, sub, email, email_verified: emailVerified } = body.claims;
        const claims = { iss, sub, email, emailVerified };
        res.json(
          await exchangeOperatorClaims(
            db,
            { claims, requestedTenant: body.registrationSystemId, keyTenant: caller.registrationSystemId },
            settings,
          ),
        );
        return;
      }
      const body = parseInput(oidcBody, req.body);
      const tenant = resolveCallerTenant(authOf(req).apiKey?.registrationSystemId ?? null, body.registrationSystemId, undefined);
      const { iss, sub, email, email_verified: emailVerified } = body.claims;
      const { token } = await exchangeMemberClaims(db, tenant, { iss, sub, email, emailVerified }, body.anonymousSessionId, settings);
      res.json({ token });
    }),
  );

  router.post(
    '/auth/register-session',
    asyncHandler(async (req, res) => {
      const body = parseInput(registerSessionBody, req.body);
      // Contract rule 11: the admin portal never makes anonymous sessions.
      if (authOf(req).apiKey?.portal === 'admin') throw new ForbiddenError('Not for the admin portal', { code: 'PORTAL_NOT_ALLOWED' });
      const tenant = resolveCallerTenant(authOf(req).apiKey?.registrationSystemId ?? null, body.registrationSystemId, undefined);
      const { token, sessionId } = await registerAnonymousSession(db, tenant, body.sessionId, settings);
      res.json({ token, sessionId });
    }),
  );

  // A partner key (Authorization: ApiKey) for a short-lived partner token, asked by a router on the
  // partner's behalf: the router's own key (X-API-KEY, above) makes this a router-to-service call,
  // and the router never hands the token out. Portal keys are refused here.
  router.post(
    '/auth/partner-token',
    requireApiKeyAuthorization(keys, 'partner'),
    asyncHandler(async (req, res) => {
      const key = authOf(req).apiKey;
      if (!key) throw new Error('partner key guard did not run');
      res.json(issuePartnerToken(key, { jwtSecret: settings.jwtSecret, validitySeconds: partnerTokenSeconds }));
    }),
  );

  // The gateway's own lookups, with its key: the tenant a host serves, and a user key's account.
  router.get(
    '/auth/tenants/by-host/:host',
    asyncHandler(async (req, res) => {
      const { host } = parseInput(hostParams, req.params, 'path');
      res.json({ registrationSystemId: await tenantForHost(db, authOf(req).apiKey?.registrationSystemId ?? null, host) });
    }),
  );

  // The tenant's member OpenID provider, for the registration portal's router (rule 12); its
  // client secret is answered to that router's key only, and 204 means "none".
  router.get(
    '/auth/tenants/:registrationSystemId/member-oidc',
    asyncHandler(async (req, res) => {
      const { registrationSystemId } = parseInput(tenantParams, req.params, 'path');
      const key = authOf(req).apiKey;
      if (!key) throw new Error('API key guard did not run');
      const settings = await memberOidcForRouter(
        db,
        { portal: key.portal, registrationSystemId: key.registrationSystemId },
        registrationSystemId,
      );
      res.setHeader('cache-control', 'no-store');
      if (!settings) res.status(204).end();
      else res.json(settings);
    }),
  );

  router.get(
    '/auth/accounts/by-user-key',
    asyncHandler(async (req, res) => {
      const query = parseInput(accountQuery, req.query, 'query');
      const tenant = resolveCallerTenant(authOf(req).apiKey?.registrationSystemId ?? null, query.registrationSystemId, undefined);
      res.json({ accountId: await accountIdForUserKey(db, tenant, query.userKey) });
    }),
  );

  // Requires the authority SCOPE_api-key, which only an `Authorization: ApiKey` caller has.
  router.post(
    '/api/auth/exchange',
    requireApiKeyAuthorization(keys),
    asyncHandler(async (req, res) => {
      const body = parseInput(exchangeBody, req.body);
      const tenant = resolveCallerTenant(authOf(req).apiKey?.registrationSystemId ?? null, body.registrationSystemId, defaultTenant);
      res.json(await exchangeUserKey(db, tenant, body.userKey, settings));
    }),
  );

  // Every other /api/** path needs a valid bearer token.
  router.use('/api', requireBearer(settings.jwtSecret));

  router.post(
    '/api/auth/refresh',
    asyncHandler(async (req, res) => {
      const claims = authOf(req).user;
      if (!claims) throw new Error('bearer guard did not run');
      res.json(await refreshToken(db, claims, settings));
    }),
  );

  return router;
}
