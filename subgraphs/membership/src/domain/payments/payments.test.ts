import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { until } from '../../../../../tests/support/until';
import { lastMembershipSequenceValue } from '../../data/membershipNumbers';
import * as orders from '../../data/orders';
import { seedClub, EARLY_DAY, TODAY, type Club } from '../../testing/fixtures';
import { cancelUnpaidOrder, createRegistrationOrder, type RegistrationOrderInput } from '../../registration';
import { scopeForUser, type DataScope } from '../scope';
import { BuiltinPaymentProvider, BUILTIN_SIGNATURE_HEADER } from './builtinProvider';
import { confirmPayment } from './confirm';
import { recordManualPayment } from './manual';
import { paymentReturn } from './paymentReturn';
import type { PaymentProvider, ProviderPaymentState, WebhookRequest } from './provider';
import { signPayload } from './signature';
import { startOrderPayment, type PayLink } from './startPayment';
import { handlePaymentWebhook } from './webhook';

const SECRET = 'test-webhook-secret-0123456789abcdef';
const SETTINGS = { portalUrl: null };

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});

const providers: BuiltinPaymentProvider[] = [];

afterAll(async () => {
  // Their background deliveries end before the database goes.
  await Promise.all(providers.map((p) => p.stop()));
  await db.drop();
});

/**
 * The built-in provider with its webhooks caught instead of posted, so a test decides when they
 * arrive. `failFirst` deliveries throw (the endpoint answered 500), and are retried within ms.
 */
function builtin(options: { failFirst?: number; retryDelaysMs?: number[] } = {}) {
  const delivered: WebhookRequest[] = [];
  const warnings: unknown[] = [];
  let failures = options.failFirst ?? 0;
  const provider = new BuiltinPaymentProvider({
    db: knex,
    webhookSecret: SECRET,
    deliverWebhook: async (body, signature) => {
      delivered.push(webhookRequest(body, signature));
      if (failures-- > 0) throw new Error('webhook endpoint answered 500');
    },
    retryDelaysMs: options.retryDelaysMs ?? [10, 10, 10],
    logger: { warn: (fields: unknown) => void warnings.push(fields) },
  });
  providers.push(provider);
  /** The first `count` webhooks, once they have been sent (in the background, after the decision). */
  const webhooks = async (count: number): Promise<WebhookRequest[]> => {
    await until(`${count} webhooks`, async () => delivered.length >= count);
    return delivered.slice(0, count);
  };
  return { provider, delivered, webhooks, warnings };
}

const checkoutRow = (id: string) => knex('membership.builtinCheckouts').where({ id }).first();

function webhookRequest(body: string, signature: string | undefined): WebhookRequest {
  return { rawBody: Buffer.from(body), header: (name) => (name.toLowerCase() === BUILTIN_SIGNATURE_HEADER ? signature : undefined) };
}

async function scopeOf(club: Club, userKey: string): Promise<DataScope> {
  const scope = await scopeForUser(knex, { registrationSystemId: club.tenantId, userKey } as AccessTokenClaims);
  if (!scope) throw new Error(`no scope for ${userKey}`);
  return scope;
}

async function order(club: Club, persons: number[], options: { today?: string; accountId?: number } = {}) {
  const input: RegistrationOrderInput = {
    accountId: options.accountId ?? club.family.accountId,
    periodId: club.periodId,
    today: options.today ?? TODAY,
    persons: persons.map((personId) => ({ personId, membershipTypeCode: 'individual', options: [] })),
  };
  const result = await knex.transaction((trx) => createRegistrationOrder(trx, input));
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

/** The pay link's reference and capability, as the order's paymentUrl carries them. */
function linkOf(o: { paymentUrl: string }): PayLink {
  const url = new URL(o.paymentUrl, 'http://portal.invalid');
  return { reference: decodeURIComponent(url.pathname.split('/').at(-2) ?? ''), token: url.searchParams.get('token') };
}

async function startPayment(provider: PaymentProvider, o: { paymentUrl: string }, today = TODAY) {
  const started = await startOrderPayment(knex, provider, linkOf(o), { today, portalUrl: null });
  if (!started.ok) throw new Error(`payment not started: ${started.code}`);
  const payment = await knex('membership.payments').where({ provider: provider.name }).orderBy('id', 'desc').first();
  return { ...started, providerPaymentId: payment.providerPaymentId as string };
}

/** A club, the built-in provider and the family member's one-person order with a payment started. */
async function familyPaymentStarted() {
  const club = await seedClub(knex);
  const started = builtin();
  const o = await order(club, [club.family.self]);
  const { providerPaymentId } = await startPayment(started.provider, o);
  return { club, ...started, o, providerPaymentId };
}

/** The family member's payment-return page for an order (`transactionId`: the attempt the provider names). */
async function familyReturnPage(club: Club, provider: PaymentProvider, reference: string, transactionId?: string) {
  const scope = await scopeOf(club, club.family.userKey);
  return paymentReturn(knex, () => provider, scope, { reference, transactionId }, SETTINGS);
}

const orderRow = (id: number) => knex('membership.orders').where({ id }).first();
const memberships = (orderId: number) => knex('membership.memberships').where({ orderId }).orderBy('id');
const emailsOf = (orderId: number) => knex('membership.emails').where({ orderId });

describe('confirmPayment', () => {
  it('is idempotent: confirming twice activates once, with one number per membership and one e-mail', async () => {
    const club = await seedClub(knex);
    const { provider } = builtin();
    const o = await order(club, [club.family.self, club.family.partner]);
    const { providerPaymentId } = await startPayment(provider, o);
    await provider.decide(providerPaymentId, 'pay');

    const first = await confirmPayment(knex, provider, providerPaymentId, SETTINGS);
    const second = await confirmPayment(knex, provider, providerPaymentId, SETTINGS);
    expect(first).toMatchObject({
      ok: true,
      paymentStatus: 'succeeded',
      orderStatus: 'paid',
      changed: true,
      activated: true,
    });
    expect(second).toMatchObject({
      ok: true,
      paymentStatus: 'succeeded',
      orderStatus: 'paid',
      changed: false,
      activated: false,
    });

    expect(await orderRow(o.id)).toMatchObject({ status: 'paid', paidMinor: o.totalMinor, paidAt: expect.any(Date) });
    const slug = (await knex('membership.organisations').where({ id: club.organisationId }).first()).slug.toUpperCase();
    expect((await memberships(o.id)).map((m) => [m.status, m.membershipNumber])).toEqual([
      ['active', `${slug}-2026-00001`],
      ['active', `${slug}-2026-00002`],
    ]);
    const emails = await emailsOf(o.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'membership_confirmation', status: 'queued', toAddress: expect.stringMatching(/^fiona/) });
    expect(emails[0].textBody).toContain(`${slug}-2026-00001`);
    expect(emails[0].textBody).toContain(`${slug}-2026-00002`);
    expect(emails[0].textBody).toContain(o.reference);
    // Each member by name and membership type.
    const names = await knex('membership.persons').whereIn('id', [club.family.self, club.family.partner]).orderBy('id');
    for (const p of names) expect(emails[0].textBody).toContain(`${p.firstName} ${p.lastName}`);
    expect(emails[0].textBody).toContain('Individual');
  });

  it('shows the order as the return page’s own settlement leaves it, before any webhook', async () => {
    const { club, provider, o, providerPaymentId } = await familyPaymentStarted();
    await provider.decide(providerPaymentId, 'pay');

    const returned = await familyReturnPage(club, provider, o.reference, providerPaymentId);
    expect(returned).toMatchObject({
      paymentStatus: 'SUCCEEDED',
      order: { id: o.id, status: 'paid', paidMinor: o.totalMinor, paidAt: expect.any(Date) },
      periodId: club.periodId,
    });
    expect(returned?.order).toEqual(await orders.orderById(knex, o.id));
    // Shown again (a reload): the attempt is decided, nothing is confirmed twice.
    expect(await familyReturnPage(club, provider, o.reference)).toMatchObject({
      paymentStatus: 'SUCCEEDED',
      order: { status: 'paid' },
    });
    expect(await emailsOf(o.id)).toHaveLength(1);
  });

  it('activates once when the webhook and the return page confirm at the same time', async () => {
    const { club, provider, webhooks, o, providerPaymentId } = await familyPaymentStarted();
    await provider.decide(providerPaymentId, 'pay');
    const [webhook] = await webhooks(1);
    if (!webhook) throw new Error('no webhook');
    const scope = await scopeOf(club, club.family.userKey);

    const [viaWebhook, viaReturn] = await Promise.all([
      handlePaymentWebhook(knex, provider, webhook, SETTINGS),
      paymentReturn(knex, () => provider, scope, { reference: o.reference, transactionId: providerPaymentId }, SETTINGS),
    ]);
    expect(viaWebhook.ok).toBe(true);
    expect(viaReturn?.paymentStatus).toBe('SUCCEEDED');
    expect(viaReturn?.order.status).toBe('paid');
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid', paidMinor: o.totalMinor });
    expect((await memberships(o.id)).map((m) => m.status)).toEqual(['active']);
    expect(await emailsOf(o.id)).toHaveLength(1);
    expect(await knex('membership.payments').where({ orderId: o.id, status: 'succeeded' })).toHaveLength(1);
  });

  it('gives concurrent activations of two orders distinct numbers, all handed out', async () => {
    const club = await seedClub(knex);
    const { provider } = builtin();
    const a = await order(club, [club.family.self, club.family.partner]);
    const b = await order(club, [club.stranger.self], { accountId: club.stranger.accountId });
    const pa = await startPayment(provider, a);
    const pb = await startPayment(provider, b);
    await provider.decide(pa.providerPaymentId, 'pay');
    await provider.decide(pb.providerPaymentId, 'pay');

    await Promise.all([
      confirmPayment(knex, provider, pa.providerPaymentId, SETTINGS),
      confirmPayment(knex, provider, pb.providerPaymentId, SETTINGS),
    ]);
    const rows: Array<{ membershipNumber: string }> = await knex('membership.memberships')
      .whereIn('orderId', [a.id, b.id])
      .select('membershipNumber');
    const sequences = rows.map((r) => Number(r.membershipNumber.split('-').pop())).sort();
    expect(sequences).toEqual([1, 2, 3]);
    expect(await lastMembershipSequenceValue(knex, club.organisationId)).toBe(3);
  });

  it('settles once when PostgreSQL picks the settlement to break a deadlock: it runs again', async () => {
    const { provider, o, providerPaymentId } = await familyPaymentStarted();
    await provider.decide(providerPaymentId, 'pay');
    const original = orders.recordOrderPayment;
    const credit = jest.spyOn(orders, 'recordOrderPayment').mockImplementationOnce(async (db, ...rest) => {
      const credited = await original(db, ...rest);
      // What PostgreSQL answers the transaction it picks to break a deadlock with.
      await db.raw(`DO $$ BEGIN RAISE EXCEPTION USING ERRCODE = '40P01', MESSAGE = 'deadlock detected'; END $$`);
      return credited;
    });
    try {
      expect(await confirmPayment(knex, provider, providerPaymentId, SETTINGS)).toMatchObject({
        ok: true,
        paymentStatus: 'succeeded',
        activated: true,
      });
      expect(credit).toHaveBeenCalledTimes(2);
    } finally {
      credit.mockRestore();
    }
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid', paidMinor: o.totalMinor });
    expect((await memberships(o.id)).map((m) => m.status)).toEqual(['active']);
    expect(await emailsOf(o.id)).toHaveLength(1);
    expect(await knex('membership.payments').where({ orderId: o.id, status: 'succeeded' })).toHaveLength(1);
  });

  it('activates nothing on a forged success: the provider has not taken the money', async () => {
    const { club, provider, o, providerPaymentId } = await familyPaymentStarted();

    // The return page "says" success (its status is never read), and a correctly signed event
    // arrives for the open checkout: the provider still says pending.
    const returned = await familyReturnPage(club, provider, o.reference, providerPaymentId);
    const body = JSON.stringify({ eventId: 'forged-1', type: 'checkout.decided', checkoutId: providerPaymentId, status: 'paid' });
    const hooked = await handlePaymentWebhook(knex, provider, webhookRequest(body, signPayload(SECRET, body)), SETTINGS);

    expect(returned?.paymentStatus).toBe('PENDING');
    expect(hooked).toMatchObject({ ok: true, confirmation: { paymentStatus: 'pending', activated: false } });
    expect(await orderRow(o.id)).toMatchObject({ status: 'unpaid', paidMinor: 0 });
    expect((await memberships(o.id)).map((m) => [m.status, m.membershipNumber])).toEqual([['pending_payment', null]]);
    expect(await emailsOf(o.id)).toHaveLength(0);
  });

  it('leaves the order unpaid on a failed or cancelled attempt, and a new attempt can still pay it', async () => {
    const club = await seedClub(knex);
    const { provider } = builtin();
    const o = await order(club, [club.family.self]);

    for (const decision of ['fail', 'cancel'] as const) {
      const { providerPaymentId } = await startPayment(provider, o);
      await provider.decide(providerPaymentId, decision);
      const result = await confirmPayment(knex, provider, providerPaymentId, SETTINGS);
      expect(result).toMatchObject({
        ok: true,
        paymentStatus: decision === 'fail' ? 'failed' : 'cancelled',
        orderStatus: 'unpaid',
        activated: false,
      });
      expect(await orderRow(o.id)).toMatchObject({ status: 'unpaid', paidMinor: 0 });
      expect((await memberships(o.id)).map((m) => m.status)).toEqual(['pending_payment']);
    }
    const { providerPaymentId } = await startPayment(provider, o);
    await provider.decide(providerPaymentId, 'pay');
    expect(await confirmPayment(knex, provider, providerPaymentId, SETTINGS)).toMatchObject({ activated: true });
    expect((await knex('membership.payments').where({ orderId: o.id }).orderBy('id')).map((p) => p.status)).toEqual([
      'failed',
      'cancelled',
      'succeeded',
    ]);
  });

  it('does not mark an order paid on a part payment; the rest completes it', async () => {
    const club = await seedClub(knex);
    const o = await order(club, [club.family.self]);
    const half = Math.floor(o.totalMinor / 2);
    const states = new Map<string, ProviderPaymentState>();
    const partial: PaymentProvider = {
      name: 'partial',
      createPayment: async (request) => {
        const id = `p-${states.size + 1}`;
        states.set(id, { providerPaymentId: id, status: 'succeeded', amountMinor: half, currency: request.currency });
        return { providerPaymentId: id, checkoutUrl: 'https://provider.example/checkout' };
      },
      fetchStatus: async (id) => states.get(id) ?? null,
      parseWebhook: () => ({ ok: false, code: 'MALFORMED_EVENT', message: 'unused' }),
    };
    const { providerPaymentId } = await startPayment(partial, o);
    expect(await confirmPayment(knex, partial, providerPaymentId, SETTINGS)).toMatchObject({
      paymentStatus: 'succeeded',
      orderStatus: 'unpaid',
      activated: false,
    });
    expect(await orderRow(o.id)).toMatchObject({ status: 'unpaid', paidMinor: half });
    expect((await memberships(o.id)).map((m) => m.status)).toEqual(['pending_payment']);

    // The next attempt asks only for what is still due.
    const rest = await startOrderPayment(knex, partial, linkOf(o), { today: TODAY, portalUrl: null });
    expect(rest).toMatchObject({ ok: true, order: { amountMinor: o.totalMinor - half } });
    const operator = await scopeOf(club, club.operator.userKey);
    expect(
      await recordManualPayment(knex, operator, { orderReference: o.reference, amountMinor: o.totalMinor - half }, SETTINGS),
    ).toMatchObject({
      ok: true,
      activated: true,
    });
    expect(await orderRow(o.id)).toMatchObject({ status: 'paid', paidMinor: o.totalMinor });
  });

  it('records money that arrives for a cancelled order and activates nothing', async () => {
    const { provider, o, providerPaymentId } = await familyPaymentStarted();
    await knex.transaction((trx) => cancelUnpaidOrder(trx, o.id));
    await provider.decide(providerPaymentId, 'pay');
    expect(await confirmPayment(knex, provider, providerPaymentId, SETTINGS)).toMatchObject({
      paymentStatus: 'succeeded',
      orderStatus: 'cancelled',
      activated: false,
    });
    expect(await orderRow(o.id)).toMatchObject({ status: 'cancelled', paidMinor: o.totalMinor });
    expect((await memberships(o.id)).map((m) => m.status)).toEqual(['cancelled']);
  });

  it('answers PAYMENT_NOT_FOUND for an id this service did not start', async () => {
    const { provider } = builtin();
    expect(await confirmPayment(knex, provider, '00000000-0000-4000-8000-000000000000', SETTINGS)).toEqual({
      ok: false,
      code: 'PAYMENT_NOT_FOUND',
    });
  });
});

describe('webhooks', () => {
  it('processes a redelivered event once', async () => {
    const club = await seedClub(knex);
    // The first delivery is not acknowledged: the provider sends the same event again.
    const { provider, webhooks } = builtin({ failFirst: 1 });
    const o = await order(club, [club.family.self]);
    const { providerPaymentId } = await startPayment(provider, o);
    await provider.decide(providerPaymentId, 'pay');
    const delivered = await webhooks(2);
    expect(delivered[1]?.rawBody.toString()).toBe(delivered[0]?.rawBody.toString());

    const first = await handlePaymentWebhook(knex, provider, delivered[0] as WebhookRequest, SETTINGS);
    const second = await handlePaymentWebhook(knex, provider, delivered[1] as WebhookRequest, SETTINGS);
    expect(first).toMatchObject({ ok: true, duplicate: false, confirmation: { activated: true } });
    expect(second).toMatchObject({ ok: true, duplicate: true, confirmation: { activated: false, changed: false } });
    expect(await knex('membership.paymentEvents').where({ providerPaymentId })).toHaveLength(1);
    expect(await emailsOf(o.id)).toHaveLength(1);
  });

  it('refuses a bad or missing signature and records nothing', async () => {
    const { provider, webhooks, o, providerPaymentId } = await familyPaymentStarted();
    await provider.decide(providerPaymentId, 'pay');
    const genuine = ((await webhooks(1))[0] as WebhookRequest).rawBody.toString();
    const tampered = genuine.replace('checkout.decided', 'checkout.decidedX');

    for (const request of [
      webhookRequest(tampered, signPayload(SECRET, genuine)),
      webhookRequest(genuine, signPayload('another-secret-of-at-least-32-chars!', genuine)),
      webhookRequest(genuine, undefined),
      webhookRequest(genuine, 'sha256=00'),
    ]) {
      expect(await handlePaymentWebhook(knex, provider, request, SETTINGS)).toEqual({
        ok: false,
        code: 'INVALID_SIGNATURE',
        message: expect.any(String),
      });
    }
    expect(await knex('membership.paymentEvents').where({ providerPaymentId })).toHaveLength(0);
    expect(await orderRow(o.id)).toMatchObject({ status: 'unpaid' });
  });

  it('refuses a signed body without an event id or checkout id', async () => {
    const { provider } = builtin();
    const body = JSON.stringify({ type: 'checkout.decided' });
    expect(await handlePaymentWebhook(knex, provider, webhookRequest(body, signPayload(SECRET, body)), SETTINGS)).toMatchObject({
      ok: false,
      code: 'MALFORMED_EVENT',
    });
  });
});

describe('the built-in provider delivers its webhook in the background, until acknowledged', () => {
  it('answers the redirect without waiting for the webhook', async () => {
    const club = await seedClub(knex);
    let acknowledge = () => undefined as void;
    const acknowledged = new Promise<void>((resolve) => (acknowledge = resolve));
    const provider = new BuiltinPaymentProvider({
      db: knex,
      webhookSecret: SECRET,
      deliverWebhook: () => acknowledged,
      logger: { warn: () => undefined },
    });
    providers.push(provider);
    const o = await order(club, [club.family.self]);
    const { providerPaymentId } = await startPayment(provider, o);

    expect(await provider.decide(providerPaymentId, 'pay')).toMatchObject({
      ok: true,
      redirectUrl: expect.stringContaining('status=success'),
    });
    expect(await checkoutRow(providerPaymentId)).toMatchObject({ status: 'paid', webhookDeliveredAt: null });
    acknowledge();
    await until('the acknowledgement recorded', async () => (await checkoutRow(providerPaymentId)).webhookDeliveredAt !== null);
  });

  it('retries a failed delivery with the same event, records the acknowledgement, and then announces no more', async () => {
    const club = await seedClub(knex);
    const { provider, delivered, webhooks, warnings } = builtin({ failFirst: 2 });
    const o = await order(club, [club.family.self]);
    const { providerPaymentId } = await startPayment(provider, o);
    await provider.decide(providerPaymentId, 'pay');
    const sent = await webhooks(3);
    expect(new Set(sent.map((w) => w.rawBody.toString())).size).toBe(1);
    await until('the acknowledgement recorded', async () => (await checkoutRow(providerPaymentId)).webhookDeliveredAt !== null);
    expect(warnings).toEqual([
      expect.objectContaining({ checkoutId: providerPaymentId, attempt: 1, willRetry: true }),
      expect.objectContaining({ checkoutId: providerPaymentId, attempt: 2, willRetry: true }),
    ]);
    // Never the signature or the body in the log.
    expect(JSON.stringify(warnings)).not.toMatch(/sha256=|eventId/);

    // Acknowledged: a second click on the checkout announces nothing again.
    await provider.decide(providerPaymentId, 'pay');
    await new Promise((r) => setTimeout(r, 50));
    expect(delivered).toHaveLength(3);
  });

  it('gives up after its last retry; the next start delivers what was not acknowledged, and only that', async () => {
    const club = await seedClub(knex);
    const before = builtin({ failFirst: Infinity, retryDelaysMs: [10] });
    const o = await order(club, [club.family.self]);
    const paid = await startPayment(before.provider, o);
    const open = await startPayment(before.provider, await order(club, [club.family.partner]));
    await before.provider.decide(paid.providerPaymentId, 'pay');
    await before.webhooks(2);
    await until('given up', async () => before.warnings.length === 2);
    expect(before.warnings.at(-1)).toMatchObject({ attempt: 2, willRetry: false });
    await before.provider.stop();
    expect(await checkoutRow(paid.providerPaymentId)).toMatchObject({ webhookDeliveredAt: null });

    const after = builtin();
    // Other tests' checkouts in this database are acknowledged or still open: only this one is due.
    expect(await after.provider.redeliverUnacknowledged()).toBe(1);
    const [webhook] = await after.webhooks(1);
    expect(webhook?.rawBody.toString()).toBe(before.delivered[0]?.rawBody.toString());
    await until('the acknowledgement recorded', async () => (await checkoutRow(paid.providerPaymentId)).webhookDeliveredAt !== null);
    expect(await checkoutRow(open.providerPaymentId)).toMatchObject({ status: 'open', webhookDeliveredAt: null });
    expect(await after.provider.redeliverUnacknowledged()).toBe(0);
  });

  it('stop() drops the waiting retries and waits for the delivery under way', async () => {
    const club = await seedClub(knex);
    const { provider, delivered } = builtin({ failFirst: Infinity, retryDelaysMs: [60_000] });
    const o = await order(club, [club.family.self]);
    const { providerPaymentId } = await startPayment(provider, o);
    await provider.decide(providerPaymentId, 'pay');
    await until('the first attempt', async () => delivered.length === 1);
    const started = Date.now();
    await provider.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    // After stop nothing is sent; the decision stays undelivered for the next start.
    await provider.decide(providerPaymentId, 'pay');
    expect(delivered).toHaveLength(1);
    expect(await checkoutRow(providerPaymentId)).toMatchObject({ webhookDeliveredAt: null });
  });
});

describe('manual payment', () => {
  it('by an operator of the order’s organisation activates the order', async () => {
    const club = await seedClub(knex);
    const o = await order(club, [club.family.self, club.family.child]);
    const operator = await scopeOf(club, club.operator.userKey);
    const result = await recordManualPayment(
      knex,
      operator,
      { orderReference: o.reference.toLowerCase(), amountMinor: o.totalMinor },
      SETTINGS,
    );
    expect(result).toMatchObject({ ok: true, activated: true, order: { status: 'paid', paidMinor: o.totalMinor } });
    // The answer is the order as stored, the time it was paid included.
    expect(result.ok && result.order).toEqual(await orders.orderById(knex, o.id));
    expect(result.ok && result.order.paidAt).toBeInstanceOf(Date);
    expect((await memberships(o.id)).map((m) => m.status)).toEqual(['active', 'active']);
    expect(await knex('membership.payments').where({ orderId: o.id }).first()).toMatchObject({
      provider: 'manual',
      status: 'succeeded',
      amountMinor: o.totalMinor,
      recordedByAccountId: club.operator.accountId,
    });
  });

  it('is refused to a non-operator, hidden from an operator of another organisation, and checks order and amount', async () => {
    const club = await seedClub(knex);
    const o = await order(club, [club.family.self]);
    const cancelled = await order(club, [club.family.partner]);
    await knex.transaction((trx) => cancelUnpaidOrder(trx, cancelled.id));
    const member = await scopeOf(club, club.family.userKey);
    const other = await scopeOf(club, club.otherOperator.userKey);
    const operator = await scopeOf(club, club.operator.userKey);
    const pay = (scope: DataScope, orderReference: string, amountMinor: number) =>
      recordManualPayment(knex, scope, { orderReference, amountMinor }, SETTINGS);

    expect(await pay(member, o.reference, o.totalMinor)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await pay(other, o.reference, o.totalMinor)).toMatchObject({ ok: false, code: 'ORDER_NOT_FOUND' });
    expect(await pay(operator, 'ORD-1999-000000', 100)).toMatchObject({ ok: false, code: 'ORDER_NOT_FOUND' });
    expect(await pay(operator, o.reference, 0)).toMatchObject({ ok: false, code: 'INVALID_AMOUNT' });
    expect(await pay(operator, o.reference, 12.5)).toMatchObject({ ok: false, code: 'INVALID_AMOUNT' });
    expect(await pay(operator, cancelled.reference, 100)).toMatchObject({ ok: false, code: 'ORDER_CANCELLED' });
    // Ten times the order (a zero too many) is refused, naming what is still owed.
    const typo = await pay(operator, o.reference, o.totalMinor * 10);
    expect(typo).toMatchObject({ ok: false, code: 'INVALID_AMOUNT' });
    expect(!typo.ok && typo.message).toContain(`needs only ${o.totalMinor} more`);
    expect(await orderRow(o.id)).toMatchObject({ status: 'unpaid', paidMinor: 0 });
    expect(await pay(operator, o.reference, o.totalMinor)).toMatchObject({ ok: true });
    expect(await pay(operator, o.reference, 100)).toMatchObject({ ok: false, code: 'ORDER_ALREADY_PAID' });
  });

  it('the same part payment sent twice with what the operator saw paid is credited once (ORDER_CHANGED), also when both arrive at once', async () => {
    const club = await seedClub(knex);
    const o = await order(club, [club.family.self, club.family.child]);
    const operator = await scopeOf(club, club.operator.userKey);
    const part = Math.floor(o.totalMinor / 3);
    const transfer = () =>
      recordManualPayment(knex, operator, { orderReference: o.reference, amountMinor: part, expectedPaidMinor: 0 }, SETTINGS);
    const [first, second] = await Promise.all([transfer(), transfer()]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    const refused = first.ok ? second : first;
    expect(refused).toMatchObject({ ok: false, code: 'ORDER_CHANGED' });
    expect(!refused.ok && refused.message).toContain(`${part} of ${o.totalMinor}`);
    expect(await orderRow(o.id)).toMatchObject({ status: 'unpaid', paidMinor: part });
    expect(await knex('membership.payments').where({ orderId: o.id })).toHaveLength(1);
    // The next transfer, entered against what is paid now, is credited.
    const next = await recordManualPayment(
      knex,
      operator,
      { orderReference: o.reference, amountMinor: o.totalMinor - part, expectedPaidMinor: part },
      SETTINGS,
    );
    expect(next).toMatchObject({ ok: true, activated: true, order: { status: 'paid', paidMinor: o.totalMinor } });
  });
});

describe('starting a payment (the pay link)', () => {
  it('refuses paid and cancelled orders and unknown references', async () => {
    const club = await seedClub(knex);
    const { provider } = builtin();
    const paid = await order(club, [club.family.self]);
    const cancelled = await order(club, [club.family.partner]);
    await knex('membership.orders').where({ id: paid.id }).update({ status: 'paid', paidMinor: paid.totalMinor });
    await knex.transaction((trx) => cancelUnpaidOrder(trx, cancelled.id));
    const start = (link: PayLink) => startOrderPayment(knex, provider, link, { today: TODAY, portalUrl: null });
    expect(await start(linkOf(paid))).toMatchObject({ ok: false, code: 'ORDER_PAID', order: { reference: paid.reference } });
    expect(await start(linkOf(cancelled))).toMatchObject({ ok: false, code: 'ORDER_CANCELLED' });
    expect(await start({ reference: 'ORD-1999-000000', token: linkOf(paid).token })).toEqual({
      ok: false,
      code: 'ORDER_NOT_FOUND',
      order: null,
    });
    expect(await knex('membership.payments').whereIn('orderId', [paid.id, cancelled.id])).toHaveLength(0);
  });

  it('needs the order’s capability: a reference without its token, or with another order’s, reads as no such order', async () => {
    const club = await seedClub(knex);
    const { provider } = builtin();
    const mine = await order(club, [club.family.self]);
    const other = await order(club, [club.family.partner]);
    const paid = await order(club, [club.family.grandparent]);
    await knex('membership.orders').where({ id: paid.id }).update({ status: 'paid', paidMinor: paid.totalMinor });
    const start = (link: PayLink) => startOrderPayment(knex, provider, link, { today: TODAY, portalUrl: null });
    const notFound = { ok: false, code: 'ORDER_NOT_FOUND', order: null };
    // A stranger walking the sequential references: no amount, no state, no attempt, for any of them.
    for (const o of [mine, other, paid]) {
      expect(await start({ reference: o.reference, token: null })).toEqual(notFound);
      expect(await start({ reference: o.reference, token: '' })).toEqual(notFound);
      expect(await start({ reference: o.reference, token: 'x'.repeat(43) })).toEqual(notFound);
    }
    expect(await start({ reference: mine.reference, token: linkOf(other).token })).toEqual(notFound);
    expect(await start({ reference: mine.reference, token: `${linkOf(mine).token}x` })).toEqual(notFound);
    expect(await knex('membership.payments').whereIn('orderId', [mine.id, other.id, paid.id])).toHaveLength(0);
    // The payer's link works.
    expect(await start(linkOf(mine))).toMatchObject({ ok: true });
  });

  it('gives every order its own unguessable capability in the paymentUrl', async () => {
    const club = await seedClub(knex);
    const a = await order(club, [club.family.self]);
    const b = await order(club, [club.family.partner]);
    for (const o of [a, b]) {
      expect(o.paymentUrl).toMatch(/^\/services\/admin-service\/payments\/orders\/ORD-\d{4}-\d{6}\/pay\?token=[A-Za-z0-9_-]{43}$/);
    }
    expect(linkOf(a).token).not.toBe(linkOf(b).token);
  });

  it('creates an attempt and a checkout for what is due, returning to the contract’s payment-return route', async () => {
    const club = await seedClub(knex);
    const { provider } = builtin();
    const o = await order(club, [club.family.self]);
    const started = await startOrderPayment(knex, provider, linkOf(o), { today: TODAY, portalUrl: 'https://portal.example' });
    if (!started.ok) throw new Error(started.code);
    const payment = await knex('membership.payments').where({ orderId: o.id }).first();
    expect(payment).toMatchObject({ provider: 'builtin', status: 'pending', amountMinor: o.totalMinor, currency: 'EUR' });
    expect(started.checkoutUrl).toBe(`../../builtin/checkout/${payment.providerPaymentId}`);
    const checkout = await provider.checkout(payment.providerPaymentId);
    expect(checkout).toMatchObject({ orderReference: o.reference, amountMinor: o.totalMinor, status: 'open' });
    expect(checkout?.returnUrl).toBe(`https://portal.example/membership/payment-return?reference=${o.reference}`);
    expect(await provider.decide(payment.providerPaymentId, 'cancel')).toEqual({
      ok: true,
      redirectUrl: `https://portal.example/membership/payment-return?reference=${o.reference}&status=cancelled&transactionId=${payment.providerPaymentId}`,
    });
  });

  it('keeps the price while its timing window is open, reprices once it has closed, and refuses when registration has closed', async () => {
    const club = await seedClub(knex);
    const { provider } = builtin();
    const o = await order(club, [club.family.self], { today: EARLY_DAY });
    // Early: 120.00 - 10% + joining fee 25.00 + administration 3.00.
    expect(o.totalMinor).toBe(12000 - 1200 + 2500 + 300);

    const sameWindow = await startOrderPayment(knex, provider, linkOf(o), { today: '2025-12-31', portalUrl: null });
    expect(sameWindow).toMatchObject({ ok: true, repriced: false, order: { amountMinor: o.totalMinor } });

    const standard = await startOrderPayment(knex, provider, linkOf(o), { today: TODAY, portalUrl: null });
    expect(standard).toMatchObject({ ok: true, repriced: true, order: { amountMinor: 12000 + 2500 + 300 } });
    expect(await orderRow(o.id)).toMatchObject({ totalMinor: 14800, pricedWindow: 'standard', status: 'unpaid' });
    expect(await knex('membership.orderLines').where({ orderId: o.id }).orderBy('position').pluck('rule')).toEqual([
      'base_fee:individual:adult',
      'member_type:new:joining_fee',
      'administration_fee',
    ]);

    expect(await startOrderPayment(knex, provider, linkOf(o), { today: '2026-07-05', portalUrl: null })).toMatchObject({
      ok: false,
      code: 'REGISTRATION_CLOSED',
    });
  });

  it('closes the attempt as failed when the provider cannot be reached', async () => {
    const club = await seedClub(knex);
    const o = await order(club, [club.family.self]);
    const down: PaymentProvider = {
      name: 'down',
      createPayment: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      fetchStatus: async () => null,
      parseWebhook: () => ({ ok: false, code: 'MALFORMED_EVENT', message: 'unused' }),
    };
    expect(await startOrderPayment(knex, down, linkOf(o), { today: TODAY, portalUrl: null })).toMatchObject({
      ok: false,
      code: 'PROVIDER_UNAVAILABLE',
    });
    expect(await knex('membership.payments').where({ orderId: o.id }).pluck('status')).toEqual(['failed']);
  });
});

describe('paymentReturn', () => {
  it('is null for an order of another account, and NONE before any attempt', async () => {
    const club = await seedClub(knex);
    const { provider } = builtin();
    const o = await order(club, [club.family.self]);
    const stranger = await scopeOf(club, club.stranger.userKey);
    const family = await scopeOf(club, club.family.userKey);
    const operator = await scopeOf(club, club.operator.userKey);
    expect(await paymentReturn(knex, () => provider, stranger, { reference: o.reference }, SETTINGS)).toBeNull();
    expect(await paymentReturn(knex, () => provider, family, { reference: o.reference }, SETTINGS)).toMatchObject({
      paymentStatus: 'NONE',
      periodId: club.periodId,
      order: { id: o.id, status: 'unpaid' },
    });
    expect(await paymentReturn(knex, () => provider, operator, { reference: o.reference }, SETTINGS)).not.toBeNull();
  });

  it('answers the latest attempt when the transactionId is not one of the order’s', async () => {
    const { club, provider, o, providerPaymentId } = await familyPaymentStarted();
    await provider.decide(providerPaymentId, 'fail');
    const family = await scopeOf(club, club.family.userKey);
    const result = await paymentReturn(knex, () => provider, family, { reference: o.reference, transactionId: 'not-ours' }, SETTINGS);
    expect(result).toMatchObject({ paymentStatus: 'FAILED', order: { status: 'unpaid' } });
  });
});
