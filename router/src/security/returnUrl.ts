const BASE = 'http://gateway.invalid';

/**
 * Where a sign-in may send the browser: a same-site path only, else `/` (the sign-in does not
 * fail). Every sign-in redirect goes through here, the admin OIDC callback, the member OIDC
 * callback and the signed-link sign-in alike.
 *
 * The check is made on the output, after the URL parser has normalised it, because normalising
 * can make a path into something else: `/.//evil.example`, `/..//x` and `/%2e//x` are paths, but
 * their dot segments are removed and what remains, `//evil.example`, is a protocol-relative URL
 * that the browser resolves to another host. What comes out must be a path that resolves to
 * itself on this site.
 */
export function safeReturnPath(returnUrl: unknown): string {
  if (typeof returnUrl !== 'string' || !returnUrl.startsWith('/')) return '/';
  // Tabs and newlines are dropped by the URL parser (`/\t/evil` becomes `//evil`): refused outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(returnUrl)) return '/';
  const path = normalisedPath(returnUrl);
  return path !== null && isSameSitePath(path) ? path : '/';
}

/** Path, query and fragment as the URL parser normalises them, or null when it leaves the site. */
function normalisedPath(value: string): string | null {
  try {
    const resolved = new URL(value, BASE);
    if (resolved.origin !== BASE) return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}

/**
 * A path the browser resolves on this site, unchanged: one leading slash (not `//` or `/\`,
 * which browsers read as another host) and a fixed point of normalisation.
 */
function isSameSitePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  return normalisedPath(path) === path;
}
