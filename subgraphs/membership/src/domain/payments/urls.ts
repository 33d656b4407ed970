/** Appends query parameters to an absolute URL or to a path (which stays a path). */
export function withQuery(url: string, params: Record<string, string>): string {
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url);
  const parsed = new URL(url, 'http://relative.invalid');
  for (const [key, value] of Object.entries(params)) parsed.searchParams.set(key, value);
  return absolute ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * The contract's browser route the payer comes back to, `/membership/payment-return`, with the
 * order reference; the provider adds `status` and `transactionId`. On the portal's public origin
 * when configured, else a path on whatever origin the payer is on (the router's).
 */
export function paymentReturnUrl(portalUrl: string | null, reference: string): string {
  return withQuery(`${portalUrl ?? ''}/membership/payment-return`, { reference });
}
