/**
 * `GET /api/tenant[?periodId=]` (the gateway, issue 23): what anyone may know of the registration
 * system a host serves, for the member portal's pages reached without a session. Public fields
 * only: names, logo addresses and the clubs' published contact; the period only when it is the
 * tenant's. The membership service composes it, the router answers it per host.
 */
export interface TenantPublicIdentity {
  registrationSystem: { name: string };
  organisations: PublicOrganisation[];
  /** The period asked about, when it is one of the tenant's (its club is then `organisationId`). */
  period: { id: number; name: string; organisationId: number } | null;
}

export interface PublicOrganisation {
  id: number;
  name: string;
  /** Relative to the portal's origin; null when the club has no logo. */
  logoUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  websiteUrl: string | null;
}

/**
 * Where an organisation's logo is served, below the gateway's `/services/admin-service` prefix:
 * `/organisation-logos/:organisationId/:sha256`, public and cached for good.
 */
export const ORGANISATION_LOGO_PATH = '/organisation-logos';
