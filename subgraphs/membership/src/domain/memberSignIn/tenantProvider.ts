import { ForbiddenError, InputError, NotFoundError } from '@ems/schema';
import type { Db } from '../../data/db';
import { deleteTenantMemberOidc, findTenantWithMemberOidc, saveTenantMemberOidc, type TenantMemberOidcRow } from '../../data/memberOidc';
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
  const tenant = await findTenantWithMemberOidc(db, registrationSystemId);
  if (!tenant) throw new NotFoundError('Registration system not found', { code: 'TENANT_NOT_FOUND' });
  return tenant.memberOidc;
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

/** A tenant's member provider as configured: the stored row itself. */
export type MemberOidcInput = TenantMemberOidcRow;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Configures a tenant's member provider (`npm run member-oidc -- set`). An https issuer, or plain
 * http on the loopback only (the demo provider; a router in production refuses that anyway).
 */
export async function configureMemberOidc(db: Db, input: MemberOidcInput): Promise<void> {
  let issuer: URL;
  try {
    issuer = new URL(input.issuerUrl);
  } catch {
    throw new InputError('the issuer must be a URL', { code: 'INVALID_ISSUER' });
  }
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname))) {
    throw new InputError('the issuer must be an https URL', { code: 'INVALID_ISSUER' });
  }
  if (!input.clientId.trim()) throw new InputError('the client id is required', { code: 'INVALID_CLIENT' });
  if (input.clientSecret.length < 16) throw new InputError('the client secret must be at least 16 characters', { code: 'INVALID_CLIENT' });
  const displayName = input.displayName.trim();
  if (!displayName || displayName.length > 60) throw new InputError('the name must be 1 to 60 characters', { code: 'INVALID_NAME' });
  if (!(await findTenantAuthSettings(db, input.registrationSystemId)))
    throw new NotFoundError('Registration system not found', { code: 'TENANT_NOT_FOUND' });
  await saveTenantMemberOidc(db, { ...input, issuerUrl: issuer.href.replace(/\/+$/, ''), clientId: input.clientId.trim(), displayName });
}

/** Ends a tenant's member sign-in (and with it anonymous registration); accounts made so far stay. */
export async function removeMemberOidc(db: Db, registrationSystemId: number): Promise<boolean> {
  return (await deleteTenantMemberOidc(db, registrationSystemId)) > 0;
}
