import { useQuery } from '@apollo/client/react';
import { graphql } from '../graphql/generated';
import type { ClubOfPeriodQuery } from '../graphql/generated/graphql';
import { texts } from '../lib/texts';

export const CLUB_OF_PERIOD_QUERY = graphql(`
  query ClubOfPeriod($periodId: Int!) {
    membershipPeriod(id: $periodId) {
      id
      name
      organisation {
        id
        name
        contactEmail
        contactPhone
        websiteUrl
      }
    }
  }
`);

export type ClubPeriod = NonNullable<ClubOfPeriodQuery['membershipPeriod']>;

/**
 * The club and season a member screen is about (issue 23, problem 6): the registration's own
 * query stays as it was, so a failure here costs only the club's name, never the form.
 */
export function useClubOfPeriod(periodId: number | null): ClubPeriod | null {
  const { data } = useQuery(CLUB_OF_PERIOD_QUERY, {
    variables: { periodId: periodId ?? 0 },
    skip: periodId === null,
    errorPolicy: 'ignore',
  });
  return data?.membershipPeriod ?? null;
}

/** "Riverside Athletics Club · Season 2026/27" above the page's title. */
export function ClubHeading({ period }: { period: ClubPeriod | null }) {
  if (!period) return null;
  return (
    <p className="club-line" data-testid="club-identity">
      <span className="club-name">{period.organisation.name}</span>
      <span className="period-name">{period.name}</span>
    </p>
  );
}

/** How to reach the club, at the foot of the page; nothing when the club has given no contact. */
export function ClubContact({ period }: { period: ClubPeriod | null }) {
  const club = period?.organisation;
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
