import { stripeSettings } from '../../rest/stripeClient';
import { parseForm, startStripeStandIn, type StripeStandIn } from '../../testing/stripeStandIn';
import { StripePaymentProvider, stripePaymentState, stripePaymentStatus } from './stripeProvider';

const SECRET_KEY = 'sk_test_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';
const RETURN_URL = 'https://portal.example/membership/payment-return?reference=ORD-2026-000042';

describe('Stripe states mapped to ours', () => {
  const intent = (status: 'processing' | 'requires_payment_method' | 'succeeded' | 'canceled', amount_received = 0) => ({
    status,
    amount_received,
    currency: 'eur',
  });

  it.each([
    [{ status: 'open', payment_status: 'unpaid' }, null, 'pending'],
    [{ status: 'complete', payment_status: 'paid' }, intent('succeeded', 1500), 'succeeded'],
    [{ status: 'complete', payment_status: 'unpaid' }, intent('processing'), 'pending'],
    [{ status: 'complete', payment_status: 'unpaid' }, intent('requires_payment_method'), 'failed'],
    [{ status: 'complete', payment_status: 'unpaid' }, intent('succeeded', 1500), 'succeeded'],
    [{ status: 'expired', payment_status: 'unpaid' }, null, 'cancelled'],
    [{ status: 'open', payment_status: 'unpaid' }, intent('canceled'), 'cancelled'],
    [{ status: 'open', payment_status: 'unpaid' }, intent('requires_payment_method'), 'pending'],
  ] as const)('%j with intent %j is %s', (session, pi, expected) => {
    expect(stripePaymentStatus(session, pi)).toBe(expected);
  });

  it('credits what the PaymentIntent received, in upper-case currency; nothing while unpaid', () => {
    const session = { id: 'cs_test_1', status: 'complete', payment_status: 'paid', amount_total: 2000, currency: 'eur' } as const;
    expect(stripePaymentState(session, intent('succeeded', 1800))).toEqual({
      providerPaymentId: 'cs_test_1',
      status: 'succeeded',
      amountMinor: 1800,
      currency: 'EUR',
    });
    expect(stripePaymentState(session, null).amountMinor).toBe(2000);
    expect(stripePaymentState({ ...session, status: 'open', payment_status: 'unpaid' }, null).amountMinor).toBe(0);
  });

  it('reads Stripe form encoding (stand-in)', () => {
    expect(parseForm('line_items[0][price_data][unit_amount]=5&expand[]=payment_intent&metadata[a]=b')).toEqual({
      line_items: { 0: { price_data: { unit_amount: '5' } } },
      expand: { 0: 'payment_intent' },
      metadata: { a: 'b' },
    });
  });
});

describe('the adapter against the Stripe stand-in (official client over HTTP)', () => {
  let standIn: StripeStandIn;
  let provider: StripePaymentProvider;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    const settings = stripeSettings({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS: 300,
    });
    provider = new StripePaymentProvider(settings!);
  });
  afterAll(() => standIn.stop());

  async function checkout(amountMinor = 4500) {
    const created = await provider.createPayment({
      orderReference: 'ORD-2026-000042',
      amountMinor,
      currency: 'EUR',
      description: 'Order ORD-2026-000042',
      returnUrl: RETURN_URL,
    });
    return created;
  }

  async function decide(checkoutUrl: string, decision: 'pay' | 'fail' | 'cancel'): Promise<URL> {
    const res = await fetch(checkoutUrl, {
      method: 'POST',
      body: `decision=${decision}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  it('creates a hosted Checkout Session with our reference, amount and return URLs', async () => {
    const created = await checkout();
    expect(created.providerPaymentId).toMatch(/^cs_test_/);
    expect(created.checkoutUrl).toBe(`${standIn.url}/c/pay/${created.providerPaymentId}`);
    const session = standIn.sessions.get(created.providerPaymentId)!;
    expect(session).toMatchObject({ client_reference_id: 'ORD-2026-000042', amount_total: 4500, currency: 'eur', mode: 'payment' });
    expect(session.metadata).toEqual({ order_reference: 'ORD-2026-000042' });
    expect(session.success_url).toBe(`${RETURN_URL}&status=success&transactionId={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${RETURN_URL}&status=cancelled&transactionId={CHECKOUT_SESSION_ID}`);
    expect(await provider.fetchStatus(created.providerPaymentId)).toEqual({
      providerPaymentId: created.providerPaymentId,
      status: 'pending',
      amountMinor: 0,
      currency: 'EUR',
    });
  });

  it('refuses a relative return URL (Stripe needs absolute ones)', async () => {
    await expect(
      provider.createPayment({
        orderReference: 'ORD-1',
        amountMinor: 1,
        currency: 'EUR',
        description: 'x',
        returnUrl: '/membership/payment-return',
      }),
    ).rejects.toThrow(/PORTAL_PUBLIC_URL/);
  });

  it('pay: succeeded with the amount received; the return URL carries the session id', async () => {
    const created = await checkout();
    const back = await decide(created.checkoutUrl, 'pay');
    expect(back.searchParams.get('status')).toBe('success');
    expect(back.searchParams.get('transactionId')).toBe(created.providerPaymentId);
    expect(await provider.fetchStatus(created.providerPaymentId)).toMatchObject({ status: 'succeeded', amountMinor: 4500 });
  });

  it('fail and expire: failed and cancelled', async () => {
    const failed = await checkout();
    await decide(failed.checkoutUrl, 'fail');
    expect((await provider.fetchStatus(failed.providerPaymentId))?.status).toBe('failed');
    expect(standIn.eventsOf(failed.providerPaymentId).map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);

    const cancelled = await checkout();
    const back = await decide(cancelled.checkoutUrl, 'cancel');
    expect(back.searchParams.get('status')).toBe('cancelled');
    expect((await provider.fetchStatus(cancelled.providerPaymentId))?.status).toBe('pending');
    await fetch(`${standIn.url}/v1/checkout/sessions/${cancelled.providerPaymentId}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect((await provider.fetchStatus(cancelled.providerPaymentId))?.status).toBe('cancelled');
  });

  it('an unknown or malformed session id is unknown', async () => {
    expect(await provider.fetchStatus('cs_test_doesnotexist')).toBeNull();
    expect(await provider.fetchStatus('../v1/refunds')).toBeNull();
  });

  it('verifies Stripe-Signature over the raw bytes, with the timestamp tolerance', async () => {
    const created = await checkout();
    await decide(created.checkoutUrl, 'pay');
    const [event] = standIn.eventsOf(created.providerPaymentId);
    const payload = JSON.stringify(event);
    const request = (body: string, signature: string | undefined) => ({
      rawBody: Buffer.from(body),
      header: (name: string) => (name.toLowerCase() === 'stripe-signature' ? signature : undefined),
    });
    expect(provider.parseWebhook(request(payload, standIn.signatureHeader(payload)))).toEqual({
      ok: true,
      eventId: event!.id,
      providerPaymentId: created.providerPaymentId,
    });
    const invalid = { ok: false, code: 'INVALID_SIGNATURE' };
    expect(provider.parseWebhook(request(payload, undefined))).toMatchObject(invalid);
    expect(provider.parseWebhook(request(`${payload} `, standIn.signatureHeader(payload)))).toMatchObject(invalid);
    expect(provider.parseWebhook(request(payload, standIn.signatureHeader(payload, undefined, 'whsec_other')))).toMatchObject(invalid);
    const stale = Math.floor(Date.now() / 1000) - 301;
    expect(provider.parseWebhook(request(payload, standIn.signatureHeader(payload, stale)))).toMatchObject(invalid);
    const other = JSON.stringify({ ...event, type: 'customer.created' });
    expect(provider.parseWebhook(request(other, standIn.signatureHeader(other)))).toMatchObject({ ok: false, code: 'MALFORMED_EVENT' });
    expect(provider.parseWebhook(request('not json', standIn.signatureHeader('not json')))).toMatchObject({
      ok: false,
      code: 'MALFORMED_EVENT',
    });
  });

  it('refunds through the session’s PaymentIntent, once per idempotency key', async () => {
    const created = await checkout();
    await decide(created.checkoutUrl, 'pay');
    const request = {
      providerPaymentId: created.providerPaymentId,
      amountMinor: 4500,
      currency: 'EUR',
      orderReference: 'ORD-2026-000042',
      idempotencyKey: `test-${created.providerPaymentId}`,
    };
    const first = await provider.refundPayment(request);
    const again = await provider.refundPayment(request);
    expect(first).toEqual({ providerRefundId: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(again.providerRefundId).toBe(first.providerRefundId);
    const refunds = [...standIn.refunds.values()].filter((r) => r.id === first.providerRefundId);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 4500, reason: 'duplicate', metadata: { order_reference: 'ORD-2026-000042' } }),
    ]);
  });
});
