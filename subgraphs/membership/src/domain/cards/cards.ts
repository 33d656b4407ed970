import type { Knex } from '@ems/db';
import { membershipCardByToken, membershipCardsByIds, type MembershipCardRow } from '../../data/cards';
import { cardVerifyUrl, isToken } from '../memberLinks';
import type { DataScope } from '../scope';
import { cardFileName, renderMembershipCard } from './cardPdf';

/** What the check of a card shows the operator at the door. */
export interface CardFacts {
  name: string;
  membershipNumber: string | null;
  membershipType: string;
  organisation: string;
  period: string;
  startsOn: string;
  endsOn: string;
}

export type CardCheckRefusal = 'UNKNOWN_CARD' | 'NOT_ACTIVE' | 'CANCELLED' | 'EXPIRED' | 'NOT_YET_VALID';

export type CardCheck = { valid: true; card: CardFacts } | { valid: false; reason: CardCheckRefusal; card: CardFacts | null };

function facts(card: MembershipCardRow): CardFacts {
  return {
    name: `${card.firstName} ${card.lastName}`,
    membershipNumber: card.membershipNumber,
    membershipType: card.membershipType,
    organisation: card.organisationName,
    period: card.periodName,
    startsOn: card.startsOn,
    endsOn: card.endsOn,
  };
}

/**
 * The check behind a card's QR code: valid while the membership is active and `today` lies in its
 * period. An unknown or malformed token names nobody; a known card that is not valid says why, so
 * the operator can tell an expired card from a forged one.
 */
export async function checkMembershipCard(db: Knex, token: unknown, today: string): Promise<CardCheck> {
  const card = isToken(token) ? await membershipCardByToken(db, token) : null;
  if (!card) return { valid: false, reason: 'UNKNOWN_CARD', card: null };
  const shown = facts(card);
  if (card.status === 'cancelled') return { valid: false, reason: 'CANCELLED', card: shown };
  if (card.status !== 'active') return { valid: false, reason: 'NOT_ACTIVE', card: shown };
  if (today > card.endsOn) return { valid: false, reason: 'EXPIRED', card: shown };
  if (today < card.startsOn) return { valid: false, reason: 'NOT_YET_VALID', card: shown };
  return { valid: true, card: shown };
}

/**
 * A membership's card as a PDF for whoever may see the membership's person: the member's own
 * account (linked persons) or an operator of its organisation. Only an active membership has a
 * card; anything else, like a membership the caller may not see, is not there (null).
 */
export async function membershipCardPdf(
  db: Knex,
  scope: DataScope,
  membershipId: number,
  linksBase: string,
): Promise<{ fileName: string; pdf: Buffer } | null> {
  const [card] = await membershipCardsByIds(db, [membershipId]);
  if (!card || card.status !== 'active') return null;
  if (!scope.personIds.has(card.personId) && !scope.adminOrganisationIds.has(card.organisationId)) return null;
  return { fileName: cardFileName(card), pdf: await renderMembershipCard(card, cardVerifyUrl(linksBase, card.cardToken)) };
}
