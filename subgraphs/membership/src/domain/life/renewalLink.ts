import type { TenantAuthSettings } from '../../data/tenants';
import { registrationUrl } from '../memberLinks';
import { md5UserHash } from '../userHash';

/**
 * The link to next period's registration for the recipient's account. With the md5 scheme it is
 * the signed link a customer website would send (`?u=&h=`, no expiry), so it signs the member in.
 * An hmac-sha256 link carries a time stamp valid for minutes and a nonce accepted once: useless in
 * an e-mail read days later, so such tenants get the plain address and the member signs in through
 * the club's website. Always for the account the message goes to, never another's.
 */
export function renewalLink(
  base: string,
  periodId: number,
  tenant: Pick<TenantAuthSettings, 'hashScheme' | 'secrets'> | null,
  userKey: string,
): { url: string; signed: boolean } {
  const secret = tenant?.hashScheme === 'md5' ? tenant.secrets[0] : undefined;
  if (!secret) return { url: registrationUrl(base, periodId, null), signed: false };
  return { url: registrationUrl(base, periodId, { u: userKey, h: md5UserHash(secret, userKey) }), signed: true };
}
