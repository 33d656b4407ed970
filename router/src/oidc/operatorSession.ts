import type { Request } from 'express';
import 'express-session';
import {
  readTokenClaims,
  UpstreamError,
  type OperatorExchangeResponse,
  type OperatorIdTokenClaims,
  type OperatorTenant,
} from '@ems/schema';
import { regenerateSession } from '../session/middleware';

/** What the admin portal's session holds beside `auth` (the JWT, as the member portal's). Never sent as is. */
export interface OperatorSession {
  /** The validated ID token claims of the sign-in: a tenant switch is a new exchange with them. */
  claims: OperatorIdTokenClaims;
  name: string | null;
  tenants: OperatorTenant[];
}

declare module 'express-session' {
  interface SessionData {
    operator?: OperatorSession;
  }
}

/**
 * Keeps an exchange's token in the session, under a new session id (a sign-in or a tenant switch
 * changes what the session may do, so an id seen before is worth nothing after).
 */
export async function storeOperatorToken(
  req: Request,
  exchange: OperatorExchangeResponse,
  operator: Omit<OperatorSession, 'tenants'>,
): Promise<void> {
  const claims = readTokenClaims(exchange.token);
  if (typeof claims?.accountId !== 'number' || typeof claims.userKey !== 'string') {
    throw new UpstreamError('Admin service returned an unexpected token', { code: 'ADMIN_SERVICE_UNAVAILABLE' });
  }
  await regenerateSession(req);
  req.session.portal = 'admin';
  req.session.auth = {
    token: exchange.token,
    expiresAt: Date.parse(exchange.expiresAt),
    accountId: claims.accountId,
    userKey: claims.userKey,
    registrationSystemId: exchange.registrationSystemId,
  };
  req.session.operator = { ...operator, tenants: exchange.tenants };
}

/** What the admin portal may know of its session: who is signed in, the tenant and the others. No token. */
export function operatorView(req: Request) {
  const auth = req.session?.auth;
  const operator = req.session?.operator;
  if (!auth || !operator || auth.expiresAt <= Date.now()) return { signedIn: false as const };
  return {
    signedIn: true as const,
    name: operator.name,
    email: operator.claims.email ?? null,
    registrationSystemId: auth.registrationSystemId,
    tenants: operator.tenants,
  };
}
