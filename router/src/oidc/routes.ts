import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { AuthenticationError, ForbiddenError, UpstreamError, type OperatorIdTokenClaims } from '@ems/schema';
import { asyncHandler, parseInput, rejectInvalidText, type Logger, type RateLimit } from '@ems/service-runtime';
import type { AdminServiceClient } from '../auth/adminClient';
import { notAuthenticated } from '../auth/sessionTokens';
import type { SignInLimits } from '../auth/signInLimits';
import { safeReturnPath } from '../security/returnUrl';
import { operatorView, storeOperatorToken } from './operatorSession';
import { PendingSignInCookie } from './pendingSignIn';
import { callbackQuery, providerRefusal, type PendingSignIn, type RelyingParty } from './relyingParty';

/** Why a sign-in did not happen, for the admin portal's start page (`/?signIn=...`). */
export type SignInProblem = 'failed' | 'cancelled' | 'expired' | 'not-operator' | 'unavailable' | 'too-many';

const loginQuery = z.object({ returnTo: z.string().max(2048).optional() });
const tenantBody = z.object({ registrationSystemId: z.number().int().positive() });

export interface OperatorAuthDeps {
  relyingParty: RelyingParty;
  admin: AdminServiceClient;
  logger: Logger;
  cookieName: string;
  /** Seals the pending sign-in's cookie (the router's SESSION_SECRET). */
  sessionSecret: string;
  /** Spends each pending sign-in's cookie once on the server (pendingSignIn.ts). */
  pendingSignInUses: RateLimit;
  /** Sign-ins count when they fail: counted at the start, given back at a successful callback. */
  limits: SignInLimits;
}

export const OPERATOR_CALLBACK_PATH = '/auth/oidc/callback';

/** `retrySeconds`, with 'too-many': the wait of the sign-in limit, for the portal to show. */
function backToPortal(res: Response, problem: SignInProblem, retrySeconds?: number): void {
  res.setHeader('cache-control', 'no-store');
  res.redirect(302, retrySeconds === undefined ? `/?signIn=${problem}` : `/?signIn=${problem}&retry=${retrySeconds}`);
}

/**
 * The admin portal's sign-in (contract rule 11: only `/auth/token-exchange/oauth2`, for the
 * sign-in and the tenant switch): OpenID Connect with the configured provider, then the admin
 * service's exchange with the validated claims; the JWT stays in the server-side session.
 */
export function operatorAuthRoutes({
  relyingParty,
  admin,
  logger,
  cookieName,
  sessionSecret,
  pendingSignInUses,
  limits,
}: OperatorAuthDeps): Router {
  const router = Router();
  const pendingSignIns = new PendingSignInCookie<PendingSignIn>(
    sessionSecret,
    `${cookieName}.oidc`,
    OPERATOR_CALLBACK_PATH,
    pendingSignInUses,
  );

  /** The exchange, with the contract's answers: 404 is "no operator", 5xx "try again". */
  async function exchange(claims: OperatorIdTokenClaims, registrationSystemId?: number) {
    const result = await admin.operatorExchange({ claims, ...(registrationSystemId ? { registrationSystemId } : {}) });
    if (result.ok) return result.value;
    logger.info({ status: result.status, code: result.body.reason }, 'operator exchange refused');
    if (result.status >= 500) throw new UpstreamError('Admin service unavailable', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
    if (result.status === 403)
      throw new ForbiddenError(result.body.message ?? 'Not an operator of this registration system', { code: 'TENANT_NOT_ALLOWED' });
    throw new AuthenticationError('Invalid credentials', { code: result.status === 404 ? 'NOT_AN_OPERATOR' : 'EXCHANGE_REFUSED' });
  }

  router.get(
    '/auth/oidc/login',
    asyncHandler(async (req, res) => {
      const { returnTo } = parseInput(loginQuery, req.query, 'query');
      // Anyone may start a sign-in: counted until its callback succeeds; too many, and the portal shows the wait.
      const wait = await limits.attemptStart(req);
      if (wait !== null) return backToPortal(res, 'too-many', wait);
      let started;
      try {
        started = await relyingParty.startSignIn(safeReturnPath(returnTo));
      } catch (err) {
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'OpenID provider unreachable');
        await limits.giveBack(req);
        return backToPortal(res, 'unavailable');
      }
      // No session before the provider answers: the pending sign-in waits in a sealed cookie.
      await pendingSignIns.keep(req, res, started.pending);
      res.setHeader('cache-control', 'no-store');
      res.redirect(302, started.url);
    }),
  );

  router.get(
    OPERATOR_CALLBACK_PATH,
    asyncHandler(async (req: Request, res) => {
      // Single use: a replayed or second callback finds nothing.
      const pending = await pendingSignIns.take(req, res);
      if (!pending) return backToPortal(res, 'expired');
      if (typeof req.query.error === 'string') return backToPortal(res, providerRefusal(req.query.error));
      let claims;
      try {
        claims = await relyingParty.finishSignIn(callbackQuery(req), pending);
      } catch (err) {
        // Why it failed is for the log (no token in it); the browser learns only that it did.
        logger.warn({ reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err) }, 'OpenID sign-in refused');
        return backToPortal(res, 'failed');
      }
      const { name, ...exchanged } = claims;
      try {
        const result = await exchange(exchanged);
        await storeOperatorToken(req, result, { claims: exchanged, name: name ?? null });
      } catch (err) {
        if (err instanceof UpstreamError) {
          await limits.giveBack(pending.startedFrom);
          return backToPortal(res, 'unavailable');
        }
        if (err instanceof AuthenticationError && err.code === 'NOT_AN_OPERATOR') return backToPortal(res, 'not-operator');
        return backToPortal(res, 'failed');
      }
      await limits.giveBack(pending.startedFrom);
      logger.info(
        { registrationSystemId: req.session.auth?.registrationSystemId, accountId: req.session.auth?.accountId },
        'operator signed in',
      );
      res.redirect(302, safeReturnPath(pending.returnTo));
    }),
  );

  router.get('/auth/session', (req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(operatorView(req));
  });

  // The tenant switch: a new exchange; the session's token then carries only that tenant's rights.
  router.post(
    '/auth/tenant',
    express.json({ limit: '1kb' }),
    rejectInvalidText(),
    asyncHandler(async (req, res) => {
      const { registrationSystemId } = parseInput(tenantBody, req.body);
      const operator = req.session.operator;
      if (!operator || !req.session.auth) throw notAuthenticated();
      const result = await exchange(operator.claims, registrationSystemId);
      await storeOperatorToken(req, result, operator);
      logger.info({ registrationSystemId, accountId: req.session.auth.accountId }, 'operator switched tenant');
      res.json(operatorView(req));
    }),
  );

  // Ends both sessions: this router's now, the provider's through the URL the portal goes to next.
  router.post(
    '/auth/logout',
    asyncHandler(async (req, res) => {
      if (req.session) await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
      res.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax' });
      res.json({ endSessionUrl: await relyingParty.endSessionUrl() });
    }),
  );

  return router;
}
