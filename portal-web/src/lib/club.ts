import type { TenantPublicIdentity } from '@ems/schema';

/**
 * What a member screen shows of the club (issue 23): its name and logo above the title, the
 * season, and how to reach the club at the foot. Signed in, it comes from the period's GraphQL
 * query; before sign-in (a refused link, the payment return) from the host's public identity.
 */
export interface ClubView {
  /** The club's name; before sign-in, when the club cannot be told, the registration system's. */
  name: string;
  periodName: string | null;
  logoUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  websiteUrl: string | null;
}

/**
 * The club a page before sign-in names: the period's, else the registration system's only club;
 * with several clubs and no period to tell them apart, the registration system's name alone
 * (naming one of them could send a member to the wrong club).
 */
export function clubViewOfIdentity(identity: TenantPublicIdentity): ClubView {
  const period = identity.period;
  const club = period
    ? identity.organisations.find((o) => o.id === period.organisationId)
    : identity.organisations.length === 1
      ? identity.organisations[0]
      : undefined;
  if (!club) {
    const none = { logoUrl: null, contactEmail: null, contactPhone: null, websiteUrl: null };
    return { name: identity.registrationSystem.name, periodName: period?.name ?? null, ...none };
  }
  const { name, logoUrl, contactEmail, contactPhone, websiteUrl } = club;
  return { name, periodName: period?.name ?? null, logoUrl, contactEmail, contactPhone, websiteUrl };
}

const inFlight = new Map<string, Promise<ClubView | null>>();

/** The host's public club identity, asked once per period; null when it cannot be had (the page stays usable). */
export function fetchPublicClub(periodId: number | null, fetcher: typeof fetch = fetch): Promise<ClubView | null> {
  const query = periodId === null ? '' : `?periodId=${periodId}`;
  let pending = inFlight.get(query);
  if (!pending) {
    pending = fetcher(`/api/tenant${query}`, { credentials: 'omit', headers: { accept: 'application/json' } }).then(
      async (response) => (response.ok ? clubViewOfIdentity((await response.json()) as TenantPublicIdentity) : null),
      () => null,
    );
    inFlight.set(query, pending);
    // A failure may be retried by the next page; an answer is kept for the page's life.
    void pending.then((club) => {
      if (!club) inFlight.delete(query);
    });
  }
  return pending;
}
