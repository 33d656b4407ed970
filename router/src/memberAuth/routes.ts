import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { AuthenticationError, ForbiddenError, UpstreamError } from '@ems/schema';
import { asyncHandler, parseInput, type Logger, type RateLimit } from '@ems/service-runtime';
import type { AdminServiceClient } from '../auth/adminClient';
import type { SignInLimits } from '../auth/signInLimits';
import { safeReturnPath } from '../security/returnUrl';
import type { TenantResolver } from '../tenant/resolveTenant';
import { PendingSignInCookie } from '../oidc/pendingSignIn';
import { callbackQuery, providerRefusal, type PendingSignIn } from '../oidc/relyingParty';
import type { MemberProviders } from './providers';
import { keepMemberToken, memberSessionKind } from './session';

/** Why a member's sign-in did not happen, for the portal's choice page (`?signIn=...` on the way back). */
export type MemberSignInProblem = 'failed' | 'cancelled' | 'expired' | 'unavailable' | 'too-many';

const loginQuery = z.object({ returnTo: z.string().max(2048).optional() });

export const MEMBER_CALLBACK_PATH = '/api/auth/oidc/callback';

export interface MemberAuthDeps {
  tenants: TenantResolver;
  admin: AdminServiceClient;
  providers: MemberProviders;
  logger: Logger;
  /** Sign-ins with the member provider count when they fail (signInLimits.ts). */
  limits: SignInLimits;
  /** Anonymous registrations make accounts: every one counts, per client address. */
  anonymousLimit: RateLimit;
  /** Seals the pending sign-in's cookie (the router's SESSION_SECRET) and names it. */
  sessionSecret: string;
  cookieName: string;
  /** Spends each pending sign-in's cookie once on the server (pendingSignIn.ts). */
  pendingSignInUses: RateLimit;
}

/** A member's OpenID sign-in between the redirect and the callback, and the tenant it is for. */
type MemberPendingSignIn = PendingSignIn & { registrationSystemId: number };

/** The portal's address of the callback, on the host the member came to (registered at the provider). */
function callbackUrl(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}${MEMBER_CALLBACK_PATH}`;
}

/**
 * Every redirect of a member's sign-in goes through `safeReturnPath`, checked as it goes out.
 * `retrySeconds`, with 'too-many': the wait of the sign-in limit, for the portal to show.
 */
function backTo(res: Response, returnTo: string, problem: MemberSignInProblem, retrySeconds?: number): void {
  const url = new URL(safeReturnPath(returnTo), 'http://portal.invalid');
  url.searchParams.set('signIn', problem);
  if (retrySeconds !== undefined) url.searchParams.set('retry', String(retrySeconds));
  res.setHeader('cache-control', 'no-store');
  res.redirect(302, safeReturnPath(`${url.pathname}${url.search}`));
}

/**
 * The member portal's sign-in choice (contract rule 12, registration portal only; the admin
 * portal's router mounts none of this, rule 11): what the host's tenant offers, OpenID Connect
 * with the tenant's member provider, and continuing anonymously. Tokens stay in the session.
 */
export function memberAuthRoutes({
  tenants,
  admin,
  providers,
  logger,
  limits,
  anonymousLimit,
  sessionSecret,
  cookieName,
  pendingSignInUses,
}: MemberAuthDeps): Router {
  const router = Router();
  const pendingSignIns = new PendingSignInCookie<MemberPendingSignIn>(
    sessionSecret,
    `${cookieName}.oidc`,
    MEMBER_CALLBACK_PATH,
    pendingSignInUses,
  );

  // Public: what the sign-in page offers on this host, and whether this session is already in.
  router.get(
    '/api/auth/options',
    asyncHandler(async (req, res) => {
      const tenant = await tenants.resolve(req);
      const settings = await providers.settingsOf(tenant);
      res.setHeader('cache-control', 'no-store');
      res.json({
        oidc: settings ? { name: settings.displayName } : null,
        anonymous: settings?.anonymousAllowed ?? false,
        session: memberSessionKind(req, tenant),
      });
    }),
  );

  router.get(
    '/api/auth/oidc/login',
    asyncHandler(async (req, res) => {
      const returnTo = safeReturnPath(parseInput(loginQuery, req.query, 'query').returnTo);
      // Counted until its callback succeeds; a member who has tried too often is shown the wait.
      const wait = await limits.attemptStart(req);
      if (wait !== null) return backTo(res, returnTo, 'too-many', wait);
      const tenant = await tenants.resolve(req);
      const settings = await providers.settingsOf(tenant);
      if (!settings) throw new ForbiddenError('This registration system offers no member sign-in', { code: 'MEMBER_SIGN_IN_NOT_OFFERED' });
      let started;
      try {
        started = await providers.relyingParty(settings, callbackUrl(req)).startSignIn(returnTo);
      } catch (err) {
        logger.warn(
          { registrationSystemId: tenant, err: err instanceof Error ? err.message : String(err) },
          'member OpenID provider unreachable',
        );
        await limits.giveBack(req);
        return backTo(res, returnTo, 'unavailable');
      }
      // Nothing stored on the server before the provider answers: the pending sign-in waits in a sealed cookie.
      await pendingSignIns.keep(req, res, { ...started.pending, registrationSystemId: tenant });
      res.setHeader('cache-control', 'no-store');
      res.redirect(302, started.url);
    }),
  );

  router.get(
    MEMBER_CALLBACK_PATH,
    asyncHandler(async (req, res) => {
      // Single use: a replayed or second callback finds nothing.
      const pending = await pendingSignIns.take(req, res);
      if (!pending) return backTo(res, '/', 'expired');
      if (typeof req.query.error === 'string') return backTo(res, pending.returnTo, providerRefusal(req.query.error));
      const tenant = await tenants.resolve(req);
      const settings = tenant === pending.registrationSystemId ? await providers.settingsOf(tenant) : null;
      if (!settings) return backTo(res, pending.returnTo, 'failed');
      let claims;
      try {
        claims = await providers.relyingParty(settings, callbackUrl(req)).finishSignIn(callbackQuery(req), pending);
      } catch (err) {
        // Why is for the log (no token in it); the browser learns only that it failed.
        logger.warn(
          { registrationSystemId: tenant, reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err) },
          'member OpenID sign-in refused',
        );
        return backTo(res, pending.returnTo, 'failed');
      }
      const anonymousSessionId = req.session.anonymousSessionId;
      const { iss, sub, email, email_verified } = claims;
      const result = await admin.memberExchange({
        registrationSystemId: tenant,
        claims: { iss, sub, ...(email ? { email } : {}), ...(email_verified !== undefined ? { email_verified } : {}) },
        ...(anonymousSessionId ? { anonymousSessionId } : {}),
      });
      if (!result.ok) {
        logger.info({ registrationSystemId: tenant, status: result.status, code: result.body.reason }, 'member exchange refused');
        if (result.status >= 500) await limits.giveBack(pending.startedFrom);
        return backTo(res, pending.returnTo, result.status >= 500 ? 'unavailable' : 'failed');
      }
      await keepMemberToken(req, result.value);
      await limits.giveBack(pending.startedFrom);
      logger.info({ registrationSystemId: tenant, keptAnonymous: Boolean(anonymousSessionId) }, 'member signed in with OpenID Connect');
      res.redirect(302, safeReturnPath(pending.returnTo));
    }),
  );

  // Continue without an account: a cookie-authenticated write like the other sign-ins (the
  // router's origin check has refused a cross-site one before this).
  router.post(
    '/api/auth/anonymous',
    anonymousLimit.middleware((req) => req.ip ?? req.socket.remoteAddress ?? ''),
    asyncHandler(async (req, res) => {
      const tenant = await tenants.resolve(req);
      const result = await admin.registerSession(tenant);
      if (!result.ok) {
        logger.info({ registrationSystemId: tenant, status: result.status }, 'anonymous registration refused');
        if (result.status >= 500) throw new UpstreamError('Admin service unavailable', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
        if (result.status === 403)
          throw new ForbiddenError('This registration system offers no anonymous registration', { code: 'ANONYMOUS_NOT_OFFERED' });
        throw new AuthenticationError('Invalid credentials');
      }
      await keepMemberToken(req, result.value, result.value.sessionId);
      res.setHeader('cache-control', 'no-store');
      res.status(200).end();
    }),
  );

  return router;
}
