import { useQuery } from '@apollo/client/react';
import { useEffect, useState, type ReactNode } from 'react';
import { graphql } from '../graphql/generated';
import { fetchPublicClub, type ClubView } from '../lib/club';
import { texts } from '../lib/texts';

export const CLUB_OF_PERIOD_QUERY = graphql(`
  query ClubOfPeriod($periodId: Int!) {
    membershipPeriod(id: $periodId) {
      id
      name
      organisation {
        id
        name
        logoUrl
        contactEmail
        contactPhone
        websiteUrl
      }
    }
  }
`);

/** The logo's box: fixed, so that the heading does not move when the image arrives. */
const LOGO_SIZE_PX = 48;

/**
 * The club and season a member screen is about (issue 23, problem 6): the registration's own
 * query stays as it was, so a failure here costs only the club's name, never the form.
 */
export function useClubOfPeriod(periodId: number | null): ClubView | null {
  const { data } = useQuery(CLUB_OF_PERIOD_QUERY, {
    variables: { periodId: periodId ?? 0 },
    skip: periodId === null,
    errorPolicy: 'ignore',
  });
  const period = data?.membershipPeriod;
  if (!period) return null;
  const { name, logoUrl, contactEmail, contactPhone, websiteUrl } = period.organisation;
  return { name, periodName: period.name, logoUrl: logoUrl ?? null, contactEmail, contactPhone, websiteUrl };
}

/** The host's club before sign-in (GET /api/tenant): the period's when one is known. */
export function usePublicClub(periodId: number | null, wanted = true): ClubView | null {
  const [club, setClub] = useState<ClubView | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void fetchPublicClub(periodId).then((found) => {
      if (current) setClub(found);
    });
    return () => {
      current = false;
    };
  }, [periodId, wanted]);
  return club;
}

/** "[logo] Riverside Athletics Club · Season 2026/27" above the page's title. */
export function ClubHeading({ club }: { club: ClubView | null }) {
  if (!club) return null;
  return (
    <p className="club-line" data-testid="club-identity">
      {club.logoUrl && (
        <img className="club-logo" src={club.logoUrl} alt={club.name} width={LOGO_SIZE_PX} height={LOGO_SIZE_PX} decoding="async" />
      )}
      <span className="club-name">{club.name}</span>
      {club.periodName && <span className="period-name">{club.periodName}</span>}
    </p>
  );
}

/** How to reach the club, at the foot of the page; nothing when the club has given no contact. */
export function ClubContact({ club }: { club: ClubView | null }) {
  if (!club || !(club.contactEmail || club.contactPhone || club.websiteUrl)) return null;
  return (
    <section className="club-contact" aria-label={texts.club.contactTitle(club.name)} data-testid="club-contact">
      <p className="club-contact-title">{texts.club.contactTitle(club.name)}</p>
      <ul>
        {club.contactEmail && (
          <li>
            {texts.club.email}: <a href={`mailto:${club.contactEmail}`}>{club.contactEmail}</a>
          </li>
        )}
        {club.contactPhone && (
          <li>
            {texts.club.phone}: <a href={`tel:${club.contactPhone.replace(/[^\d+]/g, '')}`}>{club.contactPhone}</a>
          </li>
        )}
        {club.websiteUrl && (
          <li>
            <a href={club.websiteUrl}>{texts.club.website}</a>
          </li>
        )}
      </ul>
    </section>
  );
}

/**
 * A page reached without a session (a refused link, the payment return): the host's club above
 * it and its contact below, from the public identity; `club` instead when the page already has it.
 */
export function PublicClubFrame({ periodId, club, children }: { periodId: number | null; club?: ClubView | null; children: ReactNode }) {
  const publicClub = usePublicClub(periodId, !club);
  const shown = club ?? publicClub;
  return (
    <>
      <ClubHeading club={shown} />
      {children}
      <ClubContact club={shown} />
    </>
  );
}
