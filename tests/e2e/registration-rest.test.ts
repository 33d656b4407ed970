import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import type { HttpClient } from '../support/client';
import { signedInBrowser } from '../support/demo';
import { deliveredMail } from '../support/mailSink';
import { answersFor, defaultAnswer, getForm, next, nextOk, payThroughCheckout, type FormDTO } from '../support/registration';
import { e2eContext } from '../support/stackContext';

/**
 * The member's journey over the contract's REST endpoints, through the router, with the real
 * processes, the built-in payment provider and a real SMTP server: sign in with a signed link,
 * read the form, select persons, answer every question type, go back and change an answer, leave
 * and resume, complete, pay, and see the memberships active with numbers and the e-mail delivered.
 */
const ctx = e2eContext();
let knex: Knex;
let anna: HttpClient;

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  anna = await signedInBrowser('anna.berg');
});
afterAll(() => knex.destroy());

const CONTRACT_FORM_FIELDS = [
  'options',
  'paymentUrl',
  'people',
  'processId',
  'processState',
  'question',
  'questionType',
  'required',
  'step',
];
const CONTRACT_PERSON_FIELDS = ['answer', 'canSelect', 'dateOfBirth', 'firstName', 'hide', 'id', 'lastName', 'selected', 'status'];

async function personId(firstName: string): Promise<number> {
  const row = await knex('membership.persons').where({ firstName, lastName: 'Berg' }).first('id');
  return row.id;
}

describe('the whole registration journey (REST)', () => {
  let form: FormDTO;
  const seenTypes = new Set<string>();

  it('GET form: FormDTO with exactly the contract fields, persons with their status', async () => {
    form = await getForm(anna, DEMO_PERIOD_ID, 'anna.berg');
    expect(Object.keys(form).sort()).toEqual(CONTRACT_FORM_FIELDS);
    for (const p of form.people) expect(Object.keys(p).sort()).toEqual(CONTRACT_PERSON_FIELDS);
    expect(form.processState).toBe('RUNNING');
    expect(form.step).toBe(1);
    const byName = Object.fromEntries(form.people.map((p) => [p.firstName, p]));
    expect(byName.Anna).toMatchObject({ status: 'Available', canSelect: true, dateOfBirth: '1984-03-12' });
    expect(byName.Noah).toMatchObject({ status: 'Available', canSelect: true });
    expect(byName.Erik).toMatchObject({ status: 'Registered', canSelect: false });
    expect(byName.Liv).toMatchObject({ status: 'Pending Payment', canSelect: false });
  });

  it('refuses selecting a person who cannot be selected, and a person not linked to the user', async () => {
    const erik = await next(anna, form, [{ id: await personId('Erik') }]);
    expect(erik.status).toBeGreaterThanOrEqual(400);
    expect(erik.status).toBeLessThan(500);
    const stranger = await knex('membership.persons').where({ firstName: 'Ben' }).first('id');
    const foreign = await next(anna, form, [{ id: stranger.id }]);
    expect(foreign.status).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'PERSON_NOT_LINKED' });
  });

  it('selects persons with { id } only and moves to the first question', async () => {
    form = await nextOk(anna, form, [{ id: await personId('Anna') }, { id: await personId('Noah') }]);
    expect(form.step).toBe(2);
    expect(form.questionType).toBe('DRP');
    expect(form.options?.map((o) => o.value)).toEqual(expect.arrayContaining(['individual', 'junior']));
  });

  it('answers the question types in turn, with back navigation showing earlier answers', async () => {
    // Membership type: Anna individual, Noah junior.
    form = await nextOk(anna, form, [
      { id: await personId('Anna'), answer: 'individual' },
      { id: await personId('Noah'), answer: 'junior' },
    ]);
    seenTypes.add('DRP');
    const tshirtStep = form.step;
    form = await nextOk(
      anna,
      form,
      answersFor(form, (type, i) => (type === 'SEL' ? ['M', 'XS'][i]! : defaultAnswer(form, type, i))),
    );
    seenTypes.add('SEL');

    // Back to the T-shirt step: the answers given are shown.
    const back = await anna.post(`/api/forms/processes/${form.processId}/back`);
    expect(back.status).toBe(200);
    form = back.json<FormDTO>();
    expect(form.step).toBe(tshirtStep);
    expect(form.people.filter((p) => !p.hide).map((p) => p.answer)).toEqual(['M', 'XS']);
    // Change an answer and go on.
    form = await nextOk(
      anna,
      form,
      answersFor(form, (_type, i) => ['L', 'XS'][i]!),
    );
    const saved = await knex('forms.process_step_answers').where({ instanceId: form.processId, step: tshirtStep }).orderBy('personId');
    expect(saved.map((a) => a.answer).sort()).toEqual(['L', 'XS']);

    while (form.processState === 'RUNNING' && form.questionType) {
      seenTypes.add(form.questionType);
      if (form.questionType === 'TXT' && form.people.some((p) => p.hide)) {
        // The emergency contact applies to adults only: Noah (10) is hidden and not validated.
        expect(form.people.find((p) => p.firstName === 'Noah')?.hide).toBe(true);
      }
      const answers = answersFor(form, (type, i) => defaultAnswer(form, type, i));
      if (form.questionType === 'ITC') break;
      form = await nextOk(anna, form, answers);
    }
    // Every question type of the contract is met on the way.
    expect([...seenTypes].sort()).toEqual(['BCB', 'DRP', 'ITC', 'NUM', 'ONE', 'RDO', 'SEL', 'TXT']);
    expect(form.questionType).toBe('ITC');
  });

  it('refuses an invalid step with an error naming the rule and the person', async () => {
    const res = await next(
      anna,
      form,
      answersFor(form, (_t, i) => (i === 0 ? '1' : '0')),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/ITC_ALL_MUST_AGREE/);
    expect(JSON.stringify(res.json())).toMatch(String(await personId('Noah')));
  });

  it('leaving and coming back offers the choice; resume returns to the current step', async () => {
    const again = await getForm(anna, DEMO_PERIOD_ID, 'anna.berg');
    expect(['RUNNING', 'RESUME']).toContain(again.processState);
    expect(again.processId).toBe(form.processId);
    const resumed = await anna.post(`/api/forms/processes/${form.processId}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.json<FormDTO>()).toMatchObject({ step: form.step, questionType: 'ITC' });
  });

  it('a step that is not the current one is refused with a conflict carrying the current state', async () => {
    const stale = await next(anna, { ...form, step: form.step - 2 }, [{ id: await personId('Anna'), answer: 'x' }]);
    expect(stale.status).toBe(409);
    expect(stale.json<{ details: { current: FormDTO } }>().details.current).toMatchObject({ step: form.step });
  });

  it('completing creates the order and returns PENDING_PAYMENT with a paymentUrl', async () => {
    form = await nextOk(
      anna,
      form,
      answersFor(form, () => '1'),
    );
    expect(form.processState).toBe('PENDING_PAYMENT');
    // The pay link is a capability: the reference alone opens nothing (issue 17).
    expect(form.paymentUrl).toMatch(/^\/services\/admin-service\/payments\/orders\/ORD-\d{4}-\d+\/pay\?token=[\w-]{43}$/);
    const persons = await getForm(anna, DEMO_PERIOD_ID, 'anna.berg');
    expect(persons.processState).toBe('PENDING_PAYMENT');
    const order = await knex('membership.orders')
      .where({ reference: form.paymentUrl!.split('/')[5] })
      .first();
    expect(order).toMatchObject({ status: 'unpaid' });
    const lines = await knex('membership.order_lines').where({ orderId: order.id });
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.every((l) => typeof l.rule === 'string' && l.rule.length > 0)).toBe(true);
    expect(lines.reduce((sum, l) => sum + l.amountMinor, 0)).toBe(order.totalMinor);
    const memberships = await knex('membership.memberships').where({ orderId: order.id });
    expect(memberships.map((m) => m.status)).toEqual(['pending_payment', 'pending_payment']);
  });

  it('a forged return URL with status=success activates nothing', async () => {
    const reference = form.paymentUrl!.split('/')[5]!;
    const forged = await anna.graphql<{ paymentReturn: { paymentStatus: string; order: { status: string } } }>(
      'query($r: String!, $t: String) { paymentReturn(reference: $r, transactionId: $t) { paymentStatus order { status } } }',
      { r: reference, t: '00000000-0000-0000-0000-000000000000' },
    );
    expect(forged.body.data?.paymentReturn.order.status).toBe('UNPAID');
    const memberships = await knex('membership.memberships as m')
      .join('membership.orders as o', 'o.id', 'm.orderId')
      .where('o.reference', reference)
      .select('m.status');
    expect(memberships.every((m) => m.status === 'pending_payment')).toBe(true);
  });

  it('pays through the built-in provider: memberships active with numbers, confirmation e-mail delivered', async () => {
    const { returnUrl } = await payThroughCheckout(anna, form.paymentUrl!, 'pay');
    expect(returnUrl.pathname).toBe('/membership/payment-return');
    expect(returnUrl.searchParams.get('status')).toBe('success');
    const reference = returnUrl.searchParams.get('reference')!;
    const { body } = await anna.graphql<{
      paymentReturn: {
        paymentStatus: string;
        order: { status: string; memberships: Array<{ status: string; membershipNumber: string; person: { firstName: string } }> };
      };
    }>(
      'query($r: String!, $t: String) { paymentReturn(reference: $r, transactionId: $t) { paymentStatus order { status memberships { status membershipNumber person { firstName } } } } }',
      {
        r: reference,
        t: returnUrl.searchParams.get('transactionId'),
      },
    );
    expect(body.data?.paymentReturn.paymentStatus).toBe('SUCCEEDED');
    expect(body.data?.paymentReturn.order.status).toBe('PAID');
    const memberships = body.data!.paymentReturn.order.memberships;
    expect(memberships.map((m) => m.status)).toEqual(['ACTIVE', 'ACTIVE']);
    const numbers = memberships.map((m) => m.membershipNumber);
    expect(new Set(numbers).size).toBe(2);
    for (const n of numbers) expect(n).toMatch(/^RAC-\d{4}-\d{4}$/);

    const mail = await waitForMail((m) => numbers.every((n) => m.text.includes(n)));
    expect(mail.to).toBe('anna.berg@example.org');

    const after = await getForm(anna, DEMO_PERIOD_ID, 'anna.berg');
    expect(after.processState).toBe('COMPLETED');
  });
});

describe('reset', () => {
  it('POST reset returns the initial form state', async () => {
    const ben = await signedInBrowser('ben.meyer');
    let form = await getForm(ben, DEMO_PERIOD_ID, 'ben.meyer');
    form = await nextOk(ben, form, [{ id: form.people[0]!.id }]);
    expect(form.step).toBe(2);
    const reset = await ben.post(`/api/forms/processes/${form.processId}/reset`);
    expect(reset.status).toBe(200);
    expect(reset.json<FormDTO>()).toMatchObject({ step: 1, processState: 'RUNNING' });
    expect(reset.json<FormDTO>().people.every((p) => !p.selected)).toBe(true);
  });
});

describe('bad input gets a clear 4xx in one error shape', () => {
  it.each([
    ['unknown period', '/api/forms/membership/9999?userKey=anna.berg', 404, 'PERIOD_NOT_FOUND'],
    ['closed period', '/api/forms/membership/2?userKey=anna.berg', 403, 'PERIOD_CLOSED'],
    ['a userKey that is not the token’s', `/api/forms/membership/${DEMO_PERIOD_ID}?userKey=ben.meyer`, 403, 'USER_KEY_MISMATCH'],
    ['a period id that is not a number', '/api/forms/membership/abc?userKey=anna.berg', 400, undefined],
  ])('%s', async (_name, path, status, code) => {
    const res = await anna.get(path);
    expect(res.status).toBe(status);
    const body = res.json();
    expect(body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    if (code) expect(body.code).toBe(code);
  });

  it('a user who is not a user of the organisation is refused', async () => {
    const carla = await signedInBrowser('carla.jensen');
    const res = await carla.get(`/api/forms/membership/${DEMO_PERIOD_ID}?userKey=carla.jensen`);
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_ORGANISATION_MEMBER' });
  });

  it('wrong types and oversized strings in POST next', async () => {
    const ben = await signedInBrowser('ben.meyer');
    const form = await getForm(ben, DEMO_PERIOD_ID, 'ben.meyer');
    for (const body of [
      { processId: form.processId, step: 'one', people: [] },
      { processId: form.processId, step: form.step, people: 'everyone' },
      { processId: form.processId, step: form.step, people: [{ id: 'x' }] },
      { processId: form.processId, step: form.step, people: [{ id: form.people[0]!.id, answer: 'x'.repeat(5000) }] },
    ]) {
      const res = await ben.post('/api/forms/next', { json: body });
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
    }
    const huge = await ben.post('/api/forms/next', { json: { processId: form.processId, step: 1, people: [], pad: 'x'.repeat(200_000) } });
    expect(huge.status).toBe(413);
  });
});

async function waitForMail(match: (m: { to: string; subject: string; text: string }) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await deliveredMail(ctx.mailDir)).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the confirmation e-mail did not arrive');
}
