import { hashApiKey, keyPrefix, type Knex } from '@ems/db';
import { signAccessToken } from '@ems/schema';
import type { RunningService } from '@ems/service-runtime';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import { until } from '../../../tests/support/until';
import { loadEnv } from './env';
import { createRegistrationOrder } from './registration';
import { startMembershipService } from './server';
import { seedClub, type Club } from './testing/fixtures';
import { signPayload } from './domain/payments/signature';
import { todayIso } from './domain/clock';
import { startSmtpServer, type TestSmtpServer } from './testing/smtpServer';
import { startWebhookGate, type WebhookGate } from './testing/webhookGate';
import { loadWorkerEnv } from './worker/env';
import { startMembershipWorker, type RunningMembershipWorker } from './worker/worker';

/**
 * The payment flow through the running service: the pay link, the built-in checkout page, the
 * decision, the redirect to the portal's return route, the signed webhook over real HTTP to the
 * service itself (in the background, retried until acknowledged), and the GraphQL reads and
 * writes, all scoped.
 */
const JWT_SECRET = 'j'.repeat(64);
const WEBHOOK_SECRET = 'w'.repeat(40);
const API_KEY = 'test-portal-api-key-0123456789abcdefgh';

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let service: RunningService;
let club: Club;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  club = await seedClub(knex);
  await knex('membership.apiKeys').insert({ prefix: keyPrefix(API_KEY), keyHash: hashApiKey(API_KEY), portal: 'registration' });
  // Registration windows are taken on the real date here: the period is moved around today.
  await knex('membership.membershipPeriods')
    .where({ id: club.periodId })
    .update({
      registrationOpensOn: '2000-01-01',
      registrationClosesOn: '2999-12-31',
      pricingRules: knex.raw(`jsonb_set(pricing_rules, '{timing}', ?::jsonb)`, [
        JSON.stringify([{ window: 'standard', from: '2000-01-01', to: '2999-12-31' }]),
      ]),
    });
  service = await startInstance();
});

afterAll(async () => {
  await service?.stop();
  await db.drop();
});

/** An instance of the service on the test database; more than one for the webhook tests (one through a gate). */
function startInstance(settings: Record<string, string> = {}): Promise<RunningService> {
  return startMembershipService(
    loadEnv({
      DATABASE_URL: db.url,
      JWT_SECRET,
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      MEMBERSHIP_PORT: '0',
      LOG_LEVEL: 'silent',
      ...settings,
    }),
  );
}

/** The webhook is delivered after the redirect: wait for the order to be paid by it. */
const untilPaid = (order: { id: number }, withinMs = 10_000) =>
  until(
    `order ${order.id} paid`,
    async () => (await knex('membership.orders').where({ id: order.id, status: 'paid' }).first()) as unknown,
    withinMs,
  );

const checkoutOf = (transactionId: string) => knex('membership.builtinCheckouts').where({ id: transactionId }).first();

async function newOrder(personIds: number[], accountId = club.family.accountId) {
  const result = await knex.transaction((trx) =>
    createRegistrationOrder(trx, {
      accountId,
      periodId: club.periodId,
      today: todayIso(),
      persons: personIds.map((personId) => ({ personId, membershipTypeCode: 'individual', options: [] })),
    }),
  );
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

/** The order's pay link (reference and capability) as the router forwards it (prefix removed). */
const payPath = (order: { paymentUrl: string }) => order.paymentUrl.replace(/^\/services\/admin-service/, '');

async function startCheckout(order: { paymentUrl: string }): Promise<URL> {
  const res = await fetch(`${service.url}${payPath(order)}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') as string, `${service.url}${payPath(order)}`);
}

async function decide(checkout: URL, decision: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  const res = await fetch(checkout, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') as string, 'http://portal.invalid');
}

async function graphql(userKey: string, query: string, variables: Record<string, unknown> = {}) {
  const account = await knex('membership.accounts').where({ registrationSystemId: club.tenantId, externalUserId: userKey }).first();
  const { token } = signAccessToken(
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
  );
  const res = await fetch(`${service.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

const PAYMENT_RETURN = `query ($reference: String!, $transactionId: String) {
  paymentReturn(reference: $reference, transactionId: $transactionId) {
    paymentStatus periodId
    order { reference status totalMinor paidMinor paymentUrl
      lines { kind amountMinor rule person { id firstName } }
      memberships { status membershipNumber membershipType membershipTypeCode memberType person { firstName dateOfBirth } } }
  }
}`;

describe('the browser payment flow with the built-in provider', () => {
  it('pay link -> checkout page -> Pay -> portal return and signed webhook: the order is paid and its memberships active', async () => {
    const order = await newOrder([club.family.self]);
    const checkout = await startCheckout(order);
    expect(checkout.pathname).toMatch(/^\/payments\/builtin\/checkout\/[0-9a-f-]{36}$/);

    const page = await fetch(checkout);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(order.reference);
    for (const button of ['value="pay"', 'value="fail"', 'value="cancel"']) expect(html).toContain(button);
    expect(html).not.toMatch(/Fiona|family\./);

    const back = await decide(checkout, 'pay');
    const transactionId = checkout.pathname.split('/').pop();
    expect(back.pathname).toBe('/membership/payment-return');
    expect(Object.fromEntries(back.searchParams)).toEqual({ reference: order.reference, status: 'success', transactionId });

    // The return page confirms with the provider whether or not the webhook has arrived yet.
    const result = await graphql(club.family.userKey, PAYMENT_RETURN, { reference: order.reference, transactionId });
    expect(result.errors).toBeUndefined();
    expect(result.data?.paymentReturn).toMatchObject({
      paymentStatus: 'SUCCEEDED',
      periodId: club.periodId,
      order: {
        reference: order.reference,
        status: 'PAID',
        paidMinor: order.totalMinor,
        paymentUrl: order.paymentUrl,
        memberships: [
          {
            status: 'ACTIVE',
            membershipNumber: expect.stringMatching(/-\d{5}$/),
            membershipType: 'Individual',
            membershipTypeCode: 'individual',
            memberType: 'new',
            person: { firstName: 'Fiona', dateOfBirth: '1984-03-12' },
          },
        ],
      },
    });

    // The webhook, sent over HTTP after the redirect, is acknowledged and recorded once.
    await until('the webhook acknowledged', async () => (await checkoutOf(transactionId!)).webhookDeliveredAt, 10_000);
    expect(await knex('membership.paymentEvents').where({ providerPaymentId: transactionId })).toHaveLength(1);
    expect(await knex('membership.orders').where({ id: order.id }).first()).toMatchObject({ status: 'paid', paidMinor: order.totalMinor });

    // The confirmation is queued with the payment; the membership worker sends it (below).
    expect(await knex('membership.emails').where({ orderId: order.id }).first()).toMatchObject({
      kind: 'membership_confirmation',
      status: 'queued',
    });

    // The same link now explains that nothing is due.
    const again = await fetch(`${service.url}${payPath(order)}`, { redirect: 'manual' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('already paid');
  });

  it('Fail returns status=failed, leaves the order unpaid, and the same link starts a new attempt', async () => {
    const order = await newOrder([club.family.partner]);
    const back = await decide(await startCheckout(order), 'fail');
    expect(back.searchParams.get('status')).toBe('failed');
    expect(await knex('membership.orders').where({ id: order.id }).first()).toMatchObject({ status: 'unpaid', paidMinor: 0 });
    const result = await graphql(club.family.userKey, PAYMENT_RETURN, {
      reference: order.reference,
      transactionId: back.searchParams.get('transactionId'),
    });
    expect(result.data?.paymentReturn).toMatchObject({ paymentStatus: 'FAILED', order: { status: 'UNPAID' } });
    const retry = await startCheckout(order);
    expect((await fetch(retry)).status).toBe(200);
  });

  it('answers a clear page for an unknown order', async () => {
    const res = await fetch(`${service.url}/payments/orders/ORD-1999-000000/pay`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Order not found');
  });

  it('a stranger walking the references without the capability gets the unknown-order page for every one', async () => {
    const order = await newOrder([club.stranger.self], club.stranger.accountId);
    const unknown = await fetch(`${service.url}/payments/orders/ORD-1999-000000/pay`, { redirect: 'manual' });
    const unknownPage = await unknown.text();
    const token = new URL(order.paymentUrl, 'http://x.invalid').searchParams.get('token') as string;
    for (const query of ['', '?token=', `?token=${'A'.repeat(token.length)}`, `?token=${token.slice(0, -1)}`, `?token[]=${token}`]) {
      const res = await fetch(`${service.url}/payments/orders/${order.reference}/pay${query}`, { redirect: 'manual' });
      expect(res.status).toBe(404);
      const page = await res.text();
      // Byte for byte the page of an order that does not exist: no amount, no reference, no state.
      expect(page).toBe(unknownPage);
      expect(page).not.toContain(order.reference);
    }
    expect(await knex('membership.payments').where({ orderId: order.id })).toHaveLength(0);
  });
});

describe('the built-in provider’s webhook arrives after the payer, and is redelivered until acknowledged', () => {
  let gate: WebhookGate;
  let gated: RunningService | undefined;
  const persons: number[] = [];

  beforeAll(async () => {
    for (const firstName of ['Gina', 'Gus', 'Greta']) {
      const [person] = await knex('membership.persons')
        .insert({ registrationSystemId: club.tenantId, firstName, lastName: 'Gate', dateOfBirth: '1980-02-02' })
        .returning('id');
      await knex('membership.linkedPersons').insert({ accountId: club.family.accountId, personId: person.id, relationship: 'partner' });
      persons.push(person.id as number);
    }
    gate = await startWebhookGate();
    // Its webhooks go through the gate, which forwards them to the instance itself.
    gated = await startInstance({ PUBLIC_BASE_URL: gate.url });
    gate.target = gated.url;
  });

  afterAll(async () => {
    await gated?.stop();
    await gate?.stop();
  });

  /** Starts and decides a checkout on the gated instance; answers the redirect and the checkout id. */
  async function payThroughGate(order: { paymentUrl: string }) {
    const res = await fetch(`${gated!.url}${payPath(order)}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const checkout = new URL(res.headers.get('location') as string, `${gated!.url}${payPath(order)}`);
    return { back: await decide(checkout, 'pay'), transactionId: checkout.pathname.split('/').pop()! };
  }

  /** Paid once: one succeeded attempt, one processed event, one number, one confirmation. */
  async function expectPaidOnce(order: { id: number; totalMinor: number }, transactionId: string) {
    expect(await knex('membership.orders').where({ id: order.id }).first()).toMatchObject({ status: 'paid', paidMinor: order.totalMinor });
    expect(await knex('membership.payments').where({ orderId: order.id }).pluck('status')).toEqual(['succeeded']);
    expect(await knex('membership.paymentEvents').where({ providerPaymentId: transactionId })).toHaveLength(1);
    const memberships = await knex('membership.memberships').where({ orderId: order.id });
    expect(memberships.map((m) => [m.status, typeof m.membershipNumber])).toEqual([['active', 'string']]);
    expect(await knex('membership.emails').where({ orderId: order.id, kind: 'membership_confirmation' })).toHaveLength(1);
  }

  it('the redirect comes before the webhook; the return page shows SUCCEEDED and PAID, and the late webhook changes nothing', async () => {
    const order = await newOrder([persons[0]!]);
    gate.hold();
    const { back, transactionId } = await payThroughGate(order);
    expect(back.searchParams.get('status')).toBe('success');
    // The webhook waits at the gate, so nothing is settled yet: the payer did not wait for it.
    expect(await knex('membership.orders').where({ id: order.id }).first()).toMatchObject({ status: 'unpaid' });

    const result = await graphql(club.family.userKey, PAYMENT_RETURN, { reference: order.reference, transactionId });
    expect(result.data?.paymentReturn).toMatchObject({ paymentStatus: 'SUCCEEDED', order: { status: 'PAID' } });

    const seen = gate.seen.length;
    gate.release();
    await until('the late webhook acknowledged', async () => (await checkoutOf(transactionId)).webhookDeliveredAt, 10_000);
    expect(gate.seen.slice(seen).map((w) => w.status)).toEqual([200]);
    await expectPaidOnce(order, transactionId);
  });

  it('a webhook answered 500 is delivered again until acknowledged; the order is paid exactly once', async () => {
    const order = await newOrder([persons[1]!]);
    const seen = gate.seen.length;
    gate.failNext = 1;
    const { transactionId } = await payThroughGate(order);
    // No return page: only the redelivery (about a second later) can pay the order.
    await untilPaid(order);
    await until('the webhook acknowledged', async () => (await checkoutOf(transactionId)).webhookDeliveredAt, 5_000);
    const deliveries = gate.seen.slice(seen);
    expect(deliveries.map((w) => w.status)).toEqual([500, 200]);
    expect(deliveries[1]?.body).toBe(deliveries[0]?.body);
    await expectPaidOnce(order, transactionId);
  });

  it('a decision whose webhook was never acknowledged is delivered when the service starts again', async () => {
    const order = await newOrder([persons[2]!]);
    const seen = gate.seen.length;
    gate.failNext = Infinity;
    const { transactionId } = await payThroughGate(order);
    await until('the first delivery refused', async () => gate.seen.length > seen, 5_000);
    // Stopping with a retry waiting neither hangs nor throws; the decision stays undelivered.
    const stopping = Date.now();
    await gated!.stop();
    gated = undefined;
    expect(Date.now() - stopping).toBeLessThan(5_000);
    gate.failNext = 0;
    expect(await checkoutOf(transactionId)).toMatchObject({ status: 'paid', webhookDeliveredAt: null });
    expect(await knex('membership.orders').where({ id: order.id }).first()).toMatchObject({ status: 'unpaid' });

    // A new instance (its webhooks to itself) delivers it on start; nobody visits the return page.
    gated = await startInstance();
    await untilPaid(order);
    await until('the webhook acknowledged', async () => (await checkoutOf(transactionId)).webhookDeliveredAt, 5_000);
    await expectPaidOnce(order, transactionId);
  });
});

describe('POST /payments/webhook/builtin', () => {
  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${service.url}/payments/webhook/builtin`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.ems.payment-event+json', ...headers },
      body,
    });

  it('refuses a bad signature with 401', async () => {
    const body = JSON.stringify({ eventId: 'e-1', checkoutId: '00000000-0000-4000-8000-000000000000' });
    const res = await post(body, { 'x-builtin-signature': signPayload('not-the-secret-but-long-enough-123', body) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
  });

  it('verifies an application/json body over its raw bytes (kept by the service’s JSON parser)', async () => {
    const body = JSON.stringify({ eventId: 'e-2', checkoutId: '00000000-0000-4000-8000-000000000000' });
    const signed = await post(body, { 'content-type': 'application/json', 'x-builtin-signature': signPayload(WEBHOOK_SECRET, body) });
    expect(signed.status).toBe(404);
    expect(await signed.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    const respaced = await post(JSON.stringify(JSON.parse(body), null, 1), {
      'content-type': 'application/json',
      'x-builtin-signature': signPayload(WEBHOOK_SECRET, body),
    });
    expect(respaced.status).toBe(401);
  });

  it('answers 404 for a correctly signed event about a payment it did not start', async () => {
    const body = JSON.stringify({ eventId: 'e-3', checkoutId: '00000000-0000-4000-8000-000000000000' });
    const res = await post(body, { 'x-builtin-signature': signPayload(WEBHOOK_SECRET, body) });
    expect(res.status).toBe(404);
    expect(await knex('membership.paymentEvents').where({ eventId: 'e-3' })).toHaveLength(0);
  });
});

describe('GraphQL', () => {
  it('shows an order only to its account and to operators of its organisation', async () => {
    const order = await newOrder([club.family.child]);
    expect((await graphql(club.stranger.userKey, PAYMENT_RETURN, { reference: order.reference })).data?.paymentReturn).toBeNull();
    expect((await graphql(club.otherOperator.userKey, PAYMENT_RETURN, { reference: order.reference })).data?.paymentReturn).toBeNull();
    expect((await graphql(club.operator.userKey, PAYMENT_RETURN, { reference: order.reference })).data?.paymentReturn).toMatchObject({
      paymentStatus: 'NONE',
      order: {
        status: 'UNPAID',
        lines: expect.arrayContaining([
          {
            kind: 'membership_fee',
            amountMinor: 6000,
            rule: 'base_fee:individual:junior',
            person: { id: String(club.family.child), firstName: 'Finn' },
          },
        ]),
      },
    });
  });

  it('refuses anonymous callers', async () => {
    const res = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({ query: '{ outbox { id } }' }),
    });
    expect((await res.json()).errors?.[0]?.extensions?.code).toBe('NOT_AUTHENTICATED');
  });

  it('records a manual payment for an operator and refuses it to a member, as result values', async () => {
    const order = await newOrder([club.family.grandparent]);
    const mutation = `mutation ($ref: String!, $amount: Int!) { recordManualPayment(orderReference: $ref, amountMinor: $amount) {
      __typename ... on ManualPaymentRecorded { activated order { status memberships { status membershipNumber } } } ... on PaymentError { code message } } }`;
    const refused = await graphql(club.family.userKey, mutation, { ref: order.reference, amount: order.totalMinor });
    expect(refused.data?.recordManualPayment).toMatchObject({ __typename: 'PaymentError', code: 'FORBIDDEN' });
    const recorded = await graphql(club.operator.userKey, mutation, { ref: order.reference, amount: order.totalMinor });
    expect(recorded.data?.recordManualPayment).toMatchObject({
      __typename: 'ManualPaymentRecorded',
      activated: true,
      order: { status: 'PAID', memberships: [{ status: 'ACTIVE', membershipNumber: expect.any(String) }] },
    });

    // Without SMTP the outbox is readable: the operator sees the organisation's, the member their own.
    const outbox = `{ outbox(limit: 50) { subject status kind order { reference } } }`;
    const forOperator = (await graphql(club.operator.userKey, outbox)).data?.outbox as Array<{ order: { reference: string } }>;
    expect(forOperator.map((e) => e.order.reference)).toContain(order.reference);
    const forMember = (await graphql(club.family.userKey, outbox)).data?.outbox as Array<{ order: { reference: string } }>;
    expect(forMember.map((e) => e.order.reference)).toContain(order.reference);
    expect((await graphql(club.stranger.userKey, outbox)).data?.outbox).toEqual([]);
  });

  it("shows an operator a member's e-mail without the secrets of its links; the member reads it as sent", async () => {
    const [added] = await knex('membership.persons')
      .insert({ registrationSystemId: club.tenantId, firstName: 'Fay', lastName: 'Family', dateOfBirth: '1988-08-08' })
      .returning('id');
    const fay = (added as { id: number }).id;
    await knex('membership.linkedPersons').insert({ accountId: club.family.accountId, personId: fay, relationship: 'partner' });
    const order = await newOrder([fay]);
    const renewal = `https://portal.example/?u=${club.family.userKey}&h=5f4dcc3b5aa765d61d8327deb882cf99&registrationSystemId=1`;
    const unsubscribe = 'https://portal.example/membership/reminders/unsubscribe?t=3e1f0c2a-9b7d-4e55-8c3a-1d2f3a4b5c6d';
    const pay = `https://portal.example/pay/${order.reference}?token=pay-token-secret`;
    // As the worker leaves a sent reminder (a queued one would be sent by a worker of another test).
    await knex('membership.emails').insert({
      toAddress: 'fiona@example.org',
      subject: 'Renew now',
      textBody: `Renew: ${renewal}\nPay: ${pay}.\nNo more reminders: ${unsubscribe}`,
      kind: 'renewal_prompt',
      orderId: order.id,
      status: 'sent',
    });
    const outbox = `{ outbox(limit: 50) { subject textBody } }`;
    const bodyFor = async (userKey: string) =>
      ((await graphql(userKey, outbox)).data?.outbox as Array<{ subject: string; textBody: string }>).find((e) => e.subject === 'Renew now')
        ?.textBody;
    const forOperator = await bodyFor(club.operator.userKey);
    for (const secret of ['5f4dcc3b5aa765d61d8327deb882cf99', '3e1f0c2a-9b7d-4e55-8c3a-1d2f3a4b5c6d', 'pay-token-secret']) {
      expect(forOperator).not.toContain(secret);
    }
    expect(forOperator).toContain(`https://portal.example/pay/${order.reference}?token=`);
    expect(forOperator).toContain(`u=${club.family.userKey}`);
    expect(await bodyFor(club.family.userKey)).toBe(`Renew: ${renewal}\nPay: ${pay}.\nNo more reminders: ${unsubscribe}`);
  });

  it('answers membershipPeriod within the caller’s registration system', async () => {
    const result = await graphql(
      club.family.userKey,
      `
        query ($id: Int!) {
          membershipPeriod(id: $id) {
            name
            status
            closedReason
            currency
            options
            membershipTypes {
              code
              name
            }
            organisation {
              id
            }
          }
        }
      `,
      { id: club.periodId },
    );
    expect(result.data?.membershipPeriod).toEqual({
      name: 'Season 2026',
      status: 'OPEN',
      closedReason: null,
      currency: 'EUR',
      options: ['insurance', 'magazine'],
      membershipTypes: [
        { code: 'individual', name: 'Individual' },
        { code: 'junior', name: 'Junior' },
        { code: 'student', name: 'Student' },
      ],
      organisation: { id: String(club.organisationId) },
    });
    const other = await seedClub(knex);
    expect((await graphql(club.family.userKey, `{ membershipPeriod(id: ${other.periodId}) { name } }`)).data?.membershipPeriod).toBeNull();
  });
});

describe('the confirmation e-mail: queued by this service, sent by the membership worker', () => {
  let smtp: TestSmtpServer;
  let worker: RunningMembershipWorker | undefined;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await worker?.stop();
    await smtp.close();
  });

  const startWorker = (onSweep: () => void) =>
    startMembershipWorker(
      loadWorkerEnv({
        DATABASE_URL: db.url,
        MEMBERSHIP_WORKER_PORT: '0',
        LOG_LEVEL: 'silent',
        SMTP_URL: smtp.url,
        // An hour: within the test only the start's pass and the notification at commit send.
        OUTBOX_RETRY_SECONDS: '3600',
        MEMBERSHIP_MESSAGES_EVERY_SECONDS: '3600',
      }),
      // Short Agenda timings: its lock check's timer would otherwise keep jest waiting.
      { onSweep, agendaTimings: { processEveryMs: 1000, lockLifetimeMs: 2000 } },
    );

  async function paidOrder(personId: number) {
    const order = await newOrder([personId], club.operator.accountId);
    await decide(await startCheckout(order), 'pay');
    await untilPaid(order);
    return order;
  }

  const confirmationOf = (order: { id: number }) => knex('membership.emails').where({ orderId: order.id }).first();
  const delivered = async (reference: string) =>
    smtp.received.find((m) => m.parsed.subject?.endsWith(`membership confirmed (${reference})`));
  const nothingQueued = async () => Number((await knex('membership.emails').where({ status: 'queued' }).count({ n: '*' }))[0]?.n) === 0;

  it('waits queued while no worker runs; a worker sends it on start, and a later one as its payment commits, card attached', async () => {
    const [oskar] = await knex('membership.persons')
      .insert({ registrationSystemId: club.tenantId, firstName: 'Oskar', lastName: 'Operator', dateOfBirth: '1978-06-01' })
      .returning('id');
    await knex('membership.linkedPersons').insert({ accountId: club.operator.accountId, personId: oskar.id, relationship: 'partner' });

    // Paid through the service with no worker running: the service sends nothing (with its
    // jsonTransport the row would be marked sent at once), the e-mail waits.
    const waiting = await paidOrder(club.operator.self);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await confirmationOf(waiting)).toMatchObject({ status: 'queued', attempts: 0 });

    let swept = false;
    worker = await startWorker(() => (swept = true));
    await until('the waiting confirmation delivered', () => delivered(waiting.reference), 10_000);
    // The start's pass and sweep over (the welcomes it queued sent), the retry pass an hour away:
    // only the notification at commit can send the next one now.
    await until('the first sweep and every queued e-mail sent', async () => swept && (await nothingQueued()), 10_000);
    await new Promise((r) => setTimeout(r, 500));

    const prompt = await paidOrder(oskar.id);
    const mail = await until('the next confirmation delivered', () => delivered(prompt.reference), 3_000);
    expect(mail.parsed.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    await until('its row marked sent', async () => (await confirmationOf(prompt)).status === 'sent', 1_000);
  });
});
