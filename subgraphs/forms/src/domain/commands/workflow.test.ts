import type { Knex } from '@ems/db';
import { replaceStepAnswersReturningPrevious } from '../../data/answers';
import { scratchDatabase, seedAccount, seedDefinition } from '../../testing/fixture';
import { membershipFixture } from '../../testing/membership';
import type { MembershipFixture } from '../../testing/membershipFixture';
import {
  ADULT,
  CHILD,
  FAMILY_FORM_LAST,
  FAMILY_FORM_STEPS,
  familyAnswersAt,
  SENIOR,
  countRows,
  form,
  open,
  refusal,
  scenario,
  selectPersons,
  submit,
  type Scenario,
} from '../../testing/scenario';
import type { MembershipPort, RegistrationOrderInput } from '../membershipPort';
import type { FormView } from '../types';
import { back, getForm, next, reset, resume } from '.';

/** The registration workflow through its domain functions, on a real PostgreSQL. */

let db: { knex: Knex; drop(): Promise<void> };
let membership: MembershipFixture;

beforeAll(async () => {
  db = await scratchDatabase();
  membership = await membershipFixture(db.knex);
});
afterAll(() => db.drop());

const setup = (opts: Partial<Parameters<typeof scenario>[2]> = {}) => scenario(db.knex, membership, { steps: FAMILY_FORM_STEPS, ...opts });

/** Selects everybody and answers up to (not including) `untilStep`. */
async function walk(sc: Scenario, untilStep: number): Promise<FormView> {
  let f = await selectPersons(sc);
  while (f.step < untilStep && f.processState === 'RUNNING') f = form(await submit(sc, f, familyAnswersAt(f.step, sc.account.personIds)));
  return f;
}

async function completed(sc: Scenario): Promise<FormView> {
  const last = await walk(sc, FAMILY_FORM_LAST);
  return form(await submit(sc, last, familyAnswersAt(FAMILY_FORM_LAST, sc.account.personIds)));
}

async function instanceRow(sc: Scenario, processId: string) {
  return sc.knex('forms.process_instances').where({ id: processId }).first();
}

async function storedAnswers(sc: Scenario, processId: string) {
  return sc
    .knex('forms.process_step_answers')
    .where({ instanceId: processId })
    .orderBy(['step', 'personId'])
    .select('step', 'personId', 'answer');
}

describe('process state transitions through the domain', () => {
  it('NONE --start--> RUNNING: the first fetch creates the process at the person overview', async () => {
    const sc = await setup();
    const f = await open(sc);
    expect(f).toMatchObject({ step: 1, stepCount: 7, processState: 'RUNNING', question: null, questionType: null, paymentUrl: null });
    expect(f.people.map((p) => p.id)).toEqual(sc.account.personIds);
    expect(await countRows(sc.knex, 'forms.process_instances', { accountId: sc.account.user.accountId })).toBe(1);
  });

  it('a second fetch returns the same RUNNING process (the client then offers reset or resume)', async () => {
    const sc = await setup();
    const first = await open(sc);
    const again = await open(sc);
    expect(again.processId).toBe(first.processId);
    expect(again.processState).toBe('RUNNING');
    expect(await countRows(sc.knex, 'forms.process_instances', { accountId: sc.account.user.accountId })).toBe(1);
  });

  it('RUNNING --answer--> RUNNING: next moves to the next question', async () => {
    const sc = await setup();
    const f = await selectPersons(sc);
    expect(f).toMatchObject({ step: 2, processState: 'RUNNING', questionType: 'DRP', required: true, canGoBack: true });
    const third = form(await submit(sc, f, familyAnswersAt(2, sc.account.personIds)));
    expect(third).toMatchObject({ step: 3, processState: 'RUNNING', questionType: 'TXT' });
  });

  it('RUNNING --back--> RUNNING: one step back, the earlier answers shown', async () => {
    const sc = await setup();
    const atFour = await walk(sc, 4);
    const atThree = form(await back(sc.deps, sc.account.user, { processId: atFour.processId }));
    expect(atThree).toMatchObject({ step: 3, processState: 'RUNNING' });
    expect(atThree.people.find((p) => p.id === sc.account.personIds[0])?.answer).toBe('+47 555 0100');
    const atTwo = form(await back(sc.deps, sc.account.user, { processId: atFour.processId }));
    expect(atTwo.people.map((p) => p.answer)).toEqual(['individual', 'junior']);
    const overview = form(await back(sc.deps, sc.account.user, { processId: atFour.processId }));
    expect(overview).toMatchObject({ step: 1, canGoBack: false });
    expect(overview.people.every((p) => p.selected)).toBe(true);
  });

  it('answering a step again after back replaces its answers and shows the next step with the answers stored there', async () => {
    const sc = await setup();
    const atFive = await walk(sc, 5);
    await back(sc.deps, sc.account.user, { processId: atFive.processId });
    const atThree = form(await back(sc.deps, sc.account.user, { processId: atFive.processId }));
    const [adult] = sc.account.personIds;
    const atFour = form(await submit(sc, atThree, [{ id: adult!, answer: '+47 555 0199' }]));
    expect(atFour).toMatchObject({ step: 4, processState: 'RUNNING' });
    const stored = await storedAnswers(sc, atFive.processId);
    const storedAtFour = stored.filter((a) => a.step === 4);
    expect(storedAtFour).toHaveLength(2);
    expect(atFour.people.map((p) => p.answer)).toEqual(storedAtFour.map((a) => a.answer));
    expect(stored.filter((a) => a.step === 3)).toEqual([expect.objectContaining({ personId: adult, answer: '+47 555 0199' })]);
    expect(await instanceRow(sc, atFive.processId)).toMatchObject({ step: 4, state: 'RUNNING' });
  });

  it('replacing the last answers returns every answer as it was before, in step and person order', async () => {
    const sc = await setup();
    const atFour = await walk(sc, 4);
    const [adult] = sc.account.personIds;
    const before = await storedAnswers(sc, atFour.processId);
    const previous = await sc.knex.transaction((trx) =>
      replaceStepAnswersReturningPrevious(trx, atFour.processId, 3, [{ personId: adult!, answer: '+47 555 0142' }]),
    );
    expect(previous).toEqual(before);
    expect(previous.filter((a) => a.step === 3)).toEqual([{ step: 3, personId: adult, answer: '+47 555 0100' }]);
    expect((await storedAnswers(sc, atFour.processId)).filter((a) => a.step === 3)).toEqual([
      { step: 3, personId: adult, answer: '+47 555 0142' },
    ]);
  });

  it('back from the overview is refused with the current form', async () => {
    const sc = await setup();
    const f = await open(sc);
    const r = refusal(await back(sc.deps, sc.account.user, { processId: f.processId }));
    expect(r).toMatchObject({ kind: 'conflict', code: 'NO_EARLIER_STEP', current: { step: 1 } });
  });

  it('RUNNING --resume--> RUNNING: continues at the current step', async () => {
    const sc = await setup();
    const atThree = await walk(sc, 3);
    const resumed = form(await resume(sc.deps, sc.account.user, atThree.processId));
    expect(resumed).toMatchObject({ step: 3, processState: 'RUNNING' });
  });

  it('RUNNING --reset--> RUNNING: back to the overview, answers and selection cleared', async () => {
    const sc = await setup();
    const atFour = await walk(sc, 4);
    const fresh = form(await reset(sc.deps, sc.account.user, atFour.processId));
    expect(fresh).toMatchObject({ processId: atFour.processId, step: 1, processState: 'RUNNING' });
    expect(fresh.people.every((p) => !p.selected)).toBe(true);
    expect(await storedAnswers(sc, atFour.processId)).toEqual([]);
  });

  it('RUNNING --suspend--> SUSPENDED --revisit--> RESUME: a process left longer than a session waits for the choice', async () => {
    const sc = await setup();
    const atThree = await walk(sc, 3);
    await sc
      .knex('forms.process_instances')
      .where({ id: atThree.processId })
      .update({ updatedAt: new Date(sc.clock.now().getTime() - 31 * 60_000) });
    const seen = await open(sc);
    expect(seen).toMatchObject({ processId: atThree.processId, processState: 'RESUME', step: 3, canGoBack: false });
    expect((await instanceRow(sc, atThree.processId)).state).toBe('RESUME');
  });

  it('a process used within the session stays RUNNING when fetched', async () => {
    const sc = await setup();
    await walk(sc, 3);
    expect((await open(sc)).processState).toBe('RUNNING');
  });

  it.each(['resume', 'reset'] as const)('SUSPENDED --%s--> RUNNING', async (event) => {
    const sc = await setup();
    const atThree = await walk(sc, 3);
    await sc.knex('forms.process_instances').where({ id: atThree.processId }).update({ state: 'SUSPENDED' });
    const f = form(await (event === 'resume' ? resume : reset)(sc.deps, sc.account.user, atThree.processId));
    expect(f).toMatchObject({ processState: 'RUNNING', step: event === 'resume' ? 3 : 1 });
  });

  it('SUSPENDED --revisit--> RESUME when fetched', async () => {
    const sc = await setup();
    const atThree = await walk(sc, 3);
    await sc.knex('forms.process_instances').where({ id: atThree.processId }).update({ state: 'SUSPENDED' });
    expect((await open(sc)).processState).toBe('RESUME');
  });

  it.each(['resume', 'reset'] as const)('RESUME --%s--> RUNNING', async (event) => {
    const sc = await setup();
    const atThree = await walk(sc, 3);
    await sc.knex('forms.process_instances').where({ id: atThree.processId }).update({ state: 'RESUME' });
    const f = form(await (event === 'resume' ? resume : reset)(sc.deps, sc.account.user, atThree.processId));
    expect(f).toMatchObject({ processState: 'RUNNING', step: event === 'resume' ? 3 : 1 });
    if (event === 'resume') expect(f.people.find((p) => p.id === sc.account.personIds[0])?.answer).toBeNull();
  });

  it('RESUME does not accept answers or back until the user chooses (409 with the current form)', async () => {
    const sc = await setup();
    const atThree = await walk(sc, 3);
    await sc.knex('forms.process_instances').where({ id: atThree.processId }).update({ state: 'RESUME' });
    const answered = refusal(await submit(sc, atThree, familyAnswersAt(3, sc.account.personIds)));
    expect(answered).toMatchObject({ kind: 'conflict', code: 'ILLEGAL_PROCESS_TRANSITION', current: { processState: 'RESUME', step: 3 } });
    const backed = refusal(await back(sc.deps, sc.account.user, { processId: atThree.processId }));
    expect(backed).toMatchObject({ kind: 'conflict', code: 'ILLEGAL_PROCESS_TRANSITION' });
  });

  it('RUNNING --complete--> PENDING_PAYMENT: order, Pending Payment memberships and the payment link', async () => {
    const sc = await setup();
    const done = await completed(sc);
    expect(done).toMatchObject({
      processState: 'PENDING_PAYMENT',
      step: FAMILY_FORM_LAST,
      question: null,
      questionType: null,
      canGoBack: false,
    });
    expect(done.paymentUrl).toMatch(/^\/services\/admin-service\/payments\/orders\/ORD-[\d-]+\/pay\?token=[\w-]{43}$/);
    expect(done.people.map((p) => [p.id, p.status, p.canSelect])).toEqual(sc.account.personIds.map((id) => [id, 'Pending Payment', false]));
    const orders = await sc.membership.orders(sc.account.user.accountId);
    expect(orders).toEqual([expect.objectContaining({ id: done.orderId, status: 'unpaid' })]);
    const memberships = await sc.membership.memberships(sc.account.personIds);
    expect(memberships.map((m) => [m.personId, m.status, m.orderId, m.membershipTypeCode])).toEqual([
      [sc.account.personIds[0], 'pending_payment', done.orderId, 'individual'],
      [sc.account.personIds[1], 'pending_payment', done.orderId, 'junior'],
    ]);
    const row = await instanceRow(sc, done.processId);
    expect(row).toMatchObject({ state: 'PENDING_PAYMENT', orderId: done.orderId, paymentUrl: done.paymentUrl });
  });

  it('PENDING_PAYMENT --paymentSucceeded--> COMPLETED on the next read; the read after that starts a new process', async () => {
    const sc = await setup();
    const done = await completed(sc);
    await sc.membership.recordPayment(done.orderId!, 'succeeded');
    const seen = await open(sc);
    expect(seen).toMatchObject({ processId: done.processId, processState: 'COMPLETED', paymentUrl: null });
    expect(seen.people.map((p) => p.status)).toEqual(['Registered', 'Registered']);
    const fresh = await open(sc);
    expect(fresh.processId).not.toBe(done.processId);
    expect(fresh).toMatchObject({ processState: 'RUNNING', step: 1 });
    expect(fresh.people.map((p) => p.canSelect)).toEqual([false, false]);
  });

  it('PENDING_PAYMENT --paymentFailed--> PENDING_PAYMENT: the same link, retry allowed', async () => {
    const sc = await setup();
    const done = await completed(sc);
    await sc.membership.recordPayment(done.orderId!, 'failed');
    const seen = await open(sc);
    expect(seen).toMatchObject({ processState: 'PENDING_PAYMENT', paymentUrl: done.paymentUrl, orderId: done.orderId });
  });

  it('PENDING_PAYMENT --paymentCancelled--> PENDING_PAYMENT: the same order and link, the persons still Pending Payment', async () => {
    const sc = await setup();
    const done = await completed(sc);
    await sc.membership.recordPayment(done.orderId!, 'cancelled');
    const seen = await open(sc);
    // Contract, "Payment return, status cancelled": unchanged. Only the attempt ended.
    expect(seen).toMatchObject({
      processId: done.processId,
      processState: 'PENDING_PAYMENT',
      paymentUrl: done.paymentUrl,
      orderId: done.orderId,
    });
    expect(seen.people.map((p) => [p.status, p.canSelect])).toEqual([
      ['Pending Payment', false],
      ['Pending Payment', false],
    ]);
    expect((await sc.membership.orders(sc.account.user.accountId)).map((o) => [o.id, o.status])).toEqual([[done.orderId, 'unpaid']]);
    expect((await sc.membership.memberships(sc.account.personIds)).map((m) => m.status)).toEqual(['pending_payment', 'pending_payment']);
    expect(await instanceRow(sc, done.processId)).toMatchObject({
      state: 'PENDING_PAYMENT',
      orderId: done.orderId,
      paymentUrl: done.paymentUrl,
    });
  });

  it('after cancelled and failed attempts, paying the same order completes the process (no new order)', async () => {
    const sc = await setup();
    const done = await completed(sc);
    await sc.membership.recordPayment(done.orderId!, 'cancelled');
    expect((await open(sc)).processState).toBe('PENDING_PAYMENT');
    await sc.membership.recordPayment(done.orderId!, 'failed');
    expect((await open(sc)).processState).toBe('PENDING_PAYMENT');
    await sc.membership.recordPayment(done.orderId!, 'succeeded');
    const seen = await open(sc);
    expect(seen).toMatchObject({ processId: done.processId, processState: 'COMPLETED', paymentUrl: null });
    expect(seen.people.map((p) => p.status)).toEqual(['Registered', 'Registered']);
    expect((await sc.membership.orders(sc.account.user.accountId)).map((o) => [o.id, o.status])).toEqual([[done.orderId, 'paid']]);
  });

  it('a cancelled payment opens no way back into the questions: reset and resume stay refused, the order kept', async () => {
    const sc = await setup();
    const done = await completed(sc);
    await sc.membership.recordPayment(done.orderId!, 'cancelled');
    const seen = await open(sc);
    expect(refusal(await reset(sc.deps, sc.account.user, seen.processId))).toMatchObject({
      kind: 'conflict',
      code: 'ILLEGAL_PROCESS_TRANSITION',
      current: { processState: 'PENDING_PAYMENT' },
    });
    expect(refusal(await resume(sc.deps, sc.account.user, seen.processId))).toMatchObject({ kind: 'conflict' });
    expect((await sc.membership.orders(sc.account.user.accountId)).map((o) => o.status)).toEqual(['unpaid']);
    expect((await sc.membership.memberships(sc.account.personIds)).map((m) => m.status)).toEqual(['pending_payment', 'pending_payment']);
  });

  it('an order cancelled by someone else lets the process go back to RESUME without it', async () => {
    const sc = await setup();
    const done = await completed(sc);
    await sc.knex.transaction((trx) => sc.membership.port.cancelUnpaidOrder(trx, done.orderId!));
    const seen = await open(sc);
    expect(seen).toMatchObject({ processState: 'RESUME', orderId: null });
    expect(seen.people.map((p) => p.status)).toEqual(['Available', 'Available']);
  });

  it('RESUME with the old order paid after all --cancel--> CANCELLED (no way to COMPLETED in the table)', async () => {
    const sc = await setup();
    const done = await completed(sc);
    // A process that went to RESUME keeping its order (as a cancelled payment did before the pay
    // link needed its capability); rows like it may still exist.
    await sc.knex('forms.process_instances').where({ id: done.processId }).update({ state: 'RESUME', paymentUrl: null });
    expect((await open(sc)).processState).toBe('RESUME');
    await sc.membership.recordPayment(done.orderId!, 'succeeded');
    // Like a completion, the read that notices shows the ended process once; the next starts afresh.
    const seen = await open(sc);
    expect(seen).toMatchObject({ processId: done.processId, processState: 'CANCELLED', paymentUrl: null });
    expect(seen.people.map((p) => p.status)).toEqual(['Registered', 'Registered']);
    expect((await instanceRow(sc, done.processId)).state).toBe('CANCELLED');
    expect((await open(sc)).processId).not.toBe(done.processId);
  });

  it('PENDING_PAYMENT --back--> RUNNING at the last question, the order kept (issue 23: change answers while payment is due)', async () => {
    const sc = await setup();
    const done = await completed(sc);
    const backed = form(await back(sc.deps, sc.account.user, { processId: done.processId }));
    expect(backed).toMatchObject({ processState: 'RUNNING', step: FAMILY_FORM_LAST, paymentUrl: null, orderId: done.orderId });
    // The same answers make the same order: completing again keeps it, reference and pay link.
    const again = form(await submit(sc, backed, familyAnswersAt(FAMILY_FORM_LAST, sc.account.personIds)));
    expect(again).toMatchObject({ processState: 'PENDING_PAYMENT', orderId: done.orderId, paymentUrl: done.paymentUrl });
    expect((await sc.membership.orders(sc.account.user.accountId)).map((o) => [o.id, o.status])).toEqual([[done.orderId, 'unpaid']]);
  });

  it.each(['reset', 'resume'] as const)('PENDING_PAYMENT does not accept %s (409 with the current form)', async (event) => {
    const sc = await setup();
    const done = await completed(sc);
    const outcome = await (event === 'reset' ? reset : resume)(sc.deps, sc.account.user, done.processId);
    expect(refusal(outcome)).toMatchObject({
      kind: 'conflict',
      code: 'ILLEGAL_PROCESS_TRANSITION',
      current: { processState: 'PENDING_PAYMENT', paymentUrl: done.paymentUrl },
    });
  });

  it('COMPLETED is terminal: reset, resume and next are refused', async () => {
    const sc = await setup();
    const done = await completed(sc);
    await sc.membership.recordPayment(done.orderId!, 'succeeded');
    for (const outcome of [
      await reset(sc.deps, sc.account.user, done.processId),
      await resume(sc.deps, sc.account.user, done.processId),
      await submit(sc, done, familyAnswersAt(FAMILY_FORM_LAST, sc.account.personIds)),
    ]) {
      expect(refusal(outcome)).toMatchObject({
        kind: 'conflict',
        code: 'ILLEGAL_PROCESS_TRANSITION',
        current: { processState: 'COMPLETED' },
      });
    }
  });
});

describe('person status in the overview', () => {
  it('Available: can be selected', async () => {
    const sc = await setup({ persons: [ADULT] });
    const f = await open(sc);
    expect(f.people).toEqual([
      expect.objectContaining({ status: 'Available', canSelect: true, selected: false, answer: null, hide: false }),
    ]);
  });

  it('Registered (an active membership in the period): cannot be selected, selecting is refused', async () => {
    const sc = await setup({ persons: [ADULT, SENIOR] });
    await sc.membership.registerActive(sc.account.personIds[1]!, sc.periodId);
    const f = await open(sc);
    expect(f.people.map((p) => [p.status, p.canSelect])).toEqual([
      ['Available', true],
      ['Registered', false],
    ]);
    const r = refusal(await submit(sc, f, [{ id: sc.account.personIds[1]! }]));
    expect(r).toMatchObject({ kind: 'invalid', code: 'ANSWER_INVALID', rule: 'PERSON_NOT_SELECTABLE', personId: sc.account.personIds[1] });
  });

  it('Pending Payment (an unpaid order of another registration): cannot be selected, selecting is refused', async () => {
    const sc = await setup({ persons: [ADULT, CHILD] });
    const child = sc.account.personIds[1]!;
    const pending = await sc.knex.transaction((trx) =>
      sc.membership.port.createRegistrationOrder(trx, {
        accountId: sc.account.user.accountId,
        periodId: sc.periodId,
        today: sc.clock.today(),
        persons: [{ personId: child, membershipTypeCode: 'junior', options: [] }],
      }),
    );
    expect(pending.ok).toBe(true);
    const f = await open(sc);
    expect(f.people.map((p) => [p.status, p.canSelect])).toEqual([
      ['Available', true],
      ['Pending Payment', false],
    ]);
    const r = refusal(await submit(sc, f, [{ id: sc.account.personIds[0]! }, { id: child }]));
    expect(r).toMatchObject({ rule: 'PERSON_NOT_SELECTABLE', personId: child });
  });

  it('an empty selection is refused', async () => {
    const sc = await setup();
    const f = await open(sc);
    expect(refusal(await submit(sc, f, []))).toMatchObject({ kind: 'invalid', rule: 'NO_PERSON_SELECTED', personId: null });
  });

  it('question steps show only the selected persons', async () => {
    const sc = await setup();
    const f = await selectPersons(sc, [sc.account.personIds[1]!]);
    expect(f.people.map((p) => [p.id, p.selected])).toEqual([[sc.account.personIds[1], true]]);
  });
});

describe('step conflicts and concurrency', () => {
  it('a step that is not the current one (second tab, double click) is refused with 409 and the current form', async () => {
    const sc = await setup();
    const atTwo = await selectPersons(sc);
    form(await submit(sc, atTwo, familyAnswersAt(2, sc.account.personIds)));
    const stale = refusal(await submit(sc, atTwo, [{ id: sc.account.personIds[0]!, answer: 'family' }]));
    expect(stale).toMatchObject({ kind: 'conflict', code: 'STEP_CONFLICT', current: { step: 3, processState: 'RUNNING' } });
    const stored = await storedAnswers(sc, atTwo.processId);
    expect(stored.filter((a) => a.step === 2).map((a) => a.answer)).toEqual(['individual', 'junior']);
  });

  it('the same step submitted twice at once is stored once; the second gets 409 with the current form', async () => {
    const sc = await setup();
    const atTwo = await selectPersons(sc);
    const outcomes = await Promise.all([
      submit(sc, atTwo, familyAnswersAt(2, sc.account.personIds)),
      submit(sc, atTwo, familyAnswersAt(2, sc.account.personIds)),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const loser = outcomes.find((o) => !o.ok)!;
    expect(refusal(loser)).toMatchObject({ code: 'STEP_CONFLICT', current: { step: 3 } });
    expect((await instanceRow(sc, atTwo.processId)).step).toBe(3);
    expect(await countRows(sc.knex, 'forms.process_step_answers', { instanceId: atTwo.processId, step: 2 })).toBe(2);
  });

  it('the last step submitted twice at once creates one order; the second sees PENDING_PAYMENT', async () => {
    const sc = await setup();
    const last = await walk(sc, FAMILY_FORM_LAST);
    const outcomes = await Promise.all([
      submit(sc, last, familyAnswersAt(FAMILY_FORM_LAST, sc.account.personIds)),
      submit(sc, last, familyAnswersAt(FAMILY_FORM_LAST, sc.account.personIds)),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(refusal(outcomes.find((o) => !o.ok)!)).toMatchObject({ kind: 'conflict', current: { processState: 'PENDING_PAYMENT' } });
    expect(await sc.membership.orders(sc.account.user.accountId)).toHaveLength(1);
  });

  it('two first visits at once create one process', async () => {
    const sc = await setup();
    const [a, b] = await Promise.all([open(sc), open(sc)]);
    expect(a.processId).toBe(b.processId);
    expect(await countRows(sc.knex, 'forms.process_instances', { accountId: sc.account.user.accountId })).toBe(1);
  });

  it('back with a stale step goes back once (double click)', async () => {
    const sc = await setup();
    const atFour = await walk(sc, 4);
    form(await back(sc.deps, sc.account.user, { processId: atFour.processId, step: 4 }));
    const second = refusal(await back(sc.deps, sc.account.user, { processId: atFour.processId, step: 4 }));
    expect(second).toMatchObject({ code: 'STEP_CONFLICT', current: { step: 3 } });
  });
});

describe('who may act', () => {
  it('a userKey that differs from the token is refused (403)', async () => {
    const sc = await setup();
    const r = refusal(await getForm(sc.deps, sc.account.user, { periodId: sc.periodId, userKey: 'someone.else' }));
    expect(r).toMatchObject({ kind: 'forbidden', code: 'USER_KEY_MISMATCH' });
    expect(await countRows(sc.knex, 'forms.process_instances', { accountId: sc.account.user.accountId })).toBe(0);
  });

  it("the token's own userKey is accepted", async () => {
    const sc = await setup();
    expect((await getForm(sc.deps, sc.account.user, { periodId: sc.periodId, userKey: sc.account.user.userKey })).ok).toBe(true);
  });

  it("another account's process is not found (404), and so is a malformed id", async () => {
    const sc = await setup();
    const f = await open(sc);
    const other = await seedAccount(sc.knex, sc.tenant, [ADULT]);
    for (const outcome of [
      await resume(sc.deps, other.user, f.processId),
      await reset(sc.deps, other.user, f.processId),
      await next(sc.deps, other.user, { processId: f.processId, step: 1, people: [{ id: other.personIds[0]! }] }),
      await resume(sc.deps, sc.account.user, 'not-a-uuid'),
    ]) {
      expect(refusal(outcome)).toMatchObject({ kind: 'notFound', code: 'PROCESS_NOT_FOUND' });
    }
  });

  it('a person of another account, or an unknown id, is refused (403) in the selection and in answers', async () => {
    const sc = await setup();
    const other = await seedAccount(sc.knex, sc.tenant, [ADULT]);
    const f = await open(sc);
    for (const id of [other.personIds[0]!, 999_999]) {
      expect(refusal(await submit(sc, f, [{ id: sc.account.personIds[0]! }, { id }]))).toMatchObject({
        kind: 'forbidden',
        code: 'PERSON_NOT_LINKED',
        personId: id,
      });
    }
    const atTwo = await selectPersons(sc);
    expect(
      refusal(await submit(sc, atTwo, [...familyAnswersAt(2, sc.account.personIds), { id: other.personIds[0]!, answer: 'family' }])),
    ).toMatchObject({
      kind: 'forbidden',
      code: 'PERSON_NOT_LINKED',
    });
    expect(await countRows(sc.knex, 'forms.process_step_answers', { instanceId: atTwo.processId })).toBe(0);
  });

  it('a linked person who is not part of the registration cannot answer', async () => {
    const sc = await setup();
    const [adult, child] = sc.account.personIds;
    const atTwo = await selectPersons(sc, [adult!]);
    const r = refusal(
      await submit(sc, atTwo, [
        { id: adult!, answer: 'individual' },
        { id: child!, answer: 'junior' },
      ]),
    );
    expect(r).toMatchObject({ kind: 'invalid', rule: 'PERSON_NOT_SELECTED', personId: child });
  });

  it('a period of another tenant is not found (404)', async () => {
    const sc = await setup();
    const elsewhere = await setup();
    const r = refusal(await getForm(sc.deps, sc.account.user, { periodId: elsewhere.periodId }));
    expect(r).toMatchObject({ kind: 'notFound', code: 'PERIOD_NOT_FOUND' });
  });
});

describe('periods that do not take registrations', () => {
  it.each([
    [{ status: 'closed' as const }, 'PERIOD_CLOSED'],
    [{ registrationOpensOn: '2026-04-01' }, 'REGISTRATION_NOT_OPEN'],
    [{ registrationClosesOn: '2026-03-14' }, 'REGISTRATION_ENDED'],
  ])('%o: refused with %s (403) and no process created', async (period, code) => {
    const sc = await setup({ period });
    expect(refusal(await getForm(sc.deps, sc.account.user, { periodId: sc.periodId }))).toMatchObject({ kind: 'forbidden', code });
    expect(await countRows(sc.knex, 'forms.process_instances', { accountId: sc.account.user.accountId })).toBe(0);
  });

  it('answers are refused once registration has ended; a process waiting for payment is still shown', async () => {
    const sc = await setup();
    const atTwo = await selectPersons(sc);
    sc.clock.set(new Date('2027-01-02T10:00:00Z'));
    expect(refusal(await submit(sc, atTwo, familyAnswersAt(2, sc.account.personIds)))).toMatchObject({
      kind: 'forbidden',
      code: 'REGISTRATION_ENDED',
    });
    expect(refusal(await getForm(sc.deps, sc.account.user, { periodId: sc.periodId }))).toMatchObject({ code: 'REGISTRATION_ENDED' });

    const paying = await setup();
    const done = await completed(paying);
    paying.clock.set(new Date('2027-01-02T10:00:00Z'));
    expect(await open(paying)).toMatchObject({ processId: done.processId, processState: 'PENDING_PAYMENT' });
  });

  it('an organisation without a membership form: 404', async () => {
    const sc = await setup({ definition: false });
    expect(refusal(await getForm(sc.deps, sc.account.user, { periodId: sc.periodId }))).toMatchObject({
      kind: 'notFound',
      code: 'PROCESS_DEFINITION_NOT_FOUND',
    });
  });

  it("a period uses the highest version of the organisation's definition; a running process keeps its own", async () => {
    const sc = await setup();
    const running = await open(sc);
    await seedDefinition(sc.knex, sc.tenant.organisationId, [{ questionType: 'ITC' }], 2);
    expect((await open(sc)).stepCount).toBe(7);
    const other = await seedAccount(sc.knex, sc.tenant, [ADULT]);
    const f = form(await getForm(sc.deps, other.user, { periodId: sc.periodId }));
    expect(f.stepCount).toBe(2);
    expect(running.processId).not.toBe(f.processId);
  });
});

describe('completion', () => {
  function recordingPort(port: MembershipPort, inputs: RegistrationOrderInput[]): MembershipPort {
    return {
      ...port,
      createRegistrationOrder: (trx, input) => {
        inputs.push(input);
        return port.createRegistrationOrder(trx, input);
      },
    };
  }

  it('maps the answer_key steps to the order: membership type, options and transfer club per person', async () => {
    const inputs: RegistrationOrderInput[] = [];
    const sc = await setup({ port: recordingPort(membership.port, inputs) });
    await completed(sc);
    const [adult, child] = sc.account.personIds;
    expect(inputs).toEqual([
      {
        accountId: sc.account.user.accountId,
        periodId: sc.periodId,
        today: '2026-03-15',
        persons: [
          { personId: adult, membershipTypeCode: 'individual', options: ['insurance', 'magazine'], transferFromClub: 'Lakeside SC' },
          { personId: child, membershipTypeCode: 'junior', options: [] },
        ],
      },
    ]);
  });

  it('options the period does not offer are left out of the order', async () => {
    const inputs: RegistrationOrderInput[] = [];
    const sc = await setup({ port: recordingPort(membership.port, inputs), period: { options: ['magazine'] } });
    await completed(sc);
    expect(inputs[0]?.persons[0]?.options).toEqual(['magazine']);
  });

  it('a failure after the order is created leaves nothing behind: no order, no membership, no answer change', async () => {
    let createdOrderId: number | null = null;
    const failing: MembershipPort = {
      ...membership.port,
      createRegistrationOrder: async (trx, input) => {
        const result = await membership.port.createRegistrationOrder(trx, input);
        if (result.ok) createdOrderId = result.order.id;
        throw new Error('injected failure after the order was created');
      },
    };
    const sc = await setup({ port: failing });
    const last = await walk(sc, FAMILY_FORM_LAST);
    const answersBefore = await storedAnswers(sc, last.processId);
    await expect(submit(sc, last, familyAnswersAt(FAMILY_FORM_LAST, sc.account.personIds))).rejects.toThrow('injected failure');
    expect(createdOrderId).not.toBeNull();
    expect(await sc.membership.orders(sc.account.user.accountId)).toEqual([]);
    expect(await sc.membership.memberships(sc.account.personIds)).toEqual([]);
    expect(await storedAnswers(sc, last.processId)).toEqual(answersBefore);
    expect(await instanceRow(sc, last.processId)).toMatchObject({
      state: 'RUNNING',
      step: FAMILY_FORM_LAST,
      orderId: null,
      paymentUrl: null,
    });
    // And the user can simply try again.
    sc.deps.membership = membership.port;
    expect(form(await submit(sc, last, familyAnswersAt(FAMILY_FORM_LAST, sc.account.personIds))).processState).toBe('PENDING_PAYMENT');
  });

  it('a failure while replacing the unpaid order of a RESUME process keeps the old order unpaid', async () => {
    const sc = await setup();
    const done = await completed(sc);
    // RESUME with its order kept: what a cancelled payment left before the pay link needed its capability.
    await sc.knex('forms.process_instances').where({ id: done.processId }).update({ state: 'RESUME', paymentUrl: null });
    const resumed = form(await resume(sc.deps, sc.account.user, (await open(sc)).processId));
    sc.deps.membership = {
      ...membership.port,
      createRegistrationOrder: async (trx, input) => {
        await membership.port.createRegistrationOrder(trx, input);
        throw new Error('injected failure');
      },
      // Replacing goes through replaceUnpaidOrder (issue 23): the failure after it has written.
      replaceUnpaidOrder: async (trx, orderId, input) => {
        await membership.port.replaceUnpaidOrder!(trx, orderId, input);
        throw new Error('injected failure');
      },
    };
    await expect(submit(sc, resumed, familyAnswersAt(FAMILY_FORM_LAST, sc.account.personIds))).rejects.toThrow('injected failure');
    expect((await sc.membership.orders(sc.account.user.accountId)).map((o) => [o.id, o.status])).toEqual([[done.orderId, 'unpaid']]);
    expect(await instanceRow(sc, done.processId)).toMatchObject({ state: 'RUNNING', orderId: done.orderId });
  });

  it('membership refusing the order is a 400 naming the rule and person; nothing is kept', async () => {
    const sc = await setup();
    const last = await walk(sc, FAMILY_FORM_LAST);
    // Another registration of the child (e.g. from a second tab's order) lands before the last step.
    const elsewhere = await sc.knex.transaction((trx) =>
      sc.membership.port.createRegistrationOrder(trx, {
        accountId: sc.account.user.accountId,
        periodId: sc.periodId,
        today: sc.clock.today(),
        persons: [{ personId: sc.account.personIds[1]!, membershipTypeCode: 'junior', options: [] }],
      }),
    );
    expect(elsewhere.ok).toBe(true);
    const r = refusal(await submit(sc, last, familyAnswersAt(FAMILY_FORM_LAST, sc.account.personIds)));
    expect(r).toMatchObject({ kind: 'invalid', code: 'ORDER_REFUSED', rule: 'PENDING_PAYMENT', personId: sc.account.personIds[1] });
    expect((await sc.membership.orders(sc.account.user.accountId)).map((o) => o.id)).toEqual([elsewhere.ok && elsewhere.order.id]);
    expect(await countRows(sc.knex, 'forms.process_step_answers', { instanceId: last.processId, step: FAMILY_FORM_LAST })).toBe(0);
  });

  it('a membership type that is not offered is refused at completion, naming the person', async () => {
    const sc = await setup({ steps: [{ questionType: 'TXT', answerKey: 'membershipType' }] });
    const f = await selectPersons(sc);
    const r = refusal(
      await submit(
        sc,
        f,
        sc.account.personIds.map((id) => ({ id, answer: 'platinum' })),
      ),
    );
    expect(r).toMatchObject({
      kind: 'invalid',
      code: 'ANSWER_INVALID',
      rule: 'MEMBERSHIP_TYPE_UNKNOWN',
      personId: sc.account.personIds[0],
    });
  });
});

describe('hidden persons (applies_to)', () => {
  it('a person outside applies_to is hide: true, not validated and not stored', async () => {
    const sc = await setup();
    const [adult, child] = sc.account.personIds;
    const atThree = await walk(sc, 3);
    expect(atThree.people.map((p) => [p.id, p.hide])).toEqual([
      [adult, false],
      [child, true],
    ]);
    form(
      await submit(sc, atThree, [
        { id: adult!, answer: '+47 555 0100' },
        { id: child!, answer: 'ignored' },
      ]),
    );
    const stored = await storedAnswers(sc, atThree.processId);
    expect(stored.filter((a) => a.step === 3)).toEqual([{ step: 3, personId: adult, answer: '+47 555 0100' }]);
  });

  it('a question nobody selected has to answer is skipped, forwards and back', async () => {
    const sc = await setup();
    const [, child] = sc.account.personIds;
    const atTwo = await selectPersons(sc, [child!]);
    const atFour = form(await submit(sc, atTwo, [{ id: child!, answer: 'junior' }]));
    expect(atFour.step).toBe(4);
    expect(form(await back(sc.deps, sc.account.user, { processId: atFour.processId })).step).toBe(2);
  });

  it("age is taken on the period's reference date: turning 18 that day is adult", async () => {
    const sc = await setup({ persons: [{ firstName: 'Ada', dateOfBirth: '2008-03-15' }] });
    const atTwo = await selectPersons(sc);
    const atThree = form(await submit(sc, atTwo, [{ id: sc.account.personIds[0]!, answer: 'individual' }]));
    expect(atThree).toMatchObject({ step: 3, people: [expect.objectContaining({ hide: false })] });
  });

  it('a later or earlier reference date changes who is hidden', async () => {
    const withReferenceDate: MembershipPort = {
      ...membership.port,
      getRegistrationPeriod: async (db, periodId, tenant) => {
        const period = await membership.port.getRegistrationPeriod(db, periodId, tenant);
        return period && { ...period, referenceDate: '2026-01-01' };
      },
    };
    const sc = await setup({ persons: [{ firstName: 'Ada', dateOfBirth: '2008-03-15' }], port: withReferenceDate });
    const atTwo = await selectPersons(sc);
    // Only Ada, a minor on 1 January: the adults-only question is skipped.
    const atFour = form(await submit(sc, atTwo, [{ id: sc.account.personIds[0]!, answer: 'individual' }]));
    expect(atFour.step).toBe(4);
  });
});
