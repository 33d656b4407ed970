import { createHash } from 'node:crypto';
import type { TenantPublicIdentity as PublicIdentity } from '@ems/schema';
import { DEMO_CLUB_PAGES, DEMO_HMAC_PERIOD_ID, DEMO_PERIOD_ID } from '@ems/membership/demo';
import { browser, signedInBrowser } from '../support/demo';
import { e2eContext } from '../support/stackContext';

/**
 * Issue 23: the member portal names the club before sign-in too. `GET /api/tenant` answers the
 * host's registration system's public identity (names, logos, published contact, the period asked
 * about), and a club's logo is public through the router at an address naming its content.
 */
const ctx = e2eContext();

describe("GET /api/tenant: the host's public identity, without a session", () => {
  it("names the host's registration system, its clubs with logo and contact, and the period asked about", async () => {
    const res = await browser().get(`/api/tenant?periodId=${DEMO_PERIOD_ID}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['set-cookie']).toBeUndefined();
    const identity = res.json<PublicIdentity>();
    expect(identity.registrationSystem).toEqual({ name: 'Demo Club Network' });
    const riverside = identity.organisations.find((o) => o.name === 'Riverside Athletics Club');
    expect(riverside).toEqual({
      id: expect.any(Number),
      name: 'Riverside Athletics Club',
      logoUrl: expect.stringMatching(/^\/services\/admin-service\/organisation-logos\/\d+\/[0-9a-f]{64}$/),
      contactEmail: DEMO_CLUB_PAGES['riverside-ac']!.contactEmail,
      contactPhone: DEMO_CLUB_PAGES['riverside-ac']!.contactPhone,
      websiteUrl: DEMO_CLUB_PAGES['riverside-ac']!.websiteUrl,
    });
    // The tenant's clubs (other tests of the shared stack add clubs to tenant 1), never another tenant's.
    const names = identity.organisations.map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(['Lakeside Swimming Club', 'Riverside Athletics Club']));
    expect(names).not.toContain('Hillside Cycling Club');
    expect(identity.period).toEqual({ id: DEMO_PERIOD_ID, name: expect.stringMatching(/^Season /), organisationId: riverside!.id });
  });

  it('only public fields: no ids of keys, secrets, slugs or settings', async () => {
    const identity = (await browser().get('/api/tenant')).json<PublicIdentity>();
    expect(Object.keys(identity).sort()).toEqual(['organisations', 'period', 'registrationSystem']);
    expect(identity.period).toBeNull();
    for (const o of identity.organisations) {
      expect(Object.keys(o).sort()).toEqual(['contactEmail', 'contactPhone', 'id', 'logoUrl', 'name', 'websiteUrl']);
    }
  });

  it("another host is another tenant: its own club, and another tenant's period is not named", async () => {
    const identity = (await browser('hmac.localhost').get(`/api/tenant?periodId=${DEMO_PERIOD_ID}`)).json<PublicIdentity>();
    expect(identity.registrationSystem.name).toBe('Demo Club Network (HMAC links)');
    expect(identity.organisations.map((o) => o.name)).toEqual(['Hillside Cycling Club']);
    expect(identity.period).toBeNull();
    const own = (await browser('hmac.localhost').get(`/api/tenant?periodId=${DEMO_HMAC_PERIOD_ID}`)).json<PublicIdentity>();
    expect(own.period).toMatchObject({ id: DEMO_HMAC_PERIOD_ID, organisationId: own.organisations[0]!.id });
  });

  it('an unknown host is a 404 in the contract shape; a malformed period id a 400', async () => {
    const unknown = await browser('unknown.example').get('/api/tenant');
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'Not Found',
      message: "No registration system is configured for host 'unknown.example'",
      code: 'UNKNOWN_TENANT',
    });
    // A host name longer than DNS allows names no tenant either (the admin service refuses it as input: not an outage).
    const tooLong = await browser(`${'x'.repeat(300)}.example`).get('/api/tenant');
    expect(tooLong.status).toBe(404);
    expect(tooLong.json()).toMatchObject({ code: 'UNKNOWN_TENANT' });
    const malformed = await browser().get('/api/tenant?periodId=abc');
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'Bad Request', code: 'INVALID_INPUT' });
  });
});

describe("a club's logo through the router", () => {
  async function riversideLogoUrl(): Promise<string> {
    const identity = (await browser().get('/api/tenant')).json<PublicIdentity>();
    return identity.organisations.find((o) => o.name === 'Riverside Athletics Club')!.logoUrl!;
  }

  it('is public, the image named by its hash, cached for good, with its type and nosniff', async () => {
    const logoUrl = await riversideLogoUrl();
    const res = await fetch(`${ctx.urls.router}${logoUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('set-cookie')).toBeNull();
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(logoUrl.split('/').pop());
  });

  it('an address that is not a current logo is a 404 in the contract shape', async () => {
    const logoUrl = await riversideLogoUrl();
    const stale = logoUrl.replace(/[0-9a-f]{64}$/, '0'.repeat(64));
    const res = await fetch(`${ctx.urls.router}${stale}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not Found', message: 'No such logo.', code: 'LOGO_NOT_FOUND' });
  });

  it('a signed-in browser gets both without its session cookie renewed (a shared cache must not keep a Set-Cookie)', async () => {
    const member = await signedInBrowser();
    const logoUrl = await riversideLogoUrl();
    for (const path of ['/api/tenant', logoUrl]) {
      const res = await member.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^public, /);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The session itself is untouched: the member is still signed in.
    expect((await member.graphql('{ viewer { userKey } }')).body).toMatchObject({ data: { viewer: { userKey: 'anna.berg' } } });
  });

  it("the tenant's identity is the gateway's own read: the browser cannot reach it behind the proxy", async () => {
    const res = await browser().get('/services/admin-service/auth/tenants/1/public-identity');
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NO_ROUTE' });
  });
});
