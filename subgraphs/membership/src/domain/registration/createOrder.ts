import type { Knex } from '@ems/db';
import { enabledAccountTenant } from '../../data/accounts';
import { registrationHistory, type RegistrationHistory } from '../../data/memberships';
import { insertOrderWithMemberships, nextOrderId } from '../../data/orders';
import type { PeriodRow } from '../../data/periods';
import { historyOfLinkedPersons, lockLinkedPersons, type LinkedPersonDetails, type LinkedPersonInPeriod } from '../../data/persons';
import { formatOrderReference } from '../orders/reference';
import { newPaymentToken, paymentUrlOf, quoteLines } from '../orders/order';
import { quoteOrder, type OptionCode, type PricingPerson, type PricingProblemCode, type Quote } from '../pricing';
import { decideMemberType } from './memberType';
import { periodClosedReason, pricingRulesOf, type PeriodClosedReason } from './period';
import { registrationReads, type RegistrationReads } from './reads';

export interface RegistrationOrderInput {
  accountId: number;
  periodId: number;
  /** The registration date (`YYYY-MM-DD`): prices and the registration window are taken on it. */
  today: string;
  persons: Array<{ personId: number; membershipTypeCode: string; options: OptionCode[]; transferFromClub?: string }>;
}

/** Why an order was not created: ours, plus the pricing engine's problems passed on as they are. */
export type RegistrationOrderErrorCode =
  | 'PERIOD_NOT_FOUND'
  | PeriodClosedReason
  | 'PERSON_NOT_LINKED'
  | 'ALREADY_REGISTERED'
  | 'PENDING_PAYMENT'
  | 'DATE_OF_BIRTH_MISSING'
  | PricingProblemCode;

export type CreateRegistrationOrderResult =
  | { ok: true; order: { id: number; reference: string; totalMinor: number; currency: string; paymentUrl: string } }
  | { ok: false; code: RegistrationOrderErrorCode; message: string; personId: number | null };

type Refused = { ok: false; code: RegistrationOrderErrorCode; message: string; personId: number | null };

function refused(code: RegistrationOrderErrorCode, message: string, personId: number | null = null): Refused {
  return { ok: false, code, message, personId };
}

const CLOSED_MESSAGES: Record<PeriodClosedReason, string> = {
  PERIOD_CLOSED: 'The membership period is closed.',
  REGISTRATION_NOT_OPEN: 'Registration for this period has not opened yet.',
  REGISTRATION_ENDED: 'Registration for this period has ended.',
};

/**
 * Prices and creates the order of a completed registration, in the caller's transaction (forms
 * completes its process in the same one): the order (unpaid), its lines as the pricing engine
 * gave them, and one pending-payment membership per person. Every reason to refuse is a value;
 * nothing is written then. `reads`: the request's reads on `trx` (the period read once; the
 * persons are read again, locked).
 */
export async function createRegistrationOrder(
  trx: Knex.Transaction,
  input: RegistrationOrderInput,
  reads: RegistrationReads = registrationReads(trx),
): Promise<CreateRegistrationOrderResult> {
  const priced = await priceRegistration(trx, input, { lock: true }, reads);
  if (!priced.ok) return priced;
  const { period, quote, types, pricingPersons } = priced;

  const id = await nextOrderId(trx);
  const reference = formatOrderReference(input.today, id);
  const paymentToken = newPaymentToken();
  await insertOrderWithMemberships(
    trx,
    {
      id,
      reference,
      accountId: input.accountId,
      organisationId: period.organisationId,
      periodId: period.id,
      currency: quote.currency,
      totalMinor: quote.totalMinor,
      pricedOn: quote.pricedOn,
      pricedWindow: quote.window,
      quote,
      paymentToken,
    },
    quoteLines(quote),
    input.persons.map((p, index) => ({
      personId: p.personId,
      periodId: period.id,
      membershipTypeId: (types.get(p.membershipTypeCode) as { id: number }).id,
      orderId: id,
      memberType: pricingPersons[index]?.memberType ?? 'new',
      details: {
        options: pricingPersons[index]?.options ?? [],
        ...(p.transferFromClub?.trim() ? { transferFromClub: p.transferFromClub.trim() } : {}),
      },
    })),
  );
  return {
    ok: true,
    order: { id, reference, totalMinor: quote.totalMinor, currency: quote.currency, paymentUrl: paymentUrlOf(reference, paymentToken) },
  };
}

/** What an order of `input` would be, nothing written: the period, the engine's quote, the types and persons priced. */
export type PricedRegistration =
  | {
      ok: true;
      period: PeriodRow;
      quote: Quote;
      types: Map<string, { id: number; code: string }>;
      pricingPersons: PricingPerson[];
    }
  | { ok: false; code: RegistrationOrderErrorCode; message: string; personId: number | null };

/**
 * Every check and the price of a registration order, nothing written. `lock` locks the persons
 * (the order is about to be made); without it the price is for showing while the questions are
 * still being answered (issue 23: the running total), from the persons the request has read.
 */
export async function priceRegistration(
  trx: Knex | Knex.Transaction,
  input: RegistrationOrderInput,
  options: { lock: boolean; replacingOrderId?: number },
  reads: RegistrationReads = registrationReads(trx),
): Promise<PricedRegistration> {
  const loaded = await reads.period(input.periodId);
  const period = loaded?.period;
  // An account of another tenant (or a disabled one) does not see the period at all.
  if (!period || (await enabledAccountTenant(trx, input.accountId)) !== period.registrationSystemId) {
    return refused('PERIOD_NOT_FOUND', 'The membership period does not exist.');
  }
  const closed = periodClosedReason(period, input.today);
  if (closed) return refused(closed, CLOSED_MESSAGES[closed]);

  if (input.persons.length === 0) return refused('NO_PERSONS', 'Select at least one person.');
  const personIds = input.persons.map((p) => p.personId);
  const duplicate = personIds.find((id, index) => personIds.indexOf(id) !== index);
  if (duplicate !== undefined) return refused('DUPLICATE_PERSON', `Person ${duplicate} is listed more than once.`, duplicate);

  // The order locks the persons: a concurrent registration of one of them waits here and then
  // sees ours. A price only shown needs no lock: the persons the request has read, with their
  // memberships, serve.
  const { linkedRows, history } = options.lock
    ? await lockedPersonsWithHistory(trx, input.accountId, period, personIds)
    : unlockedPersonsWithHistory(await reads.linkedPersons(input.accountId, input.periodId), personIds);
  const linked = new Map(linkedRows.map((p) => [p.id, p]));
  // A person of another account and a person that does not exist get the same answer.
  const foreign = personIds.find((id) => !linked.has(id));
  if (foreign !== undefined) return refused('PERSON_NOT_LINKED', `Person ${foreign} is not linked to this account.`, foreign);

  // The order being replaced (changed answers while its payment is due) does not stand in its own way.
  for (const membership of history.live.filter((m) => options.replacingOrderId === undefined || m.orderId !== options.replacingOrderId)) {
    const person = linked.get(membership.personId);
    const name = person ? `${person.firstName} ${person.lastName}` : `Person ${membership.personId}`;
    return membership.status === 'active'
      ? refused('ALREADY_REGISTERED', `${name} is already registered for this period.`, membership.personId)
      : refused('PENDING_PAYMENT', `${name} already has a registration awaiting payment.`, membership.personId);
  }

  const rules = pricingRulesOf(period);
  const types = new Map((loaded?.types ?? []).filter((t) => Object.hasOwn(rules.baseFees, t.code)).map((t) => [t.code, t]));
  for (const p of input.persons) {
    if (!types.has(p.membershipTypeCode)) {
      return refused('UNKNOWN_MEMBERSHIP_TYPE', `Membership type ${p.membershipTypeCode} is not offered in this period.`, p.personId);
    }
    if (!linked.get(p.personId)?.dateOfBirth) {
      return refused('DATE_OF_BIRTH_MISSING', `Person ${p.personId} has no date of birth: the price depends on the age group.`, p.personId);
    }
  }

  const renewing = new Set(history.activeInPrevious);
  const pricingPersons: PricingPerson[] = input.persons.map((p) => ({
    id: p.personId,
    dateOfBirth: linked.get(p.personId)?.dateOfBirth as string,
    membershipTypeCode: p.membershipTypeCode,
    memberType: decideMemberType({ activeInPreviousPeriod: renewing.has(p.personId), transferFromClub: p.transferFromClub }),
    options: [...new Set(p.options)],
  }));
  const priced = quoteOrder({ rules, persons: pricingPersons, registrationDate: input.today });
  if (!priced.ok) {
    const [problem] = priced.problems;
    if (!problem) throw new Error('pricing refused without a problem');
    return refused(problem.code, problem.message, problem.personId);
  }
  return { ok: true, period, quote: priced.quote, types, pricingPersons };
}

interface PersonsWithHistory {
  linkedRows: LinkedPersonDetails[];
  history: RegistrationHistory;
}

/** The persons, locked, and then their memberships: read after the lock, so a registration that held it is seen. */
async function lockedPersonsWithHistory(
  trx: Knex | Knex.Transaction,
  accountId: number,
  period: Pick<PeriodRow, 'id' | 'previousPeriodId'>,
  personIds: number[],
): Promise<PersonsWithHistory> {
  const linkedRows = await lockLinkedPersons(trx, accountId, personIds);
  return { linkedRows, history: await registrationHistory(trx, period.id, period.previousPeriodId, personIds) };
}

function unlockedPersonsWithHistory(read: readonly LinkedPersonInPeriod[], personIds: readonly number[]): PersonsWithHistory {
  const linkedRows = read.filter((p) => personIds.includes(p.id));
  return { linkedRows, history: historyOfLinkedPersons(linkedRows) };
}
