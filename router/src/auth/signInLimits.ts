import type { Request } from 'express';
import type { Knex } from '@ems/db';
import { TooManyRequestsError } from '@ems/schema';
import { RateLimit } from '@ems/service-runtime';

export interface SignInLimitSettings {
  /** Failed sign-ins per user key in one window. */
  perUserKey: number;
  /** Failed sign-ins per client address in one window: higher, many people may share an address. */
  perAddress: number;
  windowSeconds: number;
}

const MESSAGE = 'Too many sign-in attempts. Please try again later.';

/**
 * Sign-in rate limits that do not punish a crowd (docs/decisions.md, "Sign-in, logging and
 * production mode"): only attempts that fail count, per user key and, with a higher bound, per
 * client address, in PostgreSQL so that every router counts together. A school or a club's Wi-Fi
 * on registration night signs in as often as it likes from one address; guessing one member's
 * link, or spraying many user keys from one address, is stopped.
 *
 * An attempt is counted before it is tried, so a burst of requests cannot outrun the counter, and
 * given back when it succeeds (or got no answer: the admin service being down is nobody's
 * failure). An OpenID Connect sign-in is counted at its start and given back at its callback.
 */
export class SignInLimits {
  constructor(
    private readonly perAddress: RateLimit,
    private readonly perUserKey: RateLimit,
  ) {}

  static inDatabase(db: Knex, settings: SignInLimitSettings): SignInLimits {
    const limit = (name: string, points: number) =>
      new RateLimit(db, { schema: 'gateway', name, points, windowSeconds: settings.windowSeconds, message: MESSAGE });
    return new SignInLimits(limit('sign-in:address', settings.perAddress), limit('sign-in:user-key', settings.perUserKey));
  }

  /** Counts an attempt from the request's address (and for `userKey`); 429 with Retry-After once either has failed too often. */
  async attempt(req: Request, userKey?: string): Promise<void> {
    const address = clientAddress(req);
    await this.perAddress.consume(address);
    if (userKey === undefined) return;
    try {
      await this.perUserKey.consume(userKey);
    } catch (err) {
      // Refused for the user key: nothing was tried, so the address's point goes back; one member
      // retrying a used-up key must not spend the budget of everyone behind the same address.
      await this.perAddress.refund(address);
      throw err;
    }
  }

  /**
   * `attempt` for an OpenID Connect start, which the portals reach by a browser's navigation: a
   * refused navigation gets the wait in seconds (the route redirects back to its portal with it,
   * `signIn=too-many`) rather than a 429 page of raw JSON. Any other client gets the 429 with
   * Retry-After as from `attempt`. Null when the attempt may go on.
   */
  async attemptStart(req: Request): Promise<number | null> {
    try {
      await this.attempt(req);
      return null;
    } catch (err) {
      if (err instanceof TooManyRequestsError && isNavigation(req)) return err.retryAfterSeconds;
      throw err;
    }
  }

  /**
   * The attempt succeeded, or could not be decided: it does not count. `from` is the request that
   * made the attempt, or the address it came from (an OpenID callback gives back to the address
   * that started the sign-in, which its sealed cookie carries, not to whoever calls back).
   */
  async giveBack(from: Request | string, userKey?: string): Promise<void> {
    await this.perAddress.refund(typeof from === 'string' ? from : clientAddress(from));
    if (userKey !== undefined) await this.perUserKey.refund(userKey);
  }
}

/**
 * A browser navigating (a link, a typed address): it says so by `Sec-Fetch-Mode: navigate`, and
 * every browser's navigation, older ones too, asks for HTML before anything else. A script or API
 * client asking for JSON, any type or nothing in particular is not one.
 */
export function isNavigation(req: Request): boolean {
  return req.get('sec-fetch-mode') === 'navigate' || req.accepts(['json', 'html']) === 'html';
}

/** The client as the router sees it (`req.ip`, behind TRUST_PROXY). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? '';
}
