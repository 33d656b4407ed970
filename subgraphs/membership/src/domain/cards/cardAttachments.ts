import { membershipCardsByIds } from '../../data/cards';
import type { AttachmentRenderer } from '../email/attachments';
import { cardVerifyUrl } from '../memberLinks';
import { cardFileName, renderMembershipCard } from './cardPdf';

/**
 * The outbox's renderer of membership cards. A card whose membership is no longer active (it was
 * cancelled before the e-mail went out) is left out rather than sent as if it were valid.
 */
export function membershipCardAttachments(linksBase: string): AttachmentRenderer {
  return async (db, refs) => {
    const ids = refs.filter((r) => r.kind === 'membership_card').map((r) => r.membershipId);
    if (ids.length === 0) return [];
    const cards = (await membershipCardsByIds(db, ids)).filter((c) => c.status === 'active');
    return Promise.all(
      cards.map(async (card) => ({
        filename: cardFileName(card),
        content: await renderMembershipCard(card, cardVerifyUrl(linksBase, card.cardToken)),
        contentType: 'application/pdf',
      })),
    );
  };
}
