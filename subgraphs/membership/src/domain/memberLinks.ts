import { ORGANISATION_LOGO_PATH } from '@ems/schema';

/**
 * The public addresses members and operators reach from an e-mail or a membership card. They are
 * absolute (a mail client or a phone's camera has no origin to resolve a path against), below
 * `MEMBER_LINKS_URL`: the portal's public origin, whose router forwards `/services/admin-service/**`
 * to this service and serves the portal's own routes.
 */
const ADMIN_SERVICE_PREFIX = '/services/admin-service';

/** The card's QR code: anyone holding it may check the card (the operator's phone at the door). */
export const CARD_VERIFY_PATH = '/membership/card/verify';
/** A reminder's unsubscribe link: GET asks, POST (also RFC 8058 one-click) unsubscribes. */
export const UNSUBSCRIBE_PATH = '/membership/reminders/unsubscribe';
/** The card as a PDF for the signed-in member (the portal links it; `/api/**` needs the session). */
export const CARD_DOWNLOAD_PATH = '/api/membership/cards';

export function cardVerifyUrl(base: string, cardToken: string): string {
  return `${base}${ADMIN_SERVICE_PREFIX}${CARD_VERIFY_PATH}?t=${encodeURIComponent(cardToken)}`;
}

export function unsubscribeUrl(base: string, token: string): string {
  return `${base}${ADMIN_SERVICE_PREFIX}${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`;
}

/** Relative to the portal's origin, as the portal links it. */
export function cardDownloadPath(membershipId: number): string {
  return `${CARD_DOWNLOAD_PATH}/${membershipId}`;
}

/** An organisation's logo, relative to the portal's origin, named by its content's hash (public). */
export function organisationLogoPath(organisationId: number, sha256: string): string {
  return `${ADMIN_SERVICE_PREFIX}${ORGANISATION_LOGO_PATH}/${organisationId}/${sha256}`;
}

/** The portal's registration for a period, with the signed-link parameters when there are any. */
export function registrationUrl(base: string, periodId: number, signed: Record<string, string> | null): string {
  const query = signed ? `?${new URLSearchParams(signed).toString()}` : '';
  return `${base}/membership/register/${periodId}${query}`;
}

/** A UUID as the tokens are made (`gen_random_uuid()`); anything else is no token of ours. */
export function isToken(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
