/** An order's page in the admin portal: `/orders/<reference>`. */
export const orderPath = (reference: string): string => `/orders/${encodeURIComponent(reference)}`;

export function orderReferenceOf(pathname: string): string | null {
  const match = /^\/orders\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
