import type { Request } from 'express';
import { AUTH_ERRORS, AuthenticationError } from '@ems/schema';
import type { Logger } from '@ems/service-runtime';
import type { AdminServiceClient } from './adminClient';
import type { SessionAuth } from '../session/authState';

export function notAuthenticated(): AuthenticationError {
  return new AuthenticationError(AUTH_ERRORS.notAuthenticated.message, { error: AUTH_ERRORS.notAuthenticated.error });
}

export function tokenExpired(): AuthenticationError {
  return new AuthenticationError(AUTH_ERRORS.tokenExpired.message, { error: AUTH_ERRORS.tokenExpired.error });
}

/** How long a finished refresh is shared with the session's later requests. */
const SHARE_RESULT_MS = 2000;

export type RefreshOutcome = { ok: true; auth: SessionAuth } | { ok: false; status: number };

/**
 * The JWT held in a session: read it for forwarding, refresh it ahead of expiry, and make sure
 * concurrent refreshes of one session run once (single flight, per router process).
 */
export class SessionTokens {
  private inFlight = new Map<string, Promise<RefreshOutcome>>();

  constructor(
    private readonly admin: AdminServiceClient,
    private readonly refreshAheadMs: number,
    private readonly logger: Logger,
  ) {}

  /** The token to forward, or null for a request without a signed-in session. Expired: 401. */
  async tokenFor(req: Request): Promise<string | null> {
    const auth = req.session?.auth;
    if (!auth) return null;
    const now = Date.now();
    if (auth.expiresAt <= now) throw tokenExpired();
    if (auth.expiresAt - now < this.refreshAheadMs) {
      const outcome = await this.refresh(req);
      if (outcome.ok) return outcome.auth.token;
      // A failed early refresh is not fatal: the current token is still valid.
      this.logger.warn({ status: outcome.status }, 'early token refresh failed');
    }
    return auth.token;
  }

  /**
   * For public upstream paths (health, the payment pages): the token when it is usable, else
   * none. A payer whose session token expired at the checkout must not be locked out of it.
   */
  async optionalToken(req: Request): Promise<string | null> {
    const auth = req.session?.auth;
    if (!auth || auth.expiresAt <= Date.now()) return null;
    return this.tokenFor(req);
  }

  /** Like tokenFor, but a request without a token is refused with the contract's 401. */
  async requireToken(req: Request): Promise<string> {
    const token = await this.tokenFor(req);
    if (!token) throw notAuthenticated();
    return token;
  }

  /**
   * Replaces the session's token with a fresh one from the admin service. Requests of one
   * session that ask while a refresh is running, or shortly after it finished, share its result
   * instead of refreshing again; each adopts the new token so that no request writes the old
   * one back.
   */
  async refresh(req: Request): Promise<RefreshOutcome> {
    const sid = req.sessionID;
    let pending = this.inFlight.get(sid);
    if (!pending) {
      pending = this.doRefresh(req);
      this.inFlight.set(sid, pending);
      const forget = () => setTimeout(() => this.inFlight.delete(sid), SHARE_RESULT_MS).unref();
      pending.then(forget, forget);
    }
    const outcome = await pending;
    if (outcome.ok && req.session.auth?.token !== outcome.auth.token) req.session.auth = outcome.auth;
    return outcome;
  }

  private async doRefresh(req: Request): Promise<RefreshOutcome> {
    const auth = req.session.auth;
    if (!auth) return { ok: false, status: 401 };
    const result = await this.admin.refresh(auth.token);
    if (!result.ok) return { ok: false, status: result.status };
    const next: SessionAuth = { ...auth, token: result.value.token, expiresAt: Date.parse(result.value.expiresAt) };
    req.session.auth = next;
    await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
    return { ok: true, auth: next };
  }
}
