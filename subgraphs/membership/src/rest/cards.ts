import { Router, type Request } from 'express';
import type { Knex } from '@ems/db';
import { NotFoundError } from '@ems/schema';
import { asyncHandler, authOf, requireBearer, requireXApiKey, type ApiKeyChecker } from '@ems/service-runtime';
import { MAX_ROW_ID } from '@ems/schema/rules';
import { checkMembershipCard, membershipCardPdf, type CardCheck, type CardCheckRefusal } from '../domain/cards/cards';
import { todayIso } from '../domain/clock';
import { longDate } from '../domain/dates';
import { escapeHtml } from '../domain/email/confirmationEmail';
import { reminderSubscription, unsubscribeFromReminders, type UnsubscribeView } from '../domain/life/unsubscribe';
import { CARD_DOWNLOAD_PATH, CARD_VERIFY_PATH, UNSUBSCRIBE_PATH } from '../domain/memberLinks';
import { scopeForUser } from '../domain/scope';
import { sendPage, type Page } from './pages';

export interface CardRoutesDeps {
  db: Knex;
  keys: ApiKeyChecker;
  jwtSecret: string;
  /** MEMBER_LINKS_URL: the base of the QR code's link on a downloaded card. */
  linksBase: string;
  today?: () => string;
}

const REFUSAL_TEXT: Record<CardCheckRefusal, string> = {
  UNKNOWN_CARD: 'This code belongs to no membership card of ours. The card may be forged or its code damaged.',
  NOT_ACTIVE: 'This membership has not been paid yet.',
  CANCELLED: 'This membership was cancelled.',
  EXPIRED: 'This membership has expired.',
  NOT_YET_VALID: 'This membership has not started yet.',
};

function cardPage(check: CardCheck): Page {
  const facts = check.card
    ? [
        ['Member', check.card.name],
        ['Membership number', check.card.membershipNumber ?? '–'],
        ['Membership', `${check.card.membershipType}, ${check.card.period}`],
        ['Club', check.card.organisation],
        ['Valid', `${longDate(check.card.startsOn)} to ${longDate(check.card.endsOn)}`],
      ]
    : [];
  const list = facts.length ? `<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`).join('')}</dl>` : '';
  return check.valid
    ? { title: 'Valid membership card', paragraphs: [`Checked on ${longDate(todayIso())}.`], html: list }
    : { title: 'Not a valid membership card', paragraphs: [REFUSAL_TEXT[check.reason]], html: list };
}

function unsubscribePage(view: UnsubscribeView, asked: boolean): { status: number; page: Page } {
  if (!view.found) {
    return {
      status: 404,
      page: { title: 'Link not valid', paragraphs: ['This unsubscribe link is not valid. Please use the link in the latest e-mail.'] },
    };
  }
  if (view.unsubscribed) {
    return {
      status: 200,
      page: {
        title: 'Reminders turned off',
        paragraphs: [
          `${view.firstName} will receive no more reminders (membership expiry, renewal).`,
          'Confirmations of payments and memberships still come, as they report what happened.',
        ],
      },
    };
  }
  return {
    status: 200,
    page: {
      title: 'Turn off reminders?',
      paragraphs: [`${view.firstName} will receive no more reminders about the membership's expiry and its renewal.`],
      // A form, not a link: mail scanners follow links, and a GET must change nothing.
      html: asked ? '' : '<form method="post"><button type="submit">Turn off reminders</button></form>',
    },
  };
}

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

/**
 * The membership card's routes: the check behind its QR code and the unsubscribe link of
 * reminders (public, as the payment pages: the router forwards them under
 * `/services/admin-service`), and the card's download for a signed-in member (`/api/**`).
 */
export function cardRoutes(deps: CardRoutesDeps): Router {
  const router = Router();
  const today = deps.today ?? (() => todayIso());

  router.get(
    CARD_VERIFY_PATH,
    asyncHandler(async (req, res) => {
      const check = await checkMembershipCard(deps.db, req.query.t, today());
      if (wantsJson(req)) {
        res.set('Cache-Control', 'no-store').json(check.valid ? check : { valid: false, reason: check.reason, card: check.card });
        return;
      }
      sendPage(res, 200, cardPage(check));
    }),
  );

  router.get(
    UNSUBSCRIBE_PATH,
    asyncHandler(async (req, res) => {
      const { status, page } = unsubscribePage(await reminderSubscription(deps.db, req.query.t), false);
      sendPage(res, status, page);
    }),
  );

  // The page's button, and a mail client's one-click unsubscribe (RFC 8058), which posts here too.
  router.post(
    UNSUBSCRIBE_PATH,
    asyncHandler(async (req, res) => {
      const { status, page } = unsubscribePage(await unsubscribeFromReminders(deps.db, req.query.t), true);
      sendPage(res, status, page);
    }),
  );

  router.get(
    `${CARD_DOWNLOAD_PATH}/:membershipId`,
    requireXApiKey(deps.keys),
    requireBearer(deps.jwtSecret),
    asyncHandler(async (req, res) => {
      const claims = authOf(req).user;
      if (!claims) throw new Error('bearer guard did not run');
      const id = Number(req.params.membershipId);
      const scope = Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID ? await scopeForUser(deps.db, claims) : null;
      const card = scope ? await membershipCardPdf(deps.db, scope, id, deps.linksBase) : null;
      if (!card) throw new NotFoundError('No membership card for this membership.', { code: 'CARD_NOT_FOUND' });
      res
        .status(200)
        .set({
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${card.fileName}"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        })
        .send(card.pdf);
    }),
  );

  return router;
}
