import { ADMIN_SESSION_COOKIE } from '@ems/router/src/dev/stack';
import { HttpClient, type HttpResponse } from './client';
import { e2eContext } from './stackContext';

/**
 * The admin portal through HTTP, as a browser goes: the admin router (Host localhost, as its
 * OIDC_REDIRECT_URL says) and the demo OpenID provider, each with its own cookie jar. Redirects
 * are followed by hand, so each step can be looked at.
 */
export function adminBrowser(): HttpClient {
  const { urls, ports } = e2eContext();
  return new HttpClient(urls.adminRouter, `localhost:${ports.adminRouter}`);
}

export function adminSessionId(client: HttpClient): string | undefined {
  return client.cookies.get(ADMIN_SESSION_COOKIE);
}

/** The path and query of a redirect's Location, checked to point at `origin`. */
function location(res: HttpResponse, origin?: string): URL {
  const target = res.headers.location;
  if (res.status < 300 || res.status > 399 || !target) throw new Error(`expected a redirect, got ${res.status}: ${res.text.slice(0, 200)}`);
  const url = new URL(target, origin ?? 'http://relative.invalid');
  if (origin && url.origin !== new URL(origin).origin) throw new Error(`redirect to ${url.origin}, expected ${origin}`);
  return url;
}

export interface ProviderVisit {
  /** The callback URL the provider sent the browser back to (on the admin router). */
  callback: URL;
  provider: HttpClient;
}

/**
 * From `GET /auth/oidc/login` (with `returnTo` when given) to the provider's answer: the
 * authorization request, the demo provider's sign-in form, and back. Returns the callback URL
 * without calling it.
 */
export async function visitProvider(
  admin: HttpClient,
  username: string,
  password = e2eContext().secrets.demoIdpPassword,
  returnTo?: string,
): Promise<ProviderVisit> {
  const { urls } = e2eContext();
  const provider = new HttpClient(urls.idp);
  const start = await admin.get(returnTo === undefined ? '/auth/oidc/login' : `/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`);
  let next = location(start, urls.idp);
  let res = await provider.get(next.pathname + next.search);
  next = location(res, urls.idp);
  const form = await provider.get(next.pathname);
  if (form.status !== 200) throw new Error(`no sign-in form: ${form.status}`);
  res = await provider.post(next.pathname, {
    body: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.status === 401) throw new Error('the demo provider refused the password');
  next = location(res, urls.idp);
  res = await provider.get(next.pathname + next.search);
  const callback = new URL(res.headers.location ?? '');
  if (callback.pathname !== '/auth/oidc/callback') throw new Error(`expected the callback, got ${res.status} ${res.headers.location}`);
  return { callback, provider };
}

/** Completes the callback on the admin router; answers where the router sent the browser. */
export async function finishSignIn(admin: HttpClient, callback: URL): Promise<URL> {
  return location(await admin.get(callback.pathname + callback.search));
}

/** An admin-portal browser with an operator signed in (Olga by default). */
export async function signedInOperator(username = 'olga'): Promise<HttpClient> {
  const admin = adminBrowser();
  const { callback } = await visitProvider(admin, username);
  const landed = await finishSignIn(admin, callback);
  if (landed.search.includes('signIn=')) throw new Error(`sign-in failed: ${landed.search}`);
  return admin;
}
