import type { Knex } from '@ems/db';
import { isUuid } from '@ems/schema/rules';
import { answersOfInstance } from '../../data/answers';
import { orderPersonsFromAnswers } from '../orderInput';
import { definitionWithSteps } from '../../data/definitions';
import { lockOwnInstance } from '../../data/instances';
import type { AnswerRow, InstanceRow } from '../../data/rows';
import type { FormContext } from '../formView';
import type { PeriodClosedReason, RegistrationPeriod, RegistrationReads } from '../membershipPort';
import { failure, type FormOutcome, type FormUser, type Refusal } from '../types';
import type { FormsDeps } from './deps';
import { followPayment } from './sync';

/** Carries an expected refusal out of a transaction so that everything it wrote is rolled back. */
class RolledBack extends Error {
  constructor(readonly outcome: Refusal) {
    super(outcome.failure.code);
  }
}

/**
 * Runs one command in one transaction. A refusal rolls back whatever the command wrote so far
 * (an order created by membership included) and is returned as a value; a thrown error rolls back
 * too and propagates.
 */
export async function inTransaction(db: Knex, work: (trx: Knex.Transaction) => Promise<FormOutcome>): Promise<FormOutcome> {
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

export function periodRefusal(deps: FormsDeps, period: RegistrationPeriod): Refusal | null {
  const reason = deps.membership.periodClosedReason(period, deps.clock.today());
  return reason ? failure('forbidden', reason, CLOSED_MESSAGES[reason]) : null;
}

/** `reads`: membership's reads of this request, which read the period (the persons, prices and offers come from them too). */
export async function loadContext(
  trx: Knex.Transaction,
  deps: FormsDeps,
  instance: InstanceRow,
  period: RegistrationPeriod,
  reads: RegistrationReads,
): Promise<FormContext> {
  const definition = await definitionWithSteps(trx, instance.definitionId);
  // The foreign key guarantees the row; its absence is a bug, not a user error.
  if (!definition) throw new Error(`process definition ${instance.definitionId} is missing`);
  const persons = await deps.membership.personsForPeriod(trx, instance.accountId, instance.periodId, reads);
  const offers = deps.membership.membershipTypeOffers;
  const loadTypeOffers = offers
    ? (db: Knex.Transaction, personIds: readonly number[]) =>
        offers(db, { accountId: instance.accountId, periodId: instance.periodId, today: deps.clock.today(), personIds }, reads)
    : undefined;
  const estimate = deps.membership.estimateRegistration;
  const loadEstimate = estimate
    ? async (db: Knex.Transaction, known?: readonly AnswerRow[]) => {
        const answers = known ?? (await answersOfInstance(db, instance.id));
        const input = orderPersonsFromAnswers(definition, answers, instance.selectedPersonIds, period);
        if (!input.ok) return null;
        const priced = await estimate(
          db,
          {
            accountId: instance.accountId,
            periodId: instance.periodId,
            today: deps.clock.today(),
            persons: input.persons,
          },
          instance.orderId,
          reads,
        );
        return priced && { ...priced, lines: priced.lines.map((line) => ({ ...line, step: answerStepOfLine(definition, line.kind) })) };
      }
    : undefined;
  return { instance, definition, period, persons, reads, loadTypeOffers, loadEstimate };
}

/**
 * Everything that acts on an existing process: the process must be the caller's (else 404, which
 * says nothing about other accounts' processes), is locked for the transaction, follows its
 * payment, and its period must still take registrations.
 */
export async function withProcess(
  deps: FormsDeps,
  user: FormUser,
  processId: string,
  work: (trx: Knex.Transaction, ctx: FormContext) => Promise<FormOutcome>,
): Promise<FormOutcome> {
  const notFound = failure('notFound', 'PROCESS_NOT_FOUND', 'The registration process was not found.');
  if (!isUuid(processId)) return notFound;
  return inTransaction(deps.db, async (trx) => {
    const locked = await lockOwnInstance(trx, processId, user);
    if (!locked) return notFound;
    const reads = deps.membership.registrationReads(trx);
    const period = await deps.membership.getRegistrationPeriod(trx, locked.periodId, user.registrationSystemId, reads);
    if (!period) return failure('notFound', 'PERIOD_NOT_FOUND', `Membership period ${locked.periodId} was not found.`);
    const instance = await followPayment(trx, deps, locked);
    const closed = periodRefusal(deps, period);
    if (closed) return closed;
    return work(trx, await loadContext(trx, deps, instance, period, reads));
  });
}

/** The step of the answer an order line comes from: the option's question, else the membership type's; null for the administration fee. */
function answerStepOfLine(definition: FormContext['definition'], kind: string): number | null {
  if (kind === 'administration_fee') return null;
  const key = kind === 'insurance' || kind === 'magazine' ? kind : 'membershipType';
  const index = definition.steps.findIndex((s) => s.answerKey === key);
  // Step 1 is the overview, so question i is step i + 2.
  return index < 0 ? null : index + 2;
}
