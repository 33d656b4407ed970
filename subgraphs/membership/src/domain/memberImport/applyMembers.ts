import type { Db } from '../../data/db';
import type { OrganisationReach } from '../../data/scope';
import {
  accountsByUserKeys,
  activeMembershipTypes,
  heldMembershipNumbers,
  insertAccounts,
  insertLinks,
  insertOrdersAndMemberships,
  insertOrgUsers,
  followCreatedPersons,
  liveMemberships,
  lockPersons,
  nextOrderIds,
  periodsOfOrganisation,
  setAccountPersons,
  type AccountOfUserKey,
  type ImportedMembership,
} from '../../data/memberImport';
import { lockMembershipSequence, organisationNumbering } from '../../data/membershipNumbers';
import type { NewOrder, NewOrderLine } from '../../data/orders';
import { insertPersons, recordExternalIds, updatePersons } from '../../data/participants';
import { newPaymentToken, quoteLines } from '../orders/order';
import { formatOrderReference } from '../orders/reference';
import { keepMembershipNumbers, reserveNumbersForPeriods } from '../registration/membershipNumbers';
import { priceImportedOrders } from './orders';
import { organisationsByIds } from './targets';
import { numberKey, planMemberRows, type AcceptedRow, type RowPlan } from './plan';
import type { MemberImportTarget, MemberWrite, MemberWriteResult } from './types';

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** PostgreSQL's SQLSTATE serialization_failure, which the import worker's chunk retry runs again on. */
const SERIALIZATION_FAILURE = '40001';

/** Which accounts the import may attach: users of its organisation before its upload, or its own. */
function reachOfTarget(target: MemberImportTarget): OrganisationReach {
  return { organisationIds: [target.organisationId], connectedBefore: target.startedAt, importJobId: target.importJobId };
}

/** The persons, accounts, links and memberships a batch needs before it is planned: one statement each. */
async function loadState(trx: Db, target: MemberImportTarget, rows: readonly MemberWrite[]) {
  // The organisation's number lock first, before any row is locked or written, as settlement takes
  // it before its activation touches persons, so the two never wait for each other
  // (docs/decisions.md): exclusive when the file gives numbers (checked free, then written),
  // shared to hand out new ones.
  const givesNumbers = rows.some((r) => r.membershipNumber !== null);
  const needsNumbers = givesNumbers || rows.some((r) => r.status === 'active');
  if (needsNumbers) await lockMembershipSequence(trx, target.organisationId, givesNumbers ? 'exclusive' : 'shared');
  const numbering = needsNumbers ? await organisationNumbering(trx, target.organisationId) : null;
  const periods = new Map(
    (await periodsOfOrganisation(trx, target.organisationId, unique(rows.map((r) => r.periodId)))).map((p) => [p.id, p]),
  );
  const types = new Map((await activeMembershipTypes(trx, target.organisationId)).map((t) => [t.id, t]));
  const persons = new Map(
    (await lockPersons(trx, target.registrationSystemId, unique(rows.flatMap((r) => (r.personId === null ? [] : [r.personId]))))).map(
      (p) => [p.id, p],
    ),
  );
  const memberships = await liveMemberships(
    trx,
    [...persons.keys()],
    unique([...periods.values()].flatMap((p) => (p.previousPeriodId === null ? [p.id] : [p.id, p.previousPeriodId]))),
  );
  const accounts = new Map(
    (
      await accountsByUserKeys(
        trx,
        target.registrationSystemId,
        reachOfTarget(target),
        unique(rows.flatMap((r) => [...(r.userKey === null ? [] : [r.userKey]), ...r.householdUserKeys])),
      )
    ).map((a) => [a.userKey, a]),
  );
  const [organisation] = await organisationsByIds(trx, [target.organisationId]);
  const held = await heldMembershipNumbers(
    trx,
    rows.flatMap((r) =>
      r.membershipNumber !== null && periods.has(r.periodId) ? [{ periodId: r.periodId, membershipNumber: r.membershipNumber }] : [],
    ),
  );
  return {
    periods,
    types,
    persons,
    memberships,
    accounts,
    organisationName: organisation?.name ?? `organisation ${target.organisationId}`,
    numbering,
    heldNumbers: new Map(held.map((h) => [numberKey(h.periodId, h.membershipNumber), h.personId])),
  };
}

/**
 * Set-based (the membership import, M01): a fixed number of statements for any number of rows.
 * Reads and locks what the rows touch, plans every row against it (planMemberRows: the online
 * registration's rules), prices the memberships awaiting payment (priceImportedOrders), then
 * writes: new persons (rows naming the same new person share one), personal data (updatePII),
 * external ids, accounts of the user keys, their OrgUser rows, LinkedPerson rows (each person to
 * its own account as self and to its household's accounts), membership numbers (kept ones taken
 * out of the sequence, the others reserved from it), unpaid orders with their lines, and the
 * memberships. Answers are in the order of `rows`; the caller owns the transaction.
 */
export async function applyMembers(trx: Db, target: MemberImportTarget, rows: readonly MemberWrite[]): Promise<MemberWriteResult[]> {
  if (rows.length === 0) return [];
  const state = await loadState(trx, target, rows);
  const planned = planMemberRows(rows, { ...state, today: target.today });
  const refused = priceImportedOrders(rows, planned, state.periods, target.today, (plan) => plan.key).refused;
  const plans: RowPlan[] = planned.map((p) =>
    p.rejected === null && refused.has(p.key) ? { key: p.key, rejected: 'NOT_PRICED', message: refused.get(p.key) as string } : p,
  );
  const rowOf = new Map(rows.map((r) => [r.key, r]));
  const accepted = plans.filter((p): p is AcceptedRow => p.rejected === null);

  // Persons: one new person per identity, from its first row.
  const firstOfIdentity = new Map<string, number>();
  for (const p of accepted)
    if ('identity' in p.person && !firstOfIdentity.has(p.person.identity)) firstOfIdentity.set(p.person.identity, p.key);
  const created = await insertPersons(
    trx,
    target.registrationSystemId,
    [...firstOfIdentity.values()].map((key) => {
      const row = rowOf.get(key) as MemberWrite;
      return { key, firstName: row.firstName, lastName: row.lastName, dateOfBirth: row.dateOfBirth, email: row.email };
    }),
    target.importJobId,
  );
  const personIdOf = (p: AcceptedRow): number =>
    'existingId' in p.person ? p.person.existingId : (created.get(firstOfIdentity.get(p.person.identity) as number) as number);
  await updatePersons(
    trx,
    target.registrationSystemId,
    // A person on two rows (two periods) is updated once, by the first.
    [
      ...new Map(
        accepted
          .flatMap((p) => (p.personUpdate ? [[personIdOf(p), { key: p.key, id: personIdOf(p), ...p.personUpdate }] as const] : []))
          .reverse(),
      ).values(),
    ],
    target.importJobId,
  );
  await recordExternalIds(
    trx,
    target.registrationSystemId,
    accepted.flatMap((p) => {
      const row = rowOf.get(p.key) as MemberWrite;
      return row.sourceSystemId !== null && row.externalId !== null
        ? [{ key: p.key, sourceSystemId: row.sourceSystemId, externalId: row.externalId, personId: personIdOf(p) }]
        : [];
    }),
    target.importJobId,
  );

  const accounts = await writeAccounts(trx, target, accepted, rowOf, state.accounts, personIdOf);

  // Numbers: kept ones leave the sequence; each new active membership without one gets the next.
  const fresh = accepted.filter((p) => p.existingMembershipId === null);
  const startsOn = (p: AcceptedRow) => state.periods.get((rowOf.get(p.key) as MemberWrite).periodId)?.startsOn as string;
  const numberOf = new Map<number, string>();
  if (state.numbering) {
    const kept = fresh.filter((p) => (rowOf.get(p.key) as MemberWrite).membershipNumber !== null);
    await keepMembershipNumbers(
      trx,
      target.organisationId,
      state.numbering,
      kept.map((p) => ({ periodStartsOn: startsOn(p), membershipNumber: (rowOf.get(p.key) as MemberWrite).membershipNumber as string })),
    );
    const needing = fresh.filter((p) => {
      const row = rowOf.get(p.key) as MemberWrite;
      return row.status === 'active' && row.membershipNumber === null;
    });
    const numbers = await reserveNumbersForPeriods(trx, target.organisationId, state.numbering, needing.map(startsOn));
    needing.forEach((p, i) => numberOf.set(p.key, numbers[i] as string));
  }

  // Orders of the memberships awaiting payment, priced again with the persons' ids (same amounts).
  const priced = priceImportedOrders(rows, plans, state.periods, target.today, personIdOf);
  if (priced.refused.size > 0) throw new Error('an order priced once was refused when priced again');
  const orderIds = await nextOrderIds(trx, priced.orders.length);
  const orders: Array<NewOrder & { key: number }> = [];
  const lines: Array<NewOrderLine & { orderId: number }> = [];
  const orderOfRow = new Map<number, number>();
  priced.orders.forEach((o, i) => {
    const id = orderIds[i] as number;
    orders.push({
      key: o.keys[0] as number,
      id,
      reference: formatOrderReference(target.today, id),
      accountId: accounts.idOf(o.payerUserKey),
      organisationId: target.organisationId,
      periodId: o.periodId,
      currency: o.quote.currency,
      totalMinor: o.quote.totalMinor,
      pricedOn: o.quote.pricedOn,
      pricedWindow: o.quote.window,
      quote: o.quote,
      paymentToken: newPaymentToken(),
    });
    lines.push(...quoteLines(o.quote).map((line) => ({ ...line, orderId: id })));
    for (const key of o.keys) orderOfRow.set(key, id);
  });
  const memberships: ImportedMembership[] = fresh.map((p) => {
    const row = rowOf.get(p.key) as MemberWrite;
    return {
      key: p.key,
      personId: personIdOf(p),
      periodId: row.periodId,
      membershipTypeId: row.membershipTypeId,
      status: row.status,
      memberType: p.memberType,
      membershipNumber: row.membershipNumber ?? numberOf.get(p.key) ?? null,
      orderId: orderOfRow.get(p.key) ?? null,
      details: { options: [], importJobId: target.importJobId, ...(row.memberSince ? { memberSince: row.memberSince } : {}) },
    };
  });
  const inserted = await insertOrdersAndMemberships(trx, orders, lines, memberships, target.importJobId);
  await followCreatedPersons(
    trx,
    target.importJobId,
    accounts.linkedAccountIds,
    memberships.map((m) => m.personId),
  );
  const membershipIdOf = new Map(inserted.map((m) => [`${m.personId}\u0000${m.periodId}`, m.id]));

  const linkCredited = new Set<number>();
  return plans.map((plan): MemberWriteResult => {
    if (plan.rejected !== null) {
      return {
        key: plan.key,
        action: 'REJECTED',
        personId: null,
        membershipId: null,
        personCreated: false,
        personUpdated: false,
        memberType: null,
        membershipNumber: null,
        orderId: null,
        accountsCreated: 0,
        linksCreated: 0,
        reason: plan.rejected,
        message: plan.message,
      };
    }
    const row = rowOf.get(plan.key) as MemberWrite;
    const personId = personIdOf(plan);
    const isNew = plan.existingMembershipId === null;
    const personCreated = 'identity' in plan.person && firstOfIdentity.get(plan.person.identity) === plan.key;
    // A person's new links and accounts count once, on their first row.
    const first = !linkCredited.has(personId);
    linkCredited.add(personId);
    const linksCreated = first ? (accounts.newLinks.get(personId) ?? 0) : 0;
    const accountsCreated = accounts.createdBy.get(plan.key) ?? 0;
    const changed = plan.personUpdate !== null || linksCreated > 0 || accountsCreated > 0 || accounts.personSet.has(plan.key);
    return {
      key: plan.key,
      action: isNew ? 'CREATED' : changed ? 'UPDATED' : 'UNCHANGED',
      personId,
      membershipId: isNew ? (membershipIdOf.get(`${personId}\u0000${row.periodId}`) ?? null) : plan.existingMembershipId,
      personCreated,
      personUpdated: plan.personUpdate !== null,
      memberType: isNew ? plan.memberType : null,
      membershipNumber: isNew ? (row.membershipNumber ?? numberOf.get(plan.key) ?? null) : plan.existingNumber,
      orderId: orderOfRow.get(plan.key) ?? null,
      accountsCreated,
      linksCreated,
      reason: null,
      message: null,
    };
  });
}

/**
 * The accounts of the accepted rows' user keys (found or created; a new account's own person is
 * the row whose user key it is), their OrgUser rows in the organisation, and the LinkedPerson rows:
 * each person to its own account as `self` and to its household's accounts as `household`.
 */
async function writeAccounts(
  trx: Db,
  target: MemberImportTarget,
  accepted: readonly AcceptedRow[],
  rowOf: ReadonlyMap<number, MemberWrite>,
  stored: ReadonlyMap<string, AccountOfUserKey>,
  personIdOf: (p: AcceptedRow) => number,
) {
  const owner = new Map<string, { key: number; personId: number; email: string | null }>();
  const referencedBy = new Map<string, number>();
  for (const p of accepted) {
    const row = rowOf.get(p.key) as MemberWrite;
    if (row.userKey !== null && !owner.has(row.userKey)) owner.set(row.userKey, { key: p.key, personId: personIdOf(p), email: row.email });
    for (const k of [...(row.userKey === null ? [] : [row.userKey]), ...row.householdUserKeys])
      if (!referencedBy.has(k)) referencedBy.set(k, p.key);
  }
  const missing = [...referencedBy.keys()].filter((k) => !stored.has(k));
  const inserted = await insertAccounts(
    trx,
    target.registrationSystemId,
    missing.map((userKey) => ({
      key: owner.get(userKey)?.key ?? (referencedBy.get(userKey) as number),
      userKey,
      personId: owner.get(userKey)?.personId ?? null,
      email: owner.get(userKey)?.email ?? null,
    })),
    target.importJobId,
  );
  const ids = new Map([...stored.values(), ...inserted].map((a) => [a.userKey, a.id]));
  // Another transaction created some of them since this chunk read the accounts: they were no
  // users of the organisation before the upload, so their rows are to be refused, which only a
  // fresh read can plan. Failing as a serialization failure makes the worker run the chunk again.
  const raced = missing.filter((k) => !ids.has(k));
  if (raced.length > 0)
    throw Object.assign(new Error(`accounts of user keys created concurrently: ${raced.length}`), { code: SERIALIZATION_FAILURE });
  const idOf = (userKey: string) => {
    const id = ids.get(userKey);
    if (id === undefined) throw new Error(`account of user key ${userKey} vanished`);
    return id;
  };
  const createdBy = new Map<number, number>();
  for (const a of inserted) {
    const key = owner.get(a.userKey)?.key ?? (referencedBy.get(a.userKey) as number);
    createdBy.set(key, (createdBy.get(key) ?? 0) + 1);
  }
  const personSet = new Set<number>();
  const adopt = [...owner].flatMap(([userKey, o]) => {
    const account = stored.get(userKey);
    if (!account || account.personId !== null) return [];
    personSet.add(o.key);
    return [{ key: o.key, accountId: account.id, personId: o.personId, email: o.email }];
  });
  await setAccountPersons(trx, adopt, target.importJobId);
  const orgUsers = new Map([...referencedBy].map(([userKey, key]) => [idOf(userKey), key]));
  await insertOrgUsers(
    trx,
    target.organisationId,
    [...orgUsers].sort(([a], [b]) => a - b).map(([accountId, key]) => ({ key, accountId })),
    target.importJobId,
  );

  const links = new Map<string, { key: number; accountId: number; personId: number; relationship: string }>();
  for (const p of accepted) {
    const row = rowOf.get(p.key) as MemberWrite;
    const personId = personIdOf(p);
    const add = (userKey: string, relationship: string) => {
      const accountId = idOf(userKey);
      const linkKey = `${accountId}\u0000${personId}`;
      if (!links.has(linkKey) || relationship === 'self') links.set(linkKey, { key: p.key, accountId, personId, relationship });
    };
    for (const k of row.householdUserKeys) add(k, 'household');
    if (row.userKey !== null) add(row.userKey, 'self');
  }
  const newLinks = new Map<number, number>();
  for (const l of await insertLinks(trx, [...links.values()], target.importJobId))
    newLinks.set(l.personId, (newLinks.get(l.personId) ?? 0) + 1);
  return { idOf, createdBy, personSet, newLinks, linkedAccountIds: unique([...links.values()].map((l) => l.accountId)) };
}
