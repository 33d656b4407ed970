import { ForbiddenError, NotFoundError } from '@ems/schema';
import type { Db } from '../../data/db';
import { findTenantMemberOidc, type TenantMemberOidcRow } from '../../data/memberOidc';
import { findTenantAuthSettings } from '../../data/tenants';

/** The tenant's member provider; a tenant that has none offers neither member sign-in nor anonymous registration. */
export async function requireMemberOidc(db: Db, registrationSystemId: number): Promise<TenantMemberOidcRow> {
  const config = await memberOidcOf(db, registrationSystemId);
  if (!config) {
    throw new ForbiddenError('This registration system offers no member sign-in', { code: 'MEMBER_SIGN_IN_NOT_OFFERED' });
  }
  return config;
}

/** The tenant's member provider or null; an unknown tenant is a 404. */
export async function memberOidcOf(db: Db, registrationSystemId: number): Promise<TenantMemberOidcRow | null> {
  if (!(await findTenantAuthSettings(db, registrationSystemId)))
    throw new NotFoundError('Registration system not found', { code: 'TENANT_NOT_FOUND' });
  return findTenantMemberOidc(db, registrationSystemId);
}

/** What a registration portal's router needs to sign members in with the tenant's provider (null: none). */
export interface MemberOidcForRouter {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  displayName: string;
  anonymousAllowed: boolean;
}

/**
 * `GET /auth/tenants/:id/member-oidc`: the provider settings of a tenant for the registration
 * portal's router only (the client secret goes nowhere else: not to an admin or partner key,
 * never into GraphQL).
 */
export async function memberOidcForRouter(
  db: Db,
  caller: { portal: string; registrationSystemId: number | null },
  registrationSystemId: number,
): Promise<MemberOidcForRouter | null> {
  if (caller.portal !== 'registration' || (caller.registrationSystemId !== null && caller.registrationSystemId !== registrationSystemId)) {
    throw new ForbiddenError('Only the registration portal reads member sign-in settings', { code: 'PORTAL_NOT_ALLOWED' });
  }
  const config = await memberOidcOf(db, registrationSystemId);
  if (!config) return null;
  const { registrationSystemId: _tenant, ...settings } = config;
  return settings;
}

/** Issuers compare without a trailing slash (`https://idp.example` and `https://idp.example/` are one). */
export function sameIssuer(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
