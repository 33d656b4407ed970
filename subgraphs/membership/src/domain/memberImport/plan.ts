import type { AccountOfUserKey, LiveMembership, StoredPerson } from '../../data/memberImport';
import type { PeriodRow } from '../../data/periods';
import { baseFeeFor } from '../pricing';
import { decideMemberType } from '../registration/memberType';
import { periodClosedReason, pricingRulesOf } from '../registration/period';
import type { MemberRejection, MemberWrite } from './types';

/**
 * What each row of a membership import asks for, decided against the stored state before anything
 * is written (pure). The rules are the online registration's: the membership type must be offered
 * in the period for the person's age group, one live membership per person and period, a renewal
 * is an active membership in the previous period (decideMemberType), a membership awaiting
 * payment needs a period that takes registrations today and an account to pay. A row refused here
 * writes nothing.
 */

export interface PlanState {
  today: string;
  periods: ReadonlyMap<number, PeriodRow>;
  /** The organisation's active membership types. */
  types: ReadonlyMap<number, { id: number; code: string; name: string }>;
  /** The rows' existing persons, as stored (locked). */
  persons: ReadonlyMap<number, StoredPerson>;
  /** Their live memberships in the rows' periods and the periods before them. */
  memberships: readonly LiveMembership[];
  accounts: ReadonlyMap<string, AccountOfUserKey>;
  /** The organisation's name, as a refusal names it. */
  organisationName: string;
  /** Membership numbers already held: `numberKey(period, number)` -> the holder's person id. */
  heldNumbers: ReadonlyMap<string, number>;
}

export type PersonRef = { existingId: number } | { identity: string };

export interface AcceptedRow {
  key: number;
  rejected: null;
  person: PersonRef;
  /** The person's new name, date of birth and e-mail, when they change (updatePII). */
  personUpdate: { firstName: string; lastName: string; dateOfBirth: string | null; email: string | null } | null;
  dateOfBirth: string;
  /** The live membership the person already holds in the period, the same as the row's: nothing to write. */
  existingMembershipId: number | null;
  existingNumber: string | null;
  memberType: 'new' | 'renewal';
  typeCode: string;
  /** The user key whose account pays a membership awaiting payment. */
  payerUserKey: string | null;
}

export type RowPlan = AcceptedRow | { key: number; rejected: MemberRejection; message: string };

export const numberKey = (periodId: number, membershipNumber: string) => `${periodId}\u0000${membershipNumber}`;
const personPeriodKey = (person: PersonRef, periodId: number) =>
  `${'existingId' in person ? `p${person.existingId}` : `n${person.identity}`}\u0000${periodId}`;

/** Rows without a person of their own that name the same new person share one (same name and date of birth). */
export function newPersonIdentity(row: Pick<MemberWrite, 'firstName' | 'lastName' | 'dateOfBirth' | 'key'>): string {
  const fold = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  // Without a date of birth a name says too little: each such row is a person of its own.
  return row.dateOfBirth ? `${fold(row.firstName)}\u0000${fold(row.lastName)}\u0000${row.dateOfBirth}` : `row:${row.key}`;
}

const STATUS_TEXT = { active: 'active', pending_payment: 'awaiting payment', cancelled: 'cancelled' } as const;

const CLOSED_TEXT = {
  PERIOD_CLOSED: 'is closed',
  REGISTRATION_NOT_OPEN: 'has not opened for registration yet',
  REGISTRATION_ENDED: 'has ended its registration',
} as const;

export function planMemberRows(rows: readonly MemberWrite[], state: PlanState): RowPlan[] {
  const live = new Map(state.memberships.map((m) => [personPeriodKey({ existingId: m.personId }, m.periodId), m]));
  const seenPersonPeriods = new Set<string>();
  const seenNumbers = new Set<string>();
  /** Own user keys taken by a row of this batch: the person they belong to. */
  const ownKeys = new Map<string, string>();
  const plans = rows.map((row): RowPlan => {
    const reject = (rejected: MemberRejection, message: string): RowPlan => ({ key: row.key, rejected, message });
    const period = state.periods.get(row.periodId);
    if (!period) return reject('PERIOD_NOT_FOUND', `Period ${row.periodId} is not a period of this organisation`);
    const rules = pricingRulesOf(period);
    const type = state.types.get(row.membershipTypeId);
    if (!type || !Object.hasOwn(rules.baseFees, type.code)) {
      return reject('UNKNOWN_MEMBERSHIP_TYPE', `Membership type ${type?.name ?? row.membershipTypeId} is not offered in ${period.name}`);
    }
    let person: PersonRef;
    let personUpdate: AcceptedRow['personUpdate'] = null;
    let dateOfBirth: string | null;
    if (row.personId !== null) {
      const stored = state.persons.get(row.personId);
      if (!stored) return reject('PERSON_NOT_FOUND', `Person ${row.personId} is not a person of this registration system`);
      person = { existingId: stored.id };
      dateOfBirth = stored.dateOfBirth;
      if (row.updatePII) {
        const wanted = {
          firstName: row.firstName,
          lastName: row.lastName,
          dateOfBirth: row.dateOfBirth ?? stored.dateOfBirth,
          email: row.email ?? stored.email,
        };
        if ((Object.keys(wanted) as Array<keyof typeof wanted>).some((k) => wanted[k] !== stored[k])) personUpdate = wanted;
        dateOfBirth = wanted.dateOfBirth;
      }
    } else {
      person = { identity: newPersonIdentity(row) };
      dateOfBirth = row.dateOfBirth;
    }
    const name = `${row.firstName} ${row.lastName}`;
    // The price depends on the age group, so a membership needs a date of birth (as online).
    if (!dateOfBirth) return reject('DATE_OF_BIRTH_MISSING', `${name} has no date of birth: the price depends on the age group`);
    if (!baseFeeFor(rules, { id: 0, dateOfBirth, membershipTypeCode: type.code, memberType: 'new', options: [] })) {
      return reject('AGE_GROUP_NOT_OFFERED', `Membership type ${type.name} has no fee for ${name}'s age group in ${period.name}`);
    }
    const personPeriod = personPeriodKey(person, period.id);
    if (seenPersonPeriods.has(personPeriod)) {
      return reject('PERSON_TWICE_IN_PERIOD', `${name} is on an earlier row for ${period.name} (only the first is imported)`);
    }
    const existing = live.get(personPeriod);
    if (existing) {
      const same =
        existing.membershipTypeId === type.id &&
        existing.status === row.status &&
        (row.membershipNumber === null || row.membershipNumber === existing.membershipNumber);
      if (!same) {
        const stored = state.types.get(existing.membershipTypeId)?.name ?? `type ${existing.membershipTypeId}`;
        return reject(
          'MEMBERSHIP_DIFFERS',
          `${name} already has a membership in ${period.name} (${stored}, ${STATUS_TEXT[existing.status]}` +
            `${existing.membershipNumber ? `, number ${existing.membershipNumber}` : ''}); an import does not change existing memberships`,
        );
      }
    } else if (row.membershipNumber !== null) {
      const numberAt = numberKey(period.id, row.membershipNumber);
      if (state.heldNumbers.has(numberAt)) {
        return reject('NUMBER_TAKEN', `Membership number ${row.membershipNumber} is held by another member in ${period.name}`);
      }
      if (seenNumbers.has(numberAt)) {
        return reject('NUMBER_TWICE_IN_FILE', `Membership number ${row.membershipNumber} is on an earlier row for ${period.name}`);
      }
    }
    const who = 'existingId' in person ? `p${person.existingId}` : `n${person.identity}`;
    // An existing account that would connect persons the club did not reach before the upload
    // (another club's household) is not attached (docs/decisions.md, "Organisation boundary in
    // imports"): the member joins through the club's sign-in link instead.
    const foreign = [...(row.userKey === null ? [] : [row.userKey]), ...row.householdUserKeys].find(
      (k) => state.accounts.get(k)?.attachable === false,
    );
    if (foreign !== undefined) {
      return reject(
        'ACCOUNT_OF_ANOTHER_ORGANISATION',
        `User key "${foreign}" belongs to an account that is not a user of ${state.organisationName}; the member can join through the club's sign-in link`,
      );
    }
    if (row.userKey !== null) {
      const account = state.accounts.get(row.userKey);
      const ownerInBatch = ownKeys.get(row.userKey);
      const storedOwner = account?.personId ?? null;
      if ((storedOwner !== null && who !== `p${storedOwner}`) || (ownerInBatch !== undefined && ownerInBatch !== who)) {
        return reject('USER_KEY_OF_OTHER_PERSON', `User key ${row.userKey} is the login of another person`);
      }
    }
    const payerUserKey = row.householdUserKeys[0] ?? row.userKey;
    if (row.status === 'pending_payment' && !existing) {
      if (payerUserKey === null) {
        return reject(
          'NO_PAYING_ACCOUNT',
          `${name} is awaiting payment, but neither the row nor its household has a user key: nobody could pay`,
        );
      }
      const closed = periodClosedReason(period, state.today);
      if (closed)
        return reject('NOT_REGISTERING', `${period.name} ${CLOSED_TEXT[closed]}: a membership awaiting payment cannot be ordered`);
    }
    seenPersonPeriods.add(personPeriod);
    if (row.membershipNumber !== null && !existing) seenNumbers.add(numberKey(period.id, row.membershipNumber));
    if (row.userKey !== null) ownKeys.set(row.userKey, who);
    return {
      key: row.key,
      rejected: null,
      person,
      personUpdate,
      dateOfBirth,
      existingMembershipId: existing?.id ?? null,
      existingNumber: existing?.membershipNumber ?? null,
      memberType: 'new',
      typeCode: type.code,
      payerUserKey,
    };
  });
  return decideRenewals(rows, plans, state);
}

/**
 * Whether a row's "member since" (a date, or only a year) shows a member of the club before this
 * period, for a period that is the club's first here (no previous period: this system cannot know
 * who was a member before, the system the club is leaving did). Before, at the precision given: a
 * date before the period's registration opened (or it began, if that is earlier; joining in the
 * pre-season window is joining for this period), a year before the year the period begins (a
 * year cannot tell the pre-season window apart: the member's reading, no joining fee, wins).
 * With a previous period here, the system's own records decide, as for an online registration.
 */
function memberBefore(memberSince: string | null, period: PeriodRow | undefined): boolean {
  if (memberSince === null || period === undefined || period.previousPeriodId !== null) return false;
  if (memberSince.length === 4) return memberSince < period.startsOn.slice(0, 4);
  const began = period.registrationOpensOn < period.startsOn ? period.registrationOpensOn : period.startsOn;
  return memberSince < began;
}

/**
 * A renewal is a person active in the period's previous period (decideMemberType): stored, or
 * imported as active by an accepted row of this batch (a file may hold two seasons), or, in a
 * club's first period here, a member since before it (memberBefore).
 */
function decideRenewals(rows: readonly MemberWrite[], plans: RowPlan[], state: PlanState): RowPlan[] {
  const activeBefore = new Set(
    state.memberships.filter((m) => m.status === 'active').map((m) => personPeriodKey({ existingId: m.personId }, m.periodId)),
  );
  rows.forEach((row, i) => {
    const plan = plans[i];
    if (plan && plan.rejected === null && row.status === 'active') activeBefore.add(personPeriodKey(plan.person, row.periodId));
  });
  return plans.map((plan, i) => {
    const row = rows[i] as MemberWrite;
    if (plan.rejected !== null) return plan;
    const period = state.periods.get(row.periodId);
    const previous = period?.previousPeriodId ?? null;
    const renewing =
      (previous !== null && activeBefore.has(personPeriodKey(plan.person, previous))) || memberBefore(row.memberSince, period);
    return { ...plan, memberType: decideMemberType({ activeInPreviousPeriod: renewing }) as 'new' | 'renewal' };
  });
}
