const BASE = 'http://gateway.invalid';

/**
 * `returnUrl` accepts same-site paths only: anything that would leave the site (absolute URLs,
 * protocol-relative `//host`, backslash tricks, other schemes) falls back to `/`.
 */
export function safeReturnPath(returnUrl: unknown): string {
  if (typeof returnUrl !== 'string' || returnUrl === '') return '/';
  if (!returnUrl.startsWith('/') || returnUrl.startsWith('//') || returnUrl.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(returnUrl)) return '/';
  try {
    const resolved = new URL(returnUrl, BASE);
    if (resolved.origin !== BASE) return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/';
  }
}
