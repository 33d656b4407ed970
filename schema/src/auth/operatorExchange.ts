import type { TokenResponse } from './token';

/**
 * The admin portal's `POST /auth/token-exchange/oauth2` (contract: shapes "not shown"; decided in
 * docs/decisions.md, "Operators' sign-in"). Shared by the admin service and the admin router.
 */

/** Marks a token the admin portal's sign-in issued: an operator's, for one registration system. */
export const OPERATOR_AUTHORITY = 'ROLE_OPERATOR';

/** The ID token claims the router validated (issuer, audience, signature, nonce, expiry) and passes on. */
export interface OperatorIdTokenClaims {
  iss: string;
  sub: string;
  email?: string;
  email_verified?: boolean;
}

/** The request: the claims, and the registration system chosen (none: the operator's first). */
export interface OperatorExchangeRequest {
  claims: OperatorIdTokenClaims;
  registrationSystemId?: number;
}

/** A registration system (tenant) an operator can switch to, with the organisations they administer there. */
export interface OperatorTenant {
  registrationSystemId: number;
  name: string;
  organisations: Array<{ id: number; name: string }>;
}

/** The answer: the token of the chosen tenant, which tenant that is, and every tenant to switch to. */
export type OperatorExchangeResponse = TokenResponse & { registrationSystemId: number; tenants: OperatorTenant[] };
