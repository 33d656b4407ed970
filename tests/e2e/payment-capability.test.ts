import { randomUUID } from 'node:crypto';
import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import type { HttpClient } from '../support/client';
import { browser, signedInBrowser } from '../support/demo';
import { createRiversideMember } from '../support/members';
import { getForm, payThroughCheckout, registerPersons, untilOrderPaid, type FormDTO } from '../support/registration';
import { e2eContext } from '../support/stackContext';

/**
 * Issue 17, defect 1: the pay link is bound to the payer by a capability in the link, not by the
 * sequential order reference, and cancelling at a checkout ends that attempt and nothing else
 * (contract, "Payment return, status cancelled": unchanged). Through the router, against the real
 * processes and the built-in provider.
 */
const ctx = e2eContext();
let knex: Knex;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
});
afterAll(() => knex.destroy());

const PAY_PREFIX = '/services/admin-service/payments/orders';

async function completedRegistration(userKey: string): Promise<{ client: HttpClient; form: FormDTO }> {
  const member = await createRiversideMember(knex, userKey, [{ firstName: 'Pia', lastName: 'Payer', dateOfBirth: '1988-08-08' }]);
  const client = await signedInBrowser(userKey);
  const form = await registerPersons(client, DEMO_PERIOD_ID, userKey, member.personIds);
  expect(form).toMatchObject({ processState: 'PENDING_PAYMENT', paymentUrl: expect.stringMatching(/\/pay\?token=[\w-]{43}$/) });
  return { client, form };
}

function referenceOf(paymentUrl: string): string {
  return decodeURIComponent(new URL(paymentUrl, 'http://portal.invalid').pathname.split('/').at(-2) ?? '');
}

/** The state a stranger must not be able to change: the process, its order, the persons. */
async function registrantState(client: HttpClient, userKey: string, reference: string) {
  const form = await getForm(client, DEMO_PERIOD_ID, userKey);
  const order = await knex('membership.orders').where({ reference }).first('status', 'paidMinor');
  const memberships = await knex('membership.memberships as m')
    .join('membership.orders as o', 'o.id', 'm.orderId')
    .where('o.reference', reference)
    .select('m.status');
  return {
    processState: form.processState,
    paymentUrl: form.paymentUrl,
    persons: form.people.filter((p) => p.selected || p.status !== 'Available').map((p) => p.status),
    order,
    memberships: memberships.map((m) => m.status),
  };
}

describe('the pay link needs its capability', () => {
  it('a stranger walking the order references learns nothing and starts nothing', async () => {
    const { form } = await completedRegistration('pia.walked');
    const reference = referenceOf(form.paymentUrl!);
    const [, year, number] = /^ORD-(\d{4})-(\d{6})$/.exec(reference) ?? [];
    const stranger = browser();
    const unknown = await stranger.get(`${PAY_PREFIX}/ORD-1999-000000/pay`);
    expect(unknown.status).toBe(404);
    const before = await knex('membership.payments').count<{ count: string }[]>('* as count');

    const amount = (await knex('membership.orders').where({ reference }).first('totalMinor')).totalMinor as number;
    for (let n = Number(number) - 3; n <= Number(number) + 1; n += 1) {
      const walked = `ORD-${year}-${String(n).padStart(6, '0')}`;
      for (const query of ['', `?token=${'A'.repeat(43)}`, `?token=${walked}`]) {
        const res = await stranger.get(`${PAY_PREFIX}/${walked}/pay${query}`);
        expect(res.status).toBe(404);
        // The same page as an order that does not exist: no reference, no amount, no state.
        expect(res.text).toBe(unknown.text);
        expect(res.text).not.toContain(walked);
        expect(res.text).not.toContain((amount / 100).toFixed(2));
      }
    }
    expect(await knex('membership.payments').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('a stranger cannot cancel: a guessed checkout is unknown, and even a cancelled checkout leaves the registration as it was', async () => {
    const userKey = 'pia.cancelled';
    const { client, form } = await completedRegistration(userKey);
    const reference = referenceOf(form.paymentUrl!);
    const initial = await registrantState(client, userKey, reference);
    expect(initial).toMatchObject({
      processState: 'PENDING_PAYMENT',
      persons: ['Pending Payment'],
      order: { status: 'unpaid', paidMinor: 0 },
      memberships: ['pending_payment'],
    });

    const stranger = browser();
    const guessed = `${PAY_PREFIX.replace('/orders', '')}/builtin/checkout/${randomUUID()}`;
    expect((await stranger.get(guessed)).status).toBe(404);
    const guessedCancel = await stranger.post(guessed, {
      body: 'decision=cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(guessedCancel.status).toBe(404);
    expect(await registrantState(client, userKey, reference)).toEqual(initial);

    // Suppose the stranger got hold of a live checkout anyway (the payer started it) and cancels it.
    const started = await client.get(form.paymentUrl!);
    expect(started.status).toBe(302);
    const checkout = new URL(String(started.headers.location), new URL(form.paymentUrl!, 'http://portal.invalid')).pathname;
    const cancelled = await stranger.post(checkout, {
      body: 'decision=cancel',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(cancelled.status).toBe(303);
    // Contract: a cancelled payment leaves everything unchanged; only that attempt has ended.
    expect(await registrantState(client, userKey, reference)).toEqual(initial);
    expect(
      await knex('membership.payments as p')
        .join('membership.orders as o', 'o.id', 'p.orderId')
        .where('o.reference', reference)
        .pluck('p.status'),
    ).toEqual(['cancelled']);
  });

  it('the payer with the link can fail and retry, cancel and pay again, on the one order', async () => {
    const userKey = 'pia.payer';
    const { client, form } = await completedRegistration(userKey);
    const reference = referenceOf(form.paymentUrl!);

    for (const decision of ['fail', 'cancel'] as const) {
      const { returnUrl } = await payThroughCheckout(client, form.paymentUrl!, decision);
      expect(returnUrl.searchParams.get('status')).toBe(decision === 'fail' ? 'failed' : 'cancelled');
      expect(await registrantState(client, userKey, reference)).toMatchObject({
        processState: 'PENDING_PAYMENT',
        paymentUrl: form.paymentUrl,
        persons: ['Pending Payment'],
        order: { status: 'unpaid' },
        memberships: ['pending_payment'],
      });
    }
    const { returnUrl } = await payThroughCheckout(client, form.paymentUrl!, 'pay');
    expect(returnUrl.searchParams.get('status')).toBe('success');
    // No return page here: the provider's webhook, delivered after the redirect, pays the order.
    await untilOrderPaid(knex, reference);
    const done = await getForm(client, DEMO_PERIOD_ID, userKey);
    expect(done).toMatchObject({ processState: 'COMPLETED', paymentUrl: null });
    const orders = await knex('membership.orders as o')
      .join('membership.accounts as a', 'a.id', 'o.accountId')
      .where('a.externalUserId', userKey)
      .pluck('o.status');
    expect(orders).toEqual(['paid']);
    // Paid: the link now says so, to its holder only.
    expect((await client.get(form.paymentUrl!)).status).toBe(409);
    expect((await browser().get(`${PAY_PREFIX}/${reference}/pay`)).status).toBe(404);
  });
});
