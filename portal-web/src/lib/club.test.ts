import type { TenantPublicIdentity } from '@ems/schema';
import { clubViewOfIdentity, fetchPublicClub } from './club';

const riverside = {
  id: 1,
  name: 'Riverside Athletics Club',
  logoUrl: '/services/admin-service/organisation-logos/1/aa',
  contactEmail: 'office@riverside.example',
  contactPhone: '+44 1',
  websiteUrl: 'https://riverside.example/',
};
const lakeside = { id: 2, name: 'Lakeside Swimming Club', logoUrl: null, contactEmail: null, contactPhone: null, websiteUrl: null };
const identity = (over: Partial<TenantPublicIdentity>): TenantPublicIdentity => ({
  registrationSystem: { name: 'Demo Club Network' },
  organisations: [lakeside, riverside],
  period: null,
  ...over,
});

describe('the club a page before sign-in names', () => {
  it("is the period's club, with the period's name", () => {
    expect(clubViewOfIdentity(identity({ period: { id: 7, name: 'Season 2026/27', organisationId: 1 } }))).toEqual({
      name: 'Riverside Athletics Club',
      periodName: 'Season 2026/27',
      logoUrl: riverside.logoUrl,
      contactEmail: riverside.contactEmail,
      contactPhone: riverside.contactPhone,
      websiteUrl: riverside.websiteUrl,
    });
  });

  it("is the registration system's only club when no period is known", () => {
    expect(clubViewOfIdentity(identity({ organisations: [riverside] }))).toMatchObject({
      name: 'Riverside Athletics Club',
      periodName: null,
    });
  });

  it('is the registration system alone, with no contact, when several clubs cannot be told apart', () => {
    expect(clubViewOfIdentity(identity({}))).toEqual({
      name: 'Demo Club Network',
      periodName: null,
      logoUrl: null,
      contactEmail: null,
      contactPhone: null,
      websiteUrl: null,
    });
  });
});

describe('fetchPublicClub', () => {
  it('asks the router for the period and sends no cookie', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify(identity({ period: { id: 41, name: 'S', organisationId: 2 } })), { status: 200 });
    }) as typeof fetch;
    expect(await fetchPublicClub(41, fetcher)).toMatchObject({ name: 'Lakeside Swimming Club', periodName: 'S' });
    expect(calls).toEqual([['/api/tenant?periodId=41', { credentials: 'omit', headers: { accept: 'application/json' } }]]);
  });

  it('is null when the host is unknown or the router cannot be reached', async () => {
    const notFound = (async () => new Response('{}', { status: 404 })) as unknown as typeof fetch;
    expect(await fetchPublicClub(42, notFound)).toBeNull();
    const down = (async () => {
      throw new TypeError('network');
    }) as unknown as typeof fetch;
    expect(await fetchPublicClub(43, down)).toBeNull();
  });
});
