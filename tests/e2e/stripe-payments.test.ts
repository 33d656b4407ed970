import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import { createRegistrationOrder } from '@ems/membership/registration';
import { recordManualPayment } from '../../subgraphs/membership/src/domain/payments/manual';
import { scopeForUserKey } from '../../subgraphs/membership/src/domain/scope';
import { startStripeStandIn, type StripeStandIn } from '../../subgraphs/membership/src/testing/stripeStandIn';
import { freePort } from '@ems/router/src/dev/stack';
import type { HttpClient } from '../support/client';
import { signIn } from '../support/demo';
import { startExtraRouter, startExtraService } from '../support/extraRouter';
import { createRiversideMember } from '../support/members';
import { e2eContext } from '../support/stackContext';

/**
 * Stripe through the real processes: a membership process with PAYMENT_PROVIDER=stripe whose
 * official Stripe client talks to the local stand-in of Stripe's API, a router in front of it, and
 * the stand-in's hosted checkout and signed webhooks. Pay, fail, cancel, a late webhook, a
 * duplicate one, a forged one, a return URL that lies, and an order paid twice (refunded).
 */
const ctx = e2eContext();
const SECRET_KEY = 'sk_test_e2e_standin_0123456789';
const WEBHOOK_SECRET = 'whsec_e2e_standin_0123456789abcdef';
const PORTAL = 'https://portal.example';

let knex: Knex;
let standIn: StripeStandIn;
let membership: Awaited<ReturnType<typeof startExtraService>>;
let router: Awaited<ReturnType<typeof startExtraRouter>>;
let client: HttpClient;
let accountId: number;
let personIds: number[];

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 3 });
  const port = await freePort();
  standIn = await startStripeStandIn({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${port}/payments/webhook/stripe`,
  });
  membership = await startExtraService(
    'membership',
    {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
      PORTAL_PUBLIC_URL: PORTAL,
    },
    {},
    port,
  );
  router = await startExtraRouter({}, { membership: port });
  const member = await createRiversideMember(knex, 'sven.stripe', [
    { firstName: 'Sven', lastName: 'Streif', dateOfBirth: '1985-03-03' },
    { firstName: 'Stina', lastName: 'Streif', dateOfBirth: '1987-04-04', relationship: 'partner' },
    { firstName: 'Sam', lastName: 'Streif', dateOfBirth: '1972-05-05' },
    { firstName: 'Sol', lastName: 'Streif', dateOfBirth: '1974-06-06' },
    { firstName: 'Siri', lastName: 'Streif', dateOfBirth: '1980-07-07', relationship: 'partner' },
    { firstName: 'Saga', lastName: 'Streif', dateOfBirth: '1982-08-08', relationship: 'partner' },
    { firstName: 'Sune', lastName: 'Streif', dateOfBirth: '1983-09-09', relationship: 'partner' },
  ]);
  accountId = member.accountId;
  personIds = member.personIds;
  client = await signIn(router.client(), member.userKey);
}, 120_000);

afterAll(async () => {
  await router?.stop();
  await membership?.stop();
  await standIn?.stop();
  await knex?.destroy();
});

let nextPerson = 0;

/** A new unpaid order for one more person of the family (as forms creates it on completion). */
async function newOrder(): Promise<{ reference: string; paymentUrl: string; totalMinor: number }> {
  const personId = personIds[nextPerson++];
  if (personId === undefined) throw new Error('no person left');
  const result = await knex.transaction((trx) =>
    createRegistrationOrder(trx, {
      accountId,
      periodId: DEMO_PERIOD_ID,
      today: new Date().toISOString().slice(0, 10),
      persons: [{ personId, membershipTypeCode: 'individual', options: [] }],
    }),
  );
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

/** The pay link through the router: 302 to Stripe's hosted checkout. */
async function startCheckout(paymentUrl: string): Promise<{ checkoutUrl: string; sessionId: string }> {
  const res = await client.get(paymentUrl);
  expect(res.status).toBe(302);
  const checkoutUrl = String(res.headers.location);
  expect(checkoutUrl.startsWith(`${standIn.url}/c/pay/cs_test_`)).toBe(true);
  return { checkoutUrl, sessionId: checkoutUrl.split('/').pop()! };
}

async function decide(checkoutUrl: string, decision: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    body: `decision=${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${PORTAL}/membership/payment-return`);
  return back;
}

async function paymentReturn(reference: string, transactionId: string | null) {
  const { body } = await client.graphql<{ paymentReturn: { paymentStatus: string; order: { status: string } } }>(
    'query($r: String!, $t: String) { paymentReturn(reference: $r, transactionId: $t) { paymentStatus order { status } } }',
    { r: reference, t: transactionId },
  );
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.paymentReturn;
}

async function stateOf(reference: string) {
  const order = await knex('membership.orders').where({ reference }).first('id', 'status', 'paidMinor', 'totalMinor');
  const payments = await knex('membership.payments')
    .where({ orderId: order.id })
    .orderBy('id')
    .select('providerPaymentId', 'status', 'amountMinor');
  const memberships = await knex('membership.memberships').where({ orderId: order.id }).select('status', 'membershipNumber');
  const emails = await knex('membership.emails').where({ orderId: order.id }).count<{ count: string }[]>('* as count');
  return { order, payments, memberships, emails: Number(emails[0]!.count) };
}

function postWebhook(payload: string, signature: string) {
  return fetch(`${membership.url}/payments/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
}

describe('Stripe (stand-in) through the real processes', () => {
  it('pay: the signed webhook confirms, the memberships are activated once, the return page agrees', async () => {
    const order = await newOrder();
    const { checkoutUrl, sessionId } = await startCheckout(order.paymentUrl);
    const back = await decide(checkoutUrl, 'pay');
    expect(back.searchParams.get('status')).toBe('success');
    expect(back.searchParams.get('transactionId')).toBe(sessionId);
    expect(standIn.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    expect(JSON.parse(standIn.deliveries.at(-1)!.body)).toEqual({ received: true, duplicate: false });

    const state = await stateOf(order.reference);
    expect(state.order).toMatchObject({ status: 'paid', paidMinor: order.totalMinor });
    expect(state.payments).toEqual([{ providerPaymentId: sessionId, status: 'succeeded', amountMinor: order.totalMinor }]);
    expect(state.memberships).toEqual([{ status: 'active', membershipNumber: expect.any(String) }]);
    expect(await paymentReturn(order.reference, sessionId)).toEqual({ paymentStatus: 'SUCCEEDED', order: { status: 'PAID' } });
  });

  it('fail: the attempt fails, the order stays unpaid, and the pay link starts a new attempt', async () => {
    const order = await newOrder();
    const { checkoutUrl, sessionId } = await startCheckout(order.paymentUrl);
    const back = await decide(checkoutUrl, 'fail');
    // Stripe sends a delayed payment method to the success URL too: the URL says success, Stripe says failed.
    expect(back.searchParams.get('status')).toBe('success');
    expect(standIn.deliveries.slice(-2).map((d) => [d.type, d.status])).toEqual([
      ['checkout.session.completed', 200],
      ['checkout.session.async_payment_failed', 200],
    ]);
    expect(await paymentReturn(order.reference, sessionId)).toEqual({ paymentStatus: 'FAILED', order: { status: 'UNPAID' } });
    expect((await stateOf(order.reference)).memberships).toEqual([{ status: 'pending_payment', membershipNumber: null }]);
    const retry = await startCheckout(order.paymentUrl);
    expect(retry.sessionId).not.toBe(sessionId);
  });

  it('cancel: back with status=cancelled, the session stays open until Stripe expires it (checkout.session.expired)', async () => {
    const order = await newOrder();
    const { checkoutUrl, sessionId } = await startCheckout(order.paymentUrl);
    const back = await decide(checkoutUrl, 'cancel');
    expect(back.searchParams.get('status')).toBe('cancelled');
    expect(back.searchParams.get('transactionId')).toBe(sessionId);
    expect(await paymentReturn(order.reference, sessionId)).toEqual({ paymentStatus: 'PENDING', order: { status: 'UNPAID' } });
    const expired = await fetch(`${standIn.url}/v1/checkout/sessions/${sessionId}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(expired.status).toBe(200);
    expect(standIn.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.expired', status: 200 });
    expect(await paymentReturn(order.reference, sessionId)).toEqual({ paymentStatus: 'CANCELLED', order: { status: 'UNPAID' } });
  });

  it('a late webhook, a duplicate and a forged one: the return page confirms first, the rest change nothing', async () => {
    const order = await newOrder();
    const { checkoutUrl, sessionId } = await startCheckout(order.paymentUrl);
    standIn.holdWebhooks();
    await decide(checkoutUrl, 'pay');

    // Forged: the genuine event signed with another secret. 401 and nothing changes.
    const [event] = standIn.eventsOf(sessionId);
    const payload = JSON.stringify(event);
    const forged = await postWebhook(payload, standIn.signatureHeader(payload, undefined, 'whsec_attacker_secret'));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { code?: string; error?: { code?: string } }).code ?? '').toBe('INVALID_SIGNATURE');
    expect((await stateOf(order.reference)).payments).toEqual([
      { providerPaymentId: sessionId, status: 'pending', amountMinor: order.totalMinor },
    ]);

    // The return page asks Stripe itself (status call) before any webhook has arrived.
    expect(await paymentReturn(order.reference, sessionId)).toEqual({ paymentStatus: 'SUCCEEDED', order: { status: 'PAID' } });

    const [late] = await standIn.releaseWebhooks();
    expect(late).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    expect(JSON.parse(late!.body)).toEqual({ received: true, duplicate: false });
    const duplicate = await standIn.redeliver(event!.id);
    expect(duplicate.status).toBe(200);
    expect(JSON.parse(duplicate.body)).toEqual({ received: true, duplicate: true });

    const state = await stateOf(order.reference);
    expect(state.order).toMatchObject({ status: 'paid', paidMinor: order.totalMinor });
    expect(state.payments).toHaveLength(1);
    expect(state.memberships).toEqual([{ status: 'active', membershipNumber: expect.any(String) }]);
    expect(state.emails).toBe(1);
  });

  it('a return URL that says success for an unpaid session: the order stays unpaid', async () => {
    const order = await newOrder();
    const { sessionId } = await startCheckout(order.paymentUrl);
    expect(await paymentReturn(order.reference, sessionId)).toEqual({ paymentStatus: 'PENDING', order: { status: 'UNPAID' } });
    const state = await stateOf(order.reference);
    expect(state.order).toMatchObject({ status: 'unpaid', paidMinor: 0 });
    expect(state.memberships).toEqual([{ status: 'pending_payment', membershipNumber: null }]);
  });

  it('an order paid twice: the second payment is refunded through Stripe and recorded, the order is paid once', async () => {
    const order = await newOrder();
    // Two tabs: two attempts open at once, both paid.
    const first = await startCheckout(order.paymentUrl);
    const second = await startCheckout(order.paymentUrl);
    await decide(first.checkoutUrl, 'pay');
    await decide(second.checkoutUrl, 'pay');

    const secondIntent = standIn.sessions.get(second.sessionId)!.payment_intent;
    const refunds = [...standIn.refunds.values()].filter((r) => r.payment_intent === secondIntent);
    expect(refunds).toEqual([expect.objectContaining({ amount: order.totalMinor, reason: 'duplicate', status: 'succeeded' })]);
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === standIn.sessions.get(first.sessionId)!.payment_intent)).toEqual(
      [],
    );

    const recorded = await knex('membership.paymentRefunds as r')
      .join('membership.payments as p', 'p.id', 'r.paymentId')
      .where('p.providerPaymentId', second.sessionId)
      .select('r.status', 'r.amountMinor', 'r.providerRefundId', 'r.reason');
    expect(recorded).toEqual([
      { status: 'succeeded', amountMinor: order.totalMinor, providerRefundId: refunds[0]!.id, reason: 'duplicate' },
    ]);

    // The return page of the second tab and a redelivered event do not refund again.
    expect(await paymentReturn(order.reference, second.sessionId)).toEqual({ paymentStatus: 'SUCCEEDED', order: { status: 'PAID' } });
    const secondEvent = standIn.eventsOf(second.sessionId)[0]!;
    expect(JSON.parse((await standIn.redeliver(secondEvent.id)).body)).toEqual({ received: true, duplicate: true });
    expect([...standIn.refunds.values()].filter((r) => r.payment_intent === secondIntent)).toHaveLength(1);

    const state = await stateOf(order.reference);
    expect(state.order).toMatchObject({ status: 'paid', paidMinor: order.totalMinor });
    expect(state.payments.map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
    expect(state.memberships).toEqual([{ status: 'active', membershipNumber: expect.any(String) }]);
    expect(state.emails).toBe(1);
  });

  it('a bank transfer recorded while the checkout was open: the card payment completes the order and what it did not need goes back', async () => {
    const order = await newOrder();
    const checkout = await startCheckout(order.paymentUrl); // asks for the whole total
    const transfer = Math.floor(order.totalMinor / 4);
    const olga = await scopeForUserKey(knex, 1, 'olga.operator');
    const recorded = await recordManualPayment(
      knex,
      olga!,
      { orderReference: order.reference, amountMinor: transfer, expectedPaidMinor: 0 },
      { portalUrl: null },
    );
    expect(recorded).toMatchObject({ ok: true });
    await decide(checkout.checkoutUrl, 'pay');

    const intent = standIn.sessions.get(checkout.sessionId)!.payment_intent;
    const refunds = [...standIn.refunds.values()].filter((r) => r.payment_intent === intent);
    expect(refunds).toEqual([expect.objectContaining({ amount: transfer, status: 'succeeded' })]);
    const rows = await knex('membership.paymentRefunds as r')
      .join('membership.payments as p', 'p.id', 'r.paymentId')
      .where('p.providerPaymentId', checkout.sessionId)
      .select('r.status', 'r.amountMinor', 'r.reason');
    expect(rows).toEqual([{ status: 'succeeded', amountMinor: transfer, reason: 'overpayment' }]);
    const state = await stateOf(order.reference);
    // The order keeps what it needed; the confirmation says so.
    expect(state.order).toMatchObject({ status: 'paid', paidMinor: order.totalMinor });
    expect(state.memberships).toEqual([{ status: 'active', membershipNumber: expect.any(String) }]);
  });
});
