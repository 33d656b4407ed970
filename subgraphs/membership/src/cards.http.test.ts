import { hashApiKey, keyPrefix, type Knex } from '@ems/db';
import { signAccessToken } from '@ems/schema';
import type { RunningService } from '@ems/service-runtime';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import { loadEnv } from './env';
import { startMembershipService } from './server';
import { lifeClub, type LifeClub } from './testing/lifeFixtures';
import { readPdf } from './testing/pdfReader';

/**
 * The membership card and the reminders' unsubscribe link through the running service: the card
 * downloaded by its member (and by nobody else), its QR code decoded from the rendered PDF and
 * opened as an operator's phone would (the router forwards `/services/admin-service/**` here), and
 * the unsubscribe page with its button.
 */
const JWT_SECRET = 'j'.repeat(64);
const API_KEY = 'test-portal-api-key-0123456789abcdefgh';
const PORTAL = 'https://portal.example';
const ROUTER_PREFIX = `${PORTAL}/services/admin-service`;

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let service: RunningService;
let club: LifeClub;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  club = await lifeClub(knex);
  // The check takes the real date here: the period is moved around today.
  await knex('membership.membershipPeriods').where({ id: club.periodId }).update({ startsOn: '2000-01-01', endsOn: '2999-12-31' });
  await knex('membership.apiKeys').insert({ prefix: keyPrefix(API_KEY), keyHash: hashApiKey(API_KEY), portal: 'registration' });
  service = await startMembershipService(
    loadEnv({
      DATABASE_URL: db.url,
      JWT_SECRET,
      PAYMENT_WEBHOOK_SECRET: 'w'.repeat(40),
      MEMBERSHIP_PORT: '0',
      LOG_LEVEL: 'silent',
      MEMBER_LINKS_URL: PORTAL,
    }),
  );
});

afterAll(async () => {
  await service?.stop();
  await db.drop();
});

async function bearer(userKey: string): Promise<string> {
  const account = await knex('membership.accounts').where({ registrationSystemId: club.tenantId, externalUserId: userKey }).first();
  return signAccessToken(
    {
      userKey,
      authorities: ['ROLE_USER'],
      accountId: account.id,
      personId: account.personId,
      orgId: club.organisationId,
      registrationSystemId: club.tenantId,
    },
    JWT_SECRET,
    600,
  ).token;
}

async function membershipOf(personId: number) {
  return knex('membership.memberships').where({ personId, periodId: club.periodId }).first('id', 'membershipNumber', 'cardToken');
}

const download = async (membershipId: number, userKey: string | null) =>
  fetch(`${service.url}/api/membership/cards/${membershipId}`, {
    headers: { 'x-api-key': API_KEY, ...(userKey ? { authorization: `Bearer ${await bearer(userKey)}` } : {}) },
  });

/** A link of ours as the router would forward it to this service. */
const upstream = (url: string) => `${service.url}${url.slice(ROUTER_PREFIX.length)}`;

describe('membership card', () => {
  it('the member downloads the card; its QR code, read from the rendered PDF, opens the check that says valid and whose card it is', async () => {
    const finn = await membershipOf(club.family.child);
    const res = await download(finn.id, club.family.userKey);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="membership-card-${finn.membershipNumber}.pdf"`);
    const card = await readPdf(Buffer.from(await res.arrayBuffer()));
    expect(card.text).toContain('Finn');
    expect(card.text).toContain(finn.membershipNumber);
    expect(card.qr).toBe(`${ROUTER_PREFIX}/membership/card/verify?t=${finn.cardToken}`);

    // The operator's phone opens the link: a page, or JSON for a scanner app.
    const page = await fetch(upstream(card.qr!), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Valid membership card</h1>');
    expect(html).toContain(finn.membershipNumber);
    const json = await fetch(upstream(card.qr!), { headers: { accept: 'application/json' } });
    expect(await json.json()).toMatchObject({
      valid: true,
      card: {
        name: expect.stringContaining('Finn'),
        membershipNumber: finn.membershipNumber,
        period: 'Season 2026',
        organisation: 'Test Club',
      },
    });
  });

  it('nobody else downloads it: another member and an anonymous caller get no card', async () => {
    const finn = await membershipOf(club.family.child);
    const stranger = await download(finn.id, club.stranger.userKey);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: 'CARD_NOT_FOUND' });
    expect((await download(finn.id, null)).status).toBe(401);
    expect((await download(999999, club.family.userKey)).status).toBe(404);
  });

  it('the check refuses a forged, damaged or cancelled card, and names nobody for a code that is not ours', async () => {
    const check = async (t: string) =>
      (await fetch(`${service.url}/membership/card/verify?t=${encodeURIComponent(t)}`, { headers: { accept: 'application/json' } })).json();
    expect(await check('00000000-0000-4000-8000-000000000000')).toEqual({ valid: false, reason: 'UNKNOWN_CARD', card: null });
    expect(await check("'; drop table x; --")).toEqual({ valid: false, reason: 'UNKNOWN_CARD', card: null });
    const sam = await membershipOf(club.stranger.self);
    await knex('membership.memberships').where({ id: sam.id }).update({ status: 'cancelled', cancelledAt: knex.fn.now() });
    expect(await check(sam.cardToken)).toMatchObject({
      valid: false,
      reason: 'CANCELLED',
      card: { membershipNumber: sam.membershipNumber },
    });
    // A cancelled membership has no card to download either.
    expect((await download(sam.id, club.stranger.userKey)).status).toBe(404);
  });
});

describe('unsubscribe link of reminders', () => {
  it('GET asks (changes nothing), the button POSTs and turns the reminders off; an unknown link says so', async () => {
    const [preference] = await knex('membership.reminderPreferences').insert({ personId: club.family.self }).returning('token');
    const url = `${service.url}/membership/reminders/unsubscribe?t=${(preference as { token: string }).token}`;
    const asked = await fetch(url);
    expect(asked.status).toBe(200);
    const form = await asked.text();
    expect(form).toContain('<h1>Turn off reminders?</h1>');
    expect(form).toContain('<form method="post"><button type="submit">Turn off reminders</button></form>');
    expect(await knex('membership.reminderPreferences').where({ personId: club.family.self }).first()).toMatchObject({
      unsubscribedAt: null,
    });

    // The page's button, or a mail client's one-click POST (RFC 8058).
    const done = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<h1>Reminders turned off</h1>');
    expect(await knex('membership.reminderPreferences').where({ personId: club.family.self }).first()).toMatchObject({
      unsubscribedAt: expect.any(Date),
    });

    const unknown = await fetch(`${service.url}/membership/reminders/unsubscribe?t=nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<h1>Link not valid</h1>');
  });
});
