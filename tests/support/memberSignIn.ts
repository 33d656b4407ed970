import type { Knex } from '@ems/db';
import { DEMO_MEMBER_OIDC, DEMO_TENANTS } from '@ems/membership/demo';
import { HttpClient, type HttpResponse } from './client';
import { e2eContext } from './stackContext';

/**
 * Contract rule 12 through HTTP: the member portal of the demo tenant whose members sign in at
 * the demo OpenID provider (Hillside, `hmac.localhost`), with each party's own cookie jar and the
 * redirects followed by hand.
 */
export const MEMBER_OIDC_HOST = DEMO_TENANTS.find((t) => t.id === DEMO_MEMBER_OIDC.registrationSystemId)!.hosts[0];

/**
 * Makes the demo provider of this e2e stack Hillside's member provider, as `npm start`'s seed
 * does (the e2e database is seeded before the stack's ports are known). The routers learn it
 * within their settings cache; the tests configure it before any of them asks.
 */
export async function configureMemberOidc(knex: Knex): Promise<void> {
  const { urls, secrets } = e2eContext();
  await knex('membership.tenantMemberOidc')
    .insert({
      registrationSystemId: DEMO_MEMBER_OIDC.registrationSystemId,
      issuerUrl: urls.idp,
      clientId: DEMO_MEMBER_OIDC.clientId,
      clientSecret: secrets.memberOidcClientSecret,
      displayName: DEMO_MEMBER_OIDC.displayName,
    })
    .onConflict('registrationSystemId')
    .merge();
}

/** A member's browser on Hillside's portal. */
export function memberOidcBrowser(): HttpClient {
  const { urls, ports } = e2eContext();
  return new HttpClient(urls.router, `${MEMBER_OIDC_HOST}:${ports.router}`);
}

function location(res: HttpResponse, origin?: string): URL {
  const target = res.headers.location;
  if (res.status < 300 || res.status > 399 || !target) throw new Error(`expected a redirect, got ${res.status}: ${res.text.slice(0, 200)}`);
  const url = new URL(target, origin ?? 'http://relative.invalid');
  if (origin && url.origin !== new URL(origin).origin) throw new Error(`redirect to ${url.origin}, expected ${origin}`);
  return url;
}

/**
 * From `GET /api/auth/oidc/login` to the provider's answer: the authorization request, the demo
 * provider's sign-in form, and back. Returns the callback URL (on the member portal) uncalled.
 */
export async function visitMemberProvider(member: HttpClient, username: string, returnTo: string): Promise<URL> {
  const { urls, secrets } = e2eContext();
  const provider = new HttpClient(urls.idp);
  let next = location(await member.get(`/api/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`), urls.idp);
  next = location(await provider.get(next.pathname + next.search), urls.idp);
  if ((await provider.get(next.pathname)).status !== 200) throw new Error('no sign-in form');
  const res = await provider.post(next.pathname, {
    body: new URLSearchParams({ username, password: secrets.demoIdpPassword }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  next = location(res, urls.idp);
  const callback = new URL((await provider.get(next.pathname + next.search)).headers.location ?? '');
  if (callback.pathname !== '/api/auth/oidc/callback') throw new Error(`expected the member callback, got ${callback.href}`);
  return callback;
}

/** Completes the callback; answers where the portal sent the browser. */
export async function finishMemberSignIn(member: HttpClient, callback: URL): Promise<URL> {
  return location(await member.get(callback.pathname + callback.search));
}
