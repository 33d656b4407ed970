import { signHmacLink, signMd5Link } from '@ems/router/src/dev/customerSite';
import { HttpClient, rememberSecret } from './client';
import { e2eContext } from './stackContext';

export { signHmacLink, signMd5Link };

/** A browser-like client of the router (tenant 1 by default, via Host localhost). */
export function browser(host = 'localhost'): HttpClient {
  return new HttpClient(e2eContext().urls.router, `${host}:${e2eContext().ports.router}`);
}

/** Signs `client` in through POST /api/auth/external-login with a valid md5 link of tenant 1. */
export async function signIn(client: HttpClient, userKey = 'anna.berg'): Promise<HttpClient> {
  const link = signMd5Link(e2eContext().secrets.customerSecret, userKey);
  const res = await client.post('/api/auth/external-login', { json: { userKey: link.u, userHash: link.h } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return client;
}

/** A browser of the e2e router, signed in (see signIn). */
export function signedInBrowser(userKey = 'anna.berg'): Promise<HttpClient> {
  return signIn(browser(), userKey);
}

/** A token straight from the admin service (as a partner system would get one), noted as secret. */
export async function exchangeToken(userKey = 'anna.berg'): Promise<{ token: string; expiresIn: number; expiresAt: string }> {
  const { urls, secrets } = e2eContext();
  const res = await fetch(`${urls.membership}/api/auth/exchange`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${secrets.portalApiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userKey }),
  });
  if (res.status !== 200) throw new Error(`exchange failed: ${res.status}`);
  const body = (await res.json()) as { token: string; expiresIn: number; expiresAt: string };
  rememberSecret(body.token);
  return body;
}
