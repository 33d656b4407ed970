import { createHmac, randomUUID } from 'node:crypto';
import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import type { HttpClient } from '../support/client';
import { signedInBrowser } from '../support/demo';
import { deliveredMail } from '../support/mailSink';
import { createRiversideMember } from '../support/members';
import { payThroughCheckout } from '../support/registration';
import { e2eContext } from '../support/stackContext';

/**
 * The same workflow over the federated GraphQL API (what the React portal uses), the three
 * payment outcomes, and the races: a step submitted twice at once, a webhook delivered twice, the
 * webhook and the return page confirming at the same moment.
 */
const ctx = e2eContext();
let knex: Knex;

beforeAll(() => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 3 });
});
afterAll(() => knex.destroy());

const FORM_FIELDS = `
  __typename
  ... on Form {
    processId step stepCount processState question questionType required canGoBack paymentUrl
    options { value label }
    people { id firstName status canSelect selected answer hide }
    order { id reference status totalMinor currency lines { kind amountMinor rule person { firstName } } }
  }
  ... on FormError { code message rule personId current { step } }
`;

interface GqlForm {
  __typename: 'Form' | 'FormError';
  processId: string;
  step: number;
  stepCount: number;
  processState: string;
  questionType: string | null;
  canGoBack: boolean;
  paymentUrl: string | null;
  options: Array<{ value: string }> | null;
  people: Array<{ id: number; firstName: string; status: string; canSelect: boolean; answer: string | null; hide: boolean }>;
  order: {
    reference: string;
    status: string;
    totalMinor: number;
    lines: Array<{ kind: string; amountMinor: number; rule: string }>;
  } | null;
  code?: string;
  message?: string;
  current?: { step: number };
}

async function form(client: HttpClient, periodId = DEMO_PERIOD_ID): Promise<GqlForm> {
  const { body } = await client.graphql<{ membershipForm: GqlForm }>(
    `query($p: Int!) { membershipForm(periodId: $p) { ${FORM_FIELDS} } }`,
    { p: periodId },
  );
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.membershipForm;
}

async function submit(client: HttpClient, f: GqlForm, people: Array<{ id: number; answer?: string | null }>): Promise<GqlForm> {
  const { body } = await client.graphql<{ submitFormStep: GqlForm }>(
    `mutation($i: SubmitFormStepInput!) { submitFormStep(input: $i) { ${FORM_FIELDS} } }`,
    {
      i: { processId: f.processId, step: f.step, people },
    },
  );
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.submitFormStep;
}

function answer(f: GqlForm, type: string | null, index: number, membershipType: string): string {
  switch (type) {
    case 'DRP':
      return membershipType;
    case 'SEL':
    case 'RDO':
      return f.options![0]!.value;
    case 'NUM':
      return '4';
    case 'BCB':
      return '0';
    case 'ONE':
    case 'ITC':
      return index === 0 || type === 'ITC' ? '1' : '0';
    default:
      return index === 0 ? '+44 20 7946 0001' : '';
  }
}

/** Answers every question; returns the completed form (PENDING_PAYMENT). */
async function completeRegistration(client: HttpClient, membershipType: string): Promise<GqlForm> {
  let f = await form(client);
  if (f.step === 1)
    f = await submit(
      client,
      f,
      f.people.filter((p) => p.canSelect).map((p) => ({ id: p.id })),
    );
  while (f.__typename === 'Form' && f.processState === 'RUNNING') {
    const visible = f.people.filter((p) => !p.hide);
    f = await submit(
      client,
      f,
      visible.map((p, i) => ({ id: p.id, answer: answer(f, f.questionType, i, membershipType) })),
    );
  }
  return f;
}

async function paymentReturn(client: HttpClient, reference: string, transactionId: string | null) {
  const { body } = await client.graphql<{
    paymentReturn: {
      paymentStatus: string;
      periodId: number;
      order: { status: string; memberships: Array<{ status: string; membershipNumber: string | null }> };
    };
  }>(
    'query($r: String!, $t: String) { paymentReturn(reference: $r, transactionId: $t) { paymentStatus periodId order { status memberships { status membershipNumber } } } }',
    {
      r: reference,
      t: transactionId,
    },
  );
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.paymentReturn;
}

describe('GraphQL workflow and payment outcomes', () => {
  let client: HttpClient;
  beforeAll(async () => {
    await createRiversideMember(knex, 'greta.graphql', [{ firstName: 'Greta', lastName: 'Graf', dateOfBirth: '1990-02-02' }]);
    client = await signedInBrowser('greta.graphql');
  });

  it('completes over GraphQL with the order priced line by line (federated from membership)', async () => {
    const f = await completeRegistration(client, 'individual');
    expect(f.processState).toBe('PENDING_PAYMENT');
    expect(f.order).not.toBeNull();
    expect(f.order!.status).toBe('UNPAID');
    expect(f.order!.lines.map((l) => l.kind)).toContain('membership_fee');
    expect(f.order!.lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(f.order!.totalMinor);
  });

  it('failed: nothing changes, and a new attempt for the same order is possible', async () => {
    const f = await form(client);
    const { returnUrl } = await payThroughCheckout(client, f.paymentUrl!, 'fail');
    expect(returnUrl.searchParams.get('status')).toBe('failed');
    const state = await paymentReturn(client, returnUrl.searchParams.get('reference')!, returnUrl.searchParams.get('transactionId'));
    expect(state.paymentStatus).toBe('FAILED');
    expect(state.order.status).toBe('UNPAID');
    expect(state.order.memberships.map((m) => m.status)).toEqual(['PENDING_PAYMENT']);
    expect((await form(client)).processState).toBe('PENDING_PAYMENT');
  });

  it('cancelled: nothing changes but the attempt; the registration still awaits payment with the same link', async () => {
    const f = await form(client);
    const { returnUrl } = await payThroughCheckout(client, f.paymentUrl!, 'cancel');
    const state = await paymentReturn(client, returnUrl.searchParams.get('reference')!, returnUrl.searchParams.get('transactionId'));
    expect(state.paymentStatus).toBe('CANCELLED');
    expect(state.order.status).toBe('UNPAID');
    expect(state.order.memberships.map((m) => m.status)).toEqual(['PENDING_PAYMENT']);
    expect(state.periodId).toBe(DEMO_PERIOD_ID);
    // Contract, "Payment return, status cancelled": unchanged.
    const back = await form(client);
    expect(back).toMatchObject({ processId: f.processId, processState: 'PENDING_PAYMENT', paymentUrl: f.paymentUrl });
  });

  it('success after the cancel: the same link pays the one order, once', async () => {
    const f = await form(client);
    const { returnUrl } = await payThroughCheckout(client, f.paymentUrl!, 'pay');
    const state = await paymentReturn(client, returnUrl.searchParams.get('reference')!, returnUrl.searchParams.get('transactionId'));
    expect(state.paymentStatus).toBe('SUCCEEDED');
    expect(state.order.memberships[0]).toMatchObject({ status: 'ACTIVE', membershipNumber: expect.stringMatching(/^RAC-/) });
    const orders = await knex('membership.orders as o')
      .join('membership.accounts as a', 'a.id', 'o.accountId')
      .where('a.externalUserId', 'greta.graphql')
      .select('o.status');
    expect(orders.map((o) => o.status)).toEqual(['paid']);
  });
});

describe('races and duplicates', () => {
  it('the same step submitted twice at once is stored once; the other gets a conflict with the current state', async () => {
    await createRiversideMember(knex, 'rita.race', [
      { firstName: 'Rita', lastName: 'Race', dateOfBirth: '1985-05-05' },
      { firstName: 'Rob', lastName: 'Race', dateOfBirth: '2015-05-05' },
    ]);
    const client = await signedInBrowser('rita.race');
    let f = await form(client);
    f = await submit(
      client,
      f,
      f.people.map((p) => ({ id: p.id })),
    );
    const people = f.people.map((p, i) => ({ id: p.id, answer: i === 0 ? 'individual' : 'junior' }));
    const [a, b] = await Promise.all([submit(client, f, people), submit(client, f, people)]);
    const results = [a, b].map((r) => r.__typename).sort();
    expect(results).toEqual(['Form', 'FormError']);
    const conflict = [a, b].find((r) => r.__typename === 'FormError')!;
    expect(conflict.code).toBe('STEP_CONFLICT');
    expect(conflict.current?.step).toBe(f.step + 1);
    const stored = await knex('forms.process_step_answers').where({ instanceId: f.processId, step: f.step });
    expect(stored).toHaveLength(2);
  });

  it('a webhook delivered twice, and confirmations racing with it, activate once and assign one number', async () => {
    await createRiversideMember(knex, 'walt.webhook', [{ firstName: 'Walt', lastName: 'Hook', dateOfBirth: '1970-07-07' }]);
    const client = await signedInBrowser('walt.webhook');
    const f = await completeRegistration(client, 'individual');
    const { returnUrl } = await payThroughCheckout(client, f.paymentUrl!, 'pay');
    const reference = returnUrl.searchParams.get('reference')!;
    const transactionId = returnUrl.searchParams.get('transactionId')!;
    const checkout = await knex('membership.builtin_checkouts').where({ id: transactionId }).first();
    const replay = async () => {
      const body = JSON.stringify({
        eventId: checkout.eventId ?? randomUUID(),
        type: 'checkout.decided',
        checkoutId: transactionId,
        status: 'paid',
      });
      const signature = `sha256=${createHmac('sha256', ctx.secrets.paymentWebhookSecret).update(body).digest('hex')}`;
      const res = await fetch(`${ctx.urls.membership}/payments/webhook/builtin`, {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.ems.payment-event+json', 'x-builtin-signature': signature },
        body,
      });
      return res.status;
    };
    const outcomes = await Promise.all([
      replay(),
      replay(),
      paymentReturn(client, reference, transactionId),
      paymentReturn(client, reference, transactionId),
    ]);
    expect(outcomes.slice(0, 2)).toEqual([200, 200]);
    const memberships = await knex('membership.memberships as m')
      .join('membership.orders as o', 'o.id', 'm.orderId')
      .where('o.reference', reference)
      .select('m.*');
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ status: 'active', membershipNumber: expect.stringMatching(/^RAC-/) });
    const succeeded = await knex('membership.payments as p')
      .join('membership.orders as o', 'o.id', 'p.orderId')
      .where({ 'o.reference': reference, 'p.status': 'succeeded' });
    expect(succeeded).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 500));
    // One confirmation (the membership worker's welcome may follow it: docs/membership-life.md).
    const mails = (await deliveredMail(ctx.mailDir)).filter(
      (m) => m.to === 'walt.webhook@example.org' && m.subject.includes('membership confirmed'),
    );
    expect(mails).toHaveLength(1);
  });

  it('a forged webhook signature is refused', async () => {
    const res = await fetch(`${ctx.urls.membership}/payments/webhook/builtin`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.ems.payment-event+json', 'x-builtin-signature': 'sha256=' + '0'.repeat(64) },
      body: JSON.stringify({ eventId: 'e', checkoutId: randomUUID(), status: 'paid' }),
    });
    expect(res.status).toBe(401);
  });
});
