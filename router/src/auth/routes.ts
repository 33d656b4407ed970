import express, { Router, type Request } from 'express';
import { z } from 'zod';
import { AUTH_ERRORS, AuthenticationError, NotFoundError, readTokenClaims, UpstreamError } from '@ems/schema';
import { asyncHandler, parseInput, rejectInvalidText, type Logger } from '@ems/service-runtime';
import { safeReturnPath } from '../security/returnUrl';
import type { TenantResolver } from '../tenant/resolveTenant';
import type { AdminServiceClient } from './adminClient';
import { tokenExpired, type SessionTokens } from './sessionTokens';
import { regenerateSession, SESSION_COOKIE } from '../session/middleware';
import { isStoredSession } from '../session/pgStore';
import type { SignInLimits } from './signInLimits';

const credentials = z.object({
  userKey: z.string().trim().min(1).max(256),
  userHash: z.string().min(1).max(256),
  // hmac-sha256 links carry these beside u and h.
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(256).optional(),
});
const loginQuery = credentials.extend({ returnUrl: z.string().max(2048).optional() });

export interface GatewayAuthDeps {
  tenants: TenantResolver;
  admin: AdminServiceClient;
  tokens: SessionTokens;
  logger: Logger;
  limits: SignInLimits;
}

/**
 * The gateway's sign-in, refresh and logout (contract "Gateway: authentication"). Bodies are
 * empty on success; the JWT stays in the server-side session.
 */
export function gatewayAuthRoutes({ tenants, admin, tokens, logger, limits }: GatewayAuthDeps): Router {
  const router = Router();

  /** A sign-in counts against the limits only when it is refused (signInLimits.ts). */
  async function signIn(req: Request, creds: z.infer<typeof credentials>): Promise<void> {
    await limits.attempt(req, creds.userKey);
    try {
      await exchangeLink(req, creds);
    } catch (err) {
      if (err instanceof UpstreamError) await limits.giveBack(req, creds.userKey);
      throw err;
    }
    await limits.giveBack(req, creds.userKey);
  }

  async function exchangeLink(req: Request, creds: z.infer<typeof credentials>): Promise<void> {
    const registrationSystemId = await tenants.resolve(req); // (1)
    const result = await admin.externalLogin({ registrationSystemId, ...creds }, req.ip); // (2)
    if (!result.ok) {
      logger.info({ registrationSystemId, userKey: creds.userKey, status: result.status, reason: result.body.reason }, 'sign-in refused');
      if (result.status >= 500) throw new UpstreamError('Admin service unavailable', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
      if (result.status === 401 && result.body.error === AUTH_ERRORS.invalidHash.error) {
        throw new AuthenticationError(AUTH_ERRORS.invalidHash.message, { error: AUTH_ERRORS.invalidHash.error });
      }
      // Any other 4xx from the admin service during the exchange.
      throw new AuthenticationError(AUTH_ERRORS.exchangeRefused.message);
    }
    const claims = readTokenClaims(result.value.token);
    if (typeof claims?.accountId !== 'number' || typeof claims.registrationSystemId !== 'number') {
      throw new UpstreamError('Admin service returned an unexpected token', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
    }
    // (3) A new session id at every sign-in: a session id planted before login is worthless. A
    // request without a stored session already has a fresh, never-stored id.
    if (isStoredSession(req)) await regenerateSession(req);
    req.session.auth = {
      token: result.value.token,
      expiresAt: result.value.expiresAt,
      accountId: claims.accountId,
      userKey: creds.userKey,
      registrationSystemId: claims.registrationSystemId,
    };
    // express-session stores the session before the response goes out (no explicit save).
    logger.info({ registrationSystemId, userKey: creds.userKey }, 'signed in');
  }

  router.get(
    '/api/auth/external-login',
    asyncHandler(async (req, res) => {
      const query = parseInput(loginQuery, req.query, 'query');
      await signIn(req, query);
      res.redirect(302, safeReturnPath(query.returnUrl)); // (4)
    }),
  );

  router.post(
    '/api/auth/external-login',
    express.json({ limit: '8kb' }),
    rejectInvalidText(),
    asyncHandler(async (req, res) => {
      await signIn(req, parseInput(credentials, req.body));
      res.status(200).end();
    }),
  );

  router.post(
    '/api/auth/refresh',
    asyncHandler(async (req, res) => {
      const auth = req.session?.auth;
      if (!auth) throw new AuthenticationError(AUTH_ERRORS.noActiveSession.message);
      if (auth.expiresAt <= Date.now()) throw tokenExpired();
      const outcome = await tokens.refresh(req);
      if (!outcome.ok) {
        if (outcome.status === 404) throw new NotFoundError(AUTH_ERRORS.userNotFound.message);
        if (outcome.status >= 500) throw new UpstreamError('Admin service unavailable', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
        throw new AuthenticationError(AUTH_ERRORS.noActiveSession.message);
      }
      res.status(200).end();
    }),
  );

  router.post(
    '/api/auth/logout',
    asyncHandler(async (req, res) => {
      if (req.session) {
        await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
      }
      res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
      res.status(200).end();
    }),
  );

  return router;
}
