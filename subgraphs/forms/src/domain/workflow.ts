import type { Knex } from '@ems/db';
import type { ProcessEvent } from '@ems/schema/rules';
import {
  answerAndMoveOn,
  answersOfInstance,
  answersOfStep,
  deleteAllAnswers,
  deleteAnswersOfOtherPersons,
  replaceStepAnswersReturningPrevious,
} from '../data/answers';
import { definitionWithSteps, latestDefinitionId } from '../data/definitions';
import { insertOpenInstance, lockOpenInstance, lockOwnInstance, updateInstance } from '../data/instances';
import type { AnswerRow, InstancePatch, InstanceRow } from '../data/rows';
import { MAX_PEOPLE, checkQuestionAnswers, checkSelection, type SubmittedPerson } from './answers';
import { buildFormView, selectedPersons, type FormContext } from './formView';
import type { MembershipPort, PeriodClosedReason, RegistrationPeriod } from './membershipPort';
import { nextStepAfter, previousStepBefore } from './navigation';
import { orderPersonsFromAnswers } from './orderInput';
import { applyEvent } from './processMachine';
import { OVERVIEW_STEP, isAnsweringState, questionAt } from './steps';
import { answersRefused, failure, type FormFailure, type FormOutcome, type FormUser, type FormView } from './types';

export interface Clock {
  now(): Date;
  /** Today's date, ISO `YYYY-MM-DD`. */
  today(): string;
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => new Date().toISOString().slice(0, 10),
};

export interface FormsDeps {
  db: Knex;
  membership: MembershipPort;
  clock: Clock;
  /**
   * A RUNNING process untouched this long counts as left (`suspend`) when the form is fetched
   * again; it then waits in RESUME for the user's choice. The gateway session's idle time-out.
   */
  suspendAfterMs: number;
}

/** The key of the definition a membership period uses (design: highest version of the organisation's). */
export const MEMBERSHIP_PROCESS_KEY = 'membership';

type Refusal = { ok: false; failure: FormFailure };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Carries an expected refusal out of a transaction so that everything it wrote is rolled back. */
class RolledBack extends Error {
  constructor(readonly outcome: Refusal) {
    super(outcome.failure.code);
  }
}

/**
 * Runs one operation in one transaction. A refusal rolls back whatever the operation wrote so far
 * (an order created by membership included) and is returned as a value; a thrown error rolls back
 * too and propagates.
 */
async function inTransaction(db: Knex, work: (trx: Knex.Transaction) => Promise<FormOutcome>): Promise<FormOutcome> {
  try {
    return await db.transaction(async (trx) => {
      const outcome = await work(trx);
      if (!outcome.ok) throw new RolledBack(outcome);
      return outcome;
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.outcome;
    throw err;
  }
}

const CLOSED_MESSAGES: Record<PeriodClosedReason, string> = {
  PERIOD_CLOSED: 'This membership period is closed.',
  REGISTRATION_NOT_OPEN: 'Registration for this membership period has not opened yet.',
  REGISTRATION_ENDED: 'Registration for this membership period has ended.',
};

function periodRefusal(deps: FormsDeps, period: RegistrationPeriod): Refusal | null {
  const reason = deps.membership.periodClosedReason(period, deps.clock.today());
  return reason ? failure('forbidden', reason, CLOSED_MESSAGES[reason]) : null;
}

async function loadContext(
  trx: Knex.Transaction,
  deps: FormsDeps,
  instance: InstanceRow,
  period: RegistrationPeriod,
): Promise<FormContext> {
  const definition = await definitionWithSteps(trx, instance.definitionId);
  // The foreign key guarantees the row; its absence is a bug, not a user error.
  if (!definition) throw new Error(`process definition ${instance.definitionId} is missing`);
  const persons = await deps.membership.personsForPeriod(trx, instance.accountId, instance.periodId);
  return { instance, definition, period, persons };
}

/** The context after a write: statuses are read again, since an order may have come or gone. */
async function reloaded(trx: Knex.Transaction, deps: FormsDeps, ctx: FormContext, instance: InstanceRow): Promise<FormContext> {
  const persons = await deps.membership.personsForPeriod(trx, instance.accountId, instance.periodId);
  return { ...ctx, instance, persons };
}

async function formOf(trx: Knex.Transaction, ctx: FormContext): Promise<FormView> {
  return buildFormView(ctx, await answersOfStep(trx, ctx.instance.id, ctx.instance.step));
}

async function shown(trx: Knex.Transaction, ctx: FormContext): Promise<FormOutcome> {
  return { ok: true, form: await formOf(trx, ctx) };
}

/** A conflict carries the form as it stands, so the client can show the step the server is at. */
async function conflict(trx: Knex.Transaction, ctx: FormContext, refusal: FormFailure | Refusal, current?: FormView): Promise<Refusal> {
  const f = 'failure' in refusal ? refusal.failure : refusal;
  return { ok: false, failure: { ...f, kind: 'conflict', current: current ?? (await formOf(trx, ctx)) } };
}

async function move(trx: Knex.Transaction, instance: InstanceRow, event: ProcessEvent, patch: InstancePatch = {}): Promise<InstanceRow> {
  const moved = applyEvent(instance.state, event);
  // Callers only send events the state accepts; anything else is a bug.
  if (!moved.ok) throw new Error(moved.failure.message);
  return updateInstance(trx, instance.id, { ...patch, state: moved.state });
}

/**
 * Follows the order's payment, lazily, whenever the process is read or written (membership owns
 * payments and never calls forms). Paid: COMPLETED. Last attempt cancelled: RESUME, the unpaid
 * order kept until the user completes again or resets (contract: the user returns and may
 * resume). Failed: unchanged (retry with the same link). An order cancelled by someone else is
 * let go of, so completing again simply creates a new one.
 */
async function followPayment(trx: Knex.Transaction, deps: FormsDeps, instance: InstanceRow): Promise<InstanceRow> {
  if (instance.orderId === null) return instance;
  const payment = await deps.membership.orderPaymentState(trx, instance.orderId);
  if (!payment) return instance;
  if (instance.state === 'PENDING_PAYMENT' || instance.state === 'DONE') {
    if (payment.status === 'paid') return move(trx, instance, 'paymentSucceeded');
    if (instance.state === 'PENDING_PAYMENT' && payment.status === 'cancelled') {
      return move(trx, instance, 'paymentCancelled', { orderId: null, paymentUrl: null });
    }
    if (instance.state === 'PENDING_PAYMENT' && payment.lastAttempt === 'cancelled') {
      return move(trx, instance, 'paymentCancelled', { paymentUrl: null });
    }
    return instance;
  }
  if (isAnsweringState(instance.state)) {
    if (payment.status === 'cancelled') return updateInstance(trx, instance.id, { orderId: null });
    // The old order was paid after all (its link was still in the browser's history). The table
    // has no way from RESUME/RUNNING to COMPLETED, so the process ends as CANCELLED: the order is
    // paid and membership has activated the memberships; nothing is left for this process to do.
    if (payment.status === 'paid') return move(trx, instance, 'cancel');
  }
  return instance;
}

/** A process left RUNNING for longer than the session lasts counts as left, and waits for the choice. */
async function revisit(trx: Knex.Transaction, deps: FormsDeps, instance: InstanceRow): Promise<InstanceRow> {
  let current = instance;
  if (current.state === 'RUNNING' && deps.clock.now().getTime() - current.updatedAt.getTime() >= deps.suspendAfterMs) {
    current = await move(trx, current, 'suspend');
  }
  if (current.state === 'SUSPENDED') current = await move(trx, current, 'revisit');
  return current;
}

/**
 * GET /api/forms/membership/{periodid}: the account's open process for the period, created
 * (RUNNING, step 1) when there is none. RUNNING or RESUME tells the client to offer reset or
 * resume. The process of a closed period is shown only once it waits for or has its payment.
 */
export async function getForm(deps: FormsDeps, user: FormUser, input: { periodId: number; userKey?: string | null }): Promise<FormOutcome> {
  if (input.userKey != null && input.userKey !== user.userKey) {
    return failure('forbidden', 'USER_KEY_MISMATCH', 'The userKey does not belong to the signed-in user.');
  }
  return inTransaction(deps.db, async (trx) => {
    const period = await deps.membership.getRegistrationPeriod(trx, input.periodId, user.registrationSystemId);
    if (!period) return failure('notFound', 'PERIOD_NOT_FOUND', `Membership period ${input.periodId} was not found.`);
    if (!(await deps.membership.isOrganisationMember(trx, user.accountId, period.organisationId))) {
      return failure('forbidden', 'NOT_ORGANISATION_MEMBER', 'You are not a user of the organisation of this membership period.');
    }

    let instance = await lockOpenInstance(trx, user.accountId, period.id);
    if (instance) instance = await revisit(trx, deps, await followPayment(trx, deps, instance));

    if (!instance || isAnsweringState(instance.state)) {
      const closed = periodRefusal(deps, period);
      if (closed) return closed;
    }

    if (!instance) {
      const definitionId = await latestDefinitionId(trx, period.organisationId, MEMBERSHIP_PROCESS_KEY);
      if (definitionId === null) {
        return failure('notFound', 'PROCESS_DEFINITION_NOT_FOUND', 'The organisation has no membership registration form.');
      }
      const started = applyEvent('NONE', 'start');
      if (!started.ok) throw new Error(started.failure.message);
      const row = { definitionId, accountId: user.accountId, registrationSystemId: user.registrationSystemId, periodId: period.id };
      // A concurrent first visit may have created it a moment ago: then lock that one.
      instance =
        (await insertOpenInstance(trx, { ...row, state: started.state, step: OVERVIEW_STEP })) ??
        (await lockOpenInstance(trx, user.accountId, period.id));
      if (!instance) throw new Error('open process instance vanished');
    }
    return shown(trx, await loadContext(trx, deps, instance, period));
  });
}

/**
 * Everything that acts on an existing process: the process must be the caller's (else 404, which
 * says nothing about other accounts' processes), is locked for the transaction, follows its
 * payment, and its period must still take registrations.
 */
async function withProcess(
  deps: FormsDeps,
  user: FormUser,
  processId: string,
  work: (trx: Knex.Transaction, ctx: FormContext) => Promise<FormOutcome>,
): Promise<FormOutcome> {
  const notFound = failure('notFound', 'PROCESS_NOT_FOUND', 'The registration process was not found.');
  if (!UUID.test(processId)) return notFound;
  return inTransaction(deps.db, async (trx) => {
    const locked = await lockOwnInstance(trx, processId, user);
    if (!locked) return notFound;
    const period = await deps.membership.getRegistrationPeriod(trx, locked.periodId, user.registrationSystemId);
    if (!period) return failure('notFound', 'PERIOD_NOT_FOUND', `Membership period ${locked.periodId} was not found.`);
    const instance = await followPayment(trx, deps, locked);
    const closed = periodRefusal(deps, period);
    if (closed) return closed;
    return work(trx, await loadContext(trx, deps, instance, period));
  });
}

/**
 * POST /api/forms/next: stores the answers of the current step and moves on, or completes after
 * the last one. Under the instance lock, so the same step sent twice at once is stored once: the
 * second finds the step moved on and gets 409 with the current form.
 */
export async function next(
  deps: FormsDeps,
  user: FormUser,
  input: { processId: string; step: number; people: readonly SubmittedPerson[] },
): Promise<FormOutcome> {
  if (input.people.length > MAX_PEOPLE) {
    return failure('invalid', 'TOO_MANY_PEOPLE', `At most ${MAX_PEOPLE} persons can be submitted at once.`);
  }
  return withProcess(deps, user, input.processId, async (trx, ctx) => {
    const current = ctx.instance.step;
    if (input.step !== current) {
      return conflict(trx, ctx, failure('conflict', 'STEP_CONFLICT', `Step ${input.step} is not the current step (${current}).`));
    }
    // Which of the two applies depends on the answers (selection, hidden steps); either will do here.
    const answering = applyEvent(ctx.instance.state, 'answer');
    if (!answering.ok && !applyEvent(ctx.instance.state, 'complete').ok) return conflict(trx, ctx, answering);
    if (current !== OVERVIEW_STEP) return answerQuestion(trx, deps, ctx, input.people);

    // Completion (no question applies) can be refused after the selection is written; its 409
    // then shows the form as it was (everything is rolled back).
    const before = await formOf(trx, ctx);
    const selection = checkSelection(ctx, input.people);
    if (!selection.ok) return selection;
    await deleteAnswersOfOtherPersons(trx, ctx.instance.id, selection.personIds);
    let instance = await updateInstance(trx, ctx.instance.id, { selectedPersonIds: selection.personIds });

    const updated = { ...ctx, instance };
    const following = nextStepAfter(updated, current);
    if (following !== null) {
      const answered = applyEvent(instance.state, 'answer');
      if (!answered.ok) return conflict(trx, ctx, answered, before);
      instance = await updateInstance(trx, instance.id, { state: answered.state, step: following });
      return shown(trx, { ...updated, instance });
    }
    return complete(trx, deps, updated, before, await answersOfInstance(trx, instance.id));
  });
}

/**
 * A question step's answers stored. A question's answers never change which step follows
 * (selection and ages decide), so a step that is not the last stores them, moves on and reads
 * the next step in one statement; the last one completes.
 */
async function answerQuestion(
  trx: Knex.Transaction,
  deps: FormsDeps,
  ctx: FormContext,
  people: readonly SubmittedPerson[],
): Promise<FormOutcome> {
  const { instance } = ctx;
  const question = questionAt(ctx.definition, instance.step);
  if (!question) throw new Error(`step ${instance.step} has no question`);
  const checked = checkQuestionAnswers(ctx, question, people);
  if (!checked.ok) return checked;

  const following = nextStepAfter(ctx, instance.step);
  if (following === null) {
    // The answers as they were give the form a refusal shows, and with this step's new ones in
    // their place, the order's input.
    const previous = await replaceStepAnswersReturningPrevious(trx, instance.id, instance.step, checked.store);
    const before = buildFormView(ctx, answersAt(previous, instance.step));
    const all = [...previous.filter((a) => a.step !== instance.step), ...checked.store.map((a) => ({ ...a, step: instance.step }))];
    return complete(trx, deps, ctx, before, all.sort(byStepAndPerson));
  }
  const answered = applyEvent(instance.state, 'answer');
  if (!answered.ok) return conflict(trx, ctx, answered);
  const moved = await answerAndMoveOn(trx, instance.id, instance.step, checked.store, { state: answered.state, step: following });
  return { ok: true, form: buildFormView({ ...ctx, instance: moved.instance }, moved.answers) };
}

function answersAt(answers: readonly AnswerRow[], step: number): Map<number, string | null> {
  return new Map(answers.filter((a) => a.step === step).map((a) => [a.personId, a.answer]));
}

function byStepAndPerson(a: AnswerRow, b: AnswerRow): number {
  return a.step - b.step || a.personId - b.personId;
}

/**
 * The end of the questions, in the caller's transaction: an unpaid order left from a cancelled
 * payment is cancelled, membership creates the new order (unpaid, memberships Pending Payment),
 * and the process moves to PENDING_PAYMENT with the order's payment link. Any refusal or error
 * rolls all of it back, the order and the last step's answers included.
 */
async function complete(
  trx: Knex.Transaction,
  deps: FormsDeps,
  ctx: FormContext,
  before: FormView,
  /** Every answer of the instance as stored now, ordered by step and person. */
  answers: readonly AnswerRow[],
): Promise<FormOutcome> {
  const { instance } = ctx;
  const completed = applyEvent(instance.state, 'complete');
  if (!completed.ok) return conflict(trx, ctx, completed, before);

  const personIds = selectedPersons(ctx).map((p) => p.id);
  if (personIds.length === 0) {
    return answersRefused([{ rule: 'NO_PERSON_SELECTED', personId: null, message: 'Select at least one person.' }]);
  }
  const persons = orderPersonsFromAnswers(ctx.definition, answers, personIds, ctx.period);
  if (!persons.ok) return persons;

  if (instance.orderId !== null) {
    const cancelled = await deps.membership.cancelUnpaidOrder(trx, instance.orderId);
    if (!cancelled.ok) return conflict(trx, ctx, failure('conflict', cancelled.code, 'The earlier order has been paid.'), before);
  }
  const created = await deps.membership.createRegistrationOrder(trx, {
    accountId: instance.accountId,
    periodId: instance.periodId,
    today: deps.clock.today(),
    persons: persons.persons,
  });
  if (!created.ok) {
    return failure('invalid', 'ORDER_REFUSED', created.message, {
      rule: created.code,
      personId: created.personId,
      violations: [{ rule: created.code, personId: created.personId, message: created.message }],
    });
  }
  const done = await updateInstance(trx, instance.id, {
    state: completed.state,
    orderId: created.order.id,
    paymentUrl: created.order.paymentUrl,
  });
  return { ok: true, form: buildFormView(await reloaded(trx, deps, ctx, done), answersAt(answers, done.step)) };
}

/** POST .../reset: start fresh at the overview; an unpaid order of this process is cancelled. */
export async function reset(deps: FormsDeps, user: FormUser, processId: string): Promise<FormOutcome> {
  return withProcess(deps, user, processId, async (trx, ctx) => {
    const moved = applyEvent(ctx.instance.state, 'reset');
    if (!moved.ok) return conflict(trx, ctx, moved);
    if (ctx.instance.orderId !== null) {
      const cancelled = await deps.membership.cancelUnpaidOrder(trx, ctx.instance.orderId);
      if (!cancelled.ok) return conflict(trx, ctx, failure('conflict', cancelled.code, 'The order of this registration has been paid.'));
    }
    await deleteAllAnswers(trx, ctx.instance.id);
    const instance = await updateInstance(trx, ctx.instance.id, {
      state: moved.state,
      step: OVERVIEW_STEP,
      selectedPersonIds: [],
      orderId: null,
      paymentUrl: null,
    });
    return shown(trx, await reloaded(trx, deps, ctx, instance));
  });
}

/** POST .../resume: continue at the current step, answers kept. */
export async function resume(deps: FormsDeps, user: FormUser, processId: string): Promise<FormOutcome> {
  return withProcess(deps, user, processId, async (trx, ctx) => {
    const moved = applyEvent(ctx.instance.state, 'resume');
    if (!moved.ok) return conflict(trx, ctx, moved);
    const instance = await updateInstance(trx, ctx.instance.id, { state: moved.state });
    return shown(trx, { ...ctx, instance });
  });
}

/**
 * POST .../back (our addition): one step back, answers kept. `step`, when sent, must be the
 * current step, so that a double click goes back once.
 */
export async function back(deps: FormsDeps, user: FormUser, input: { processId: string; step?: number }): Promise<FormOutcome> {
  return withProcess(deps, user, input.processId, async (trx, ctx) => {
    const current = ctx.instance.step;
    if (input.step !== undefined && input.step !== current) {
      return conflict(trx, ctx, failure('conflict', 'STEP_CONFLICT', `Step ${input.step} is not the current step (${current}).`));
    }
    const moved = applyEvent(ctx.instance.state, 'back');
    if (!moved.ok) return conflict(trx, ctx, moved);
    if (current === OVERVIEW_STEP) {
      return conflict(trx, ctx, failure('conflict', 'NO_EARLIER_STEP', 'The person overview is the first step.'));
    }
    const instance = await updateInstance(trx, ctx.instance.id, { state: moved.state, step: previousStepBefore(ctx, current) });
    return shown(trx, { ...ctx, instance });
  });
}
