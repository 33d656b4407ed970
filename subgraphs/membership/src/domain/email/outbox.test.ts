import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { createRegistrationOrder } from '../../registration';
import { seedClub, TODAY, type Club } from '../../testing/fixtures';
import { recordManualPayment } from '../payments/manual';
import { scopeForUser } from '../scope';
import { Outbox } from './outbox';
import { createMailTransport } from './transport';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives. */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    // Plain SMTP on localhost: no STARTTLS (its self-signed certificate), no AUTH.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable soft line breaks and escapes undone, so the test can search the text. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const silent = { warn: () => undefined, error: () => undefined };

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
    const outbox = new Outbox(knex, createMailTransport(smtp.url), { from: 'Club memberships <no-reply@example.org>', logger: silent });
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

  it('keeps e-mails queued while the server is unreachable, gives up after the last attempt, and sends queued ones on start', async () => {
    const club = await seedClub(knex);
    const order = await paidOrder(club);
    const unreachable = new Outbox(knex, createMailTransport('smtp://127.0.0.1:1'), {
      from: 'x@example.org',
      logger: silent,
      maxAttempts: 2,
    });
    await unreachable.flush();
    expect(await knex('membership.emails').where({ orderId: order.id }).first()).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.any(String),
    });

    const smtp = await startSmtpServer();
    const outbox = new Outbox(knex, createMailTransport(smtp.url), { from: 'x@example.org', logger: silent });
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
    const failing = new Outbox(knex, createMailTransport('smtp://127.0.0.1:1'), { from: 'x@example.org', logger: silent, maxAttempts: 2 });
    await failing.flush();
    await failing.flush();
    await failing.stop();
    expect(await knex('membership.emails').where({ orderId: other.id }).first()).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('without SMTP_URL builds the message and marks it sent (the local outbox)', async () => {
    const club = await seedClub(knex);
    const order = await paidOrder(club);
    const outbox = new Outbox(knex, createMailTransport(undefined), { from: 'x@example.org', logger: silent });
    await outbox.flush();
    await outbox.stop();
    expect(await knex('membership.emails').where({ orderId: order.id }).first()).toMatchObject({ status: 'sent' });
  });
});
