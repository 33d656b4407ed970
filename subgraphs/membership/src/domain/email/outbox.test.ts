import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { createRegistrationOrder } from '../../registration';
import { seedClub, TODAY, type Club } from '../../testing/fixtures';
import { recordManualPayment } from '../payments/manual';
import { scopeForUser } from '../scope';
import { checkMembershipCard } from '../cards/cards';
import { membershipCardAttachments } from '../cards/cardAttachments';
import { cardVerifyUrl } from '../memberLinks';
import { readPdf } from '../../testing/pdfReader';
import { Outbox } from './outbox';
import { createMailTransport } from './transport';
import { decodedQuotedPrintable as decoded, startSmtpServer } from '../../testing/smtpServer';

const silent = { warn: () => undefined, error: () => undefined };
const PORTAL = 'https://portal.example';
/** The membership cards the confirmation carries, as the services render them. */
const attachments = membershipCardAttachments(PORTAL);

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});

afterAll(async () => {
  await db.drop();
});

/** An order paid by the operator: activation queues its confirmation in the same transaction. */
async function paidOrder(club: Club): Promise<{ id: number; reference: string }> {
  const created = await knex.transaction((trx) =>
    createRegistrationOrder(trx, {
      accountId: club.family.accountId,
      periodId: club.periodId,
      today: TODAY,
      persons: [club.family.self, club.family.child].map((personId, i) => ({
        personId,
        membershipTypeCode: i === 0 ? 'individual' : 'junior',
        options: [],
      })),
    }),
  );
  if (!created.ok) throw new Error(created.message);
  const operator = await scopeForUser(knex, { registrationSystemId: club.tenantId, userKey: club.operator.userKey } as AccessTokenClaims);
  if (!operator) throw new Error('no operator');
  const paid = await recordManualPayment(
    knex,
    operator,
    { orderReference: created.order.reference, amountMinor: created.order.totalMinor },
    { portalUrl: 'https://portal.example' },
  );
  if (!paid.ok) throw new Error(paid.message);
  return created.order;
}

describe('the e-mail outbox', () => {
  it('delivers the confirmation (persons and membership numbers) to a real SMTP server and marks it sent', async () => {
    const smtp = await startSmtpServer();
    const club = await seedClub(knex);
    const order = await paidOrder(club);
    const outbox = new Outbox(knex, createMailTransport(smtp.url), {
      from: 'Club memberships <no-reply@example.org>',
      logger: silent,
      attachments,
    });
    try {
      expect(await outbox.flush()).toBeGreaterThanOrEqual(1);
      const numbers = (await knex('membership.memberships').where({ orderId: order.id }).orderBy('id').select('membershipNumber')).map(
        (m: { membershipNumber: string }) => m.membershipNumber,
      );
      const mail = smtp.received.find((m) => m.raw.includes(order.reference));
      expect(mail).toBeDefined();
      expect(mail?.from).toBe('no-reply@example.org');
      const account = await knex('membership.accounts').where({ id: club.family.accountId }).first();
      expect(mail?.to).toEqual([account.email]);
      const text = decoded(mail?.raw ?? '');
      expect(text).toContain(`Subject: Test Club: membership confirmed (${order.reference})`);
      for (const number of numbers) expect(text).toContain(number);
      expect(text).toContain('Fiona');
      expect(text).toContain('Finn');
      expect(text).toContain('Your registrations: https://portal.example');
      expect(await knex('membership.emails').where({ orderId: order.id }).first()).toMatchObject({
        status: 'sent',
        attempts: 1,
        sentAt: expect.any(Date),
      });
    } finally {
      await outbox.stop();
      await smtp.close();
    }
  });

  it("attaches each member's card: a PDF naming member, number, period and club, whose QR code the system verifies", async () => {
    const smtp = await startSmtpServer();
    const club = await seedClub(knex);
    const order = await paidOrder(club);
    const outbox = new Outbox(knex, createMailTransport(smtp.url), { from: 'x@example.org', logger: silent, attachments });
    try {
      await outbox.flush();
      const mail = smtp.received.find((m) => m.parsed.subject?.includes(order.reference));
      const memberships: Array<{ id: number; membershipNumber: string; cardToken: string; personId: number }> = await knex(
        'membership.memberships',
      )
        .where({ orderId: order.id })
        .orderBy('id')
        .select('id', 'membershipNumber', 'cardToken', 'personId');
      const pdfs = mail?.parsed.attachments.filter((a) => a.contentType === 'application/pdf') ?? [];
      expect(pdfs.map((a) => a.filename)).toEqual(memberships.map((m) => `membership-card-${m.membershipNumber}.pdf`));

      const [fiona] = memberships;
      const card = await readPdf(pdfs[0]!.content);
      expect(card.pages).toBe(1);
      for (const shown of ['Fiona', fiona!.membershipNumber, 'Individual, Season 2026', 'Test Club', '31 December 2026']) {
        expect(card.text).toContain(shown);
      }
      // The QR code, as a phone's camera reads it from the rendered page, is the card's check link.
      expect(card.qr).toBe(cardVerifyUrl(PORTAL, fiona!.cardToken));
      const token = new URL(card.qr!).searchParams.get('t');
      expect(await checkMembershipCard(knex, token, TODAY)).toMatchObject({
        valid: true,
        card: { name: expect.stringContaining('Fiona'), membershipNumber: fiona!.membershipNumber, period: 'Season 2026' },
      });
      // The other card's code is the other member's.
      expect((await readPdf(pdfs[1]!.content)).qr).toBe(cardVerifyUrl(PORTAL, memberships[1]!.cardToken));
    } finally {
      await outbox.stop();
      await smtp.close();
    }
  });

  it('keeps e-mails queued while the server is unreachable, gives up after the last attempt, and sends queued ones on start', async () => {
    const club = await seedClub(knex);
    const order = await paidOrder(club);
    const unreachable = new Outbox(knex, createMailTransport('smtp://127.0.0.1:1'), {
      from: 'x@example.org',
      logger: silent,
      maxAttempts: 2,
      attachments,
    });
    await unreachable.flush();
    expect(await knex('membership.emails').where({ orderId: order.id }).first()).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.any(String),
    });

    const smtp = await startSmtpServer();
    const outbox = new Outbox(knex, createMailTransport(smtp.url), { from: 'x@example.org', logger: silent, attachments });
    try {
      outbox.start();
      await outbox.idle();
      expect(await knex('membership.emails').where({ orderId: order.id }).first()).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.received.some((m) => m.raw.includes(order.reference))).toBe(true);
    } finally {
      await outbox.stop();
      await smtp.close();
      await unreachable.stop();
    }

    const other = await paidOrder(await seedClub(knex));
    const failing = new Outbox(knex, createMailTransport('smtp://127.0.0.1:1'), {
      from: 'x@example.org',
      logger: silent,
      maxAttempts: 2,
      attachments,
    });
    await failing.flush();
    await failing.flush();
    await failing.stop();
    expect(await knex('membership.emails').where({ orderId: other.id }).first()).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('without SMTP_URL builds the message and marks it sent (the local outbox)', async () => {
    const club = await seedClub(knex);
    const order = await paidOrder(club);
    const outbox = new Outbox(knex, createMailTransport(undefined), { from: 'x@example.org', logger: silent, attachments });
    await outbox.flush();
    await outbox.stop();
    expect(await knex('membership.emails').where({ orderId: order.id }).first()).toMatchObject({ status: 'sent' });
  });
});
