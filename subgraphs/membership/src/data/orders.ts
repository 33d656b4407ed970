import type { Db } from './db';
import { dateText } from './db';
import type { OrganisationNumbering } from './membershipNumbers';
import { pendingMembershipRows, type NewMembership } from './memberships';

export type OrderStatus = 'unpaid' | 'paid' | 'cancelled';

export interface OrderRow {
  id: number;
  reference: string;
  accountId: number;
  organisationId: number;
  periodId: number;
  status: OrderStatus;
  currency: string;
  totalMinor: number;
  paidMinor: number;
  pricedOn: string;
  pricedWindow: 'early' | 'standard' | 'late';
  quote: unknown;
  createdAt: Date;
  paidAt: Date | null;
  cancelledAt: Date | null;
  /** The pay link's capability (migration 20261122090000): whoever holds it may start an attempt. */
  paymentToken: string;
}

function orderColumns(db: Db) {
  return [
    'id',
    'reference',
    'accountId',
    'organisationId',
    'periodId',
    'status',
    'currency',
    'totalMinor',
    'paidMinor',
    dateText(db, 'priced_on', 'priced_on'),
    'pricedWindow',
    'quote',
    'createdAt',
    'paidAt',
    'cancelledAt',
    'paymentToken',
  ];
}

function orderQuery(db: Db) {
  return db('membership.orders').select(orderColumns(db));
}

export async function orderById(db: Db, id: number): Promise<OrderRow | null> {
  return (await orderQuery(db).where({ id }).first()) ?? null;
}

export async function ordersByIds(db: Db, ids: readonly number[]): Promise<OrderRow[]> {
  return orderQuery(db).whereIn('id', ids as number[]);
}

/** An account's unpaid orders of a period, oldest first (the member portal's "awaiting payment"). */
export async function unpaidOrdersOfAccount(db: Db, accountId: number, periodId: number): Promise<OrderRow[]> {
  return orderQuery(db).where({ accountId, periodId, status: 'unpaid' }).orderBy('id');
}

export async function orderByReference(db: Db, reference: string): Promise<OrderRow | null> {
  return (await orderQuery(db).where({ reference }).first()) ?? null;
}

/** The order row locked until the end of the transaction (`SELECT ... FOR UPDATE`). */
export async function lockOrder(db: Db, id: number): Promise<OrderRow | null> {
  return (await orderQuery(db).where({ id }).forUpdate().first()) ?? null;
}

/** An id taken before the insert, so that the reference can be derived from it in the same statement. */
export async function nextOrderId(db: Db): Promise<number> {
  const result = await db.raw(`SELECT nextval(pg_get_serial_sequence('membership.orders', 'id'))::int AS id`);
  return (result.rows[0] as { id: number }).id;
}

export interface NewOrder {
  id: number;
  reference: string;
  accountId: number;
  organisationId: number;
  periodId: number;
  currency: string;
  totalMinor: number;
  pricedOn: string;
  pricedWindow: string;
  quote: unknown;
  paymentToken: string;
}

export interface OrderLineRow {
  id: number;
  orderId: number;
  personId: number | null;
  kind: string;
  description: string;
  amountMinor: number;
  rule: string;
  position: number;
}

export type NewOrderLine = Omit<OrderLineRow, 'id' | 'orderId'>;

/** The lines of an order that has none yet (a new one). */
function orderLineRows(orderId: number, lines: readonly NewOrderLine[]) {
  return lines.map((line) => ({ ...line, orderId }));
}

export async function insertOrderLines(db: Db, orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
  if (lines.length > 0) await db('membership.orderLines').insert(orderLineRows(orderId, lines));
}

/**
 * A new order, its lines and its persons' pending memberships, in one statement: data-modifying
 * CTEs, whose foreign keys PostgreSQL checks at the statement's end. Completion is the longest
 * step of a registration, and each statement in it is a round trip to the database.
 */
export async function insertOrderWithMemberships(
  db: Db,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  memberships: readonly NewMembership[],
): Promise<void> {
  if (memberships.length === 0) throw new Error('an order without persons');
  let statement = db.with(
    'new_order',
    db('membership.orders').insert({ ...order, status: 'unpaid', paidMinor: 0, quote: JSON.stringify(order.quote) }),
  );
  if (lines.length > 0) {
    statement = statement.with('new_lines', db('membership.orderLines').insert(orderLineRows(order.id, lines)));
  }
  await statement.insert(pendingMembershipRows(memberships)).into('membership.memberships');
}

export async function replaceOrderLines(db: Db, orderId: number, lines: readonly NewOrderLine[]): Promise<void> {
  await db('membership.orderLines').where({ orderId }).delete();
  await insertOrderLines(db, orderId, lines);
}

export async function linesByOrderIds(db: Db, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  return db('membership.orderLines')
    .whereIn('orderId', orderIds as number[])
    .orderBy(['orderId', 'position'])
    .select('id', 'orderId', 'personId', 'kind', 'description', 'amountMinor', 'rule', 'position');
}

export async function updateOrderPrice(
  db: Db,
  id: number,
  price: { totalMinor: number; pricedOn: string; pricedWindow: string; quote: unknown },
): Promise<void> {
  await db('membership.orders')
    .where({ id })
    .update({ ...price, quote: JSON.stringify(price.quote), updatedAt: db.fn.now() });
}

/** Records what the order has received in all, paid when `paid` says so (the caller holds its lock); answers the order as it is now. */
export async function recordOrderPayment(db: Db, id: number, paidMinor: number, paid: boolean): Promise<OrderRow> {
  const [order] = (await db('membership.orders')
    .where({ id })
    .update({ paidMinor, updatedAt: db.fn.now(), ...(paid ? { status: 'paid', paidAt: db.fn.now() } : {}) })
    .returning(orderColumns(db))) as OrderRow[];
  if (!order) throw new Error(`order ${id} does not exist`);
  return order;
}

export async function markOrderCancelled(db: Db, id: number): Promise<void> {
  await db('membership.orders').where({ id }).update({ status: 'cancelled', cancelledAt: db.fn.now(), updatedAt: db.fn.now() });
}

/** What a paid order's activation and confirmation need besides its memberships (see orderConfirmationContext). */
export interface OrderConfirmationContext {
  periodName: string;
  /** `YYYY-MM-DD`: the year in the new membership numbers. */
  periodStartsOn: string;
  /** The organisation's name and numbering (as organisationNumbering reads it). */
  numbering: OrganisationNumbering;
  /** Where the confirmation goes: the account's address, else its own person's; none for a disabled account. */
  contact: { email: string | null; firstName: string | null };
}

/**
 * The order's period, its organisation's numbering and its account's contact in one read: the
 * settlement reads them while it holds the order's lock, which the payer's return page may be
 * waiting for. Read after the organisation's number lock, like organisationNumbering.
 */
export async function orderConfirmationContext(
  db: Db,
  order: Pick<OrderRow, 'periodId' | 'organisationId' | 'accountId'>,
): Promise<OrderConfirmationContext | null> {
  const row = await db('membership.membershipPeriods as pe')
    .join('membership.organisations as org', (on) => on.onVal('org.id', order.organisationId))
    .leftJoin('membership.accounts as a', (on) => on.onVal('a.id', order.accountId).andOnNull('a.disabledAt'))
    .leftJoin('membership.persons as p', 'p.id', 'a.personId')
    .where('pe.id', order.periodId)
    .first(
      'pe.name as periodName',
      dateText(db, 'pe.starts_on', 'period_starts_on'),
      'org.name as organisationName',
      'org.slug',
      'org.membershipNumberPattern as pattern',
      db.raw('coalesce(a.email, p.email) AS email'),
      'p.firstName',
    );
  if (!row) return null;
  return {
    periodName: row.periodName,
    periodStartsOn: row.periodStartsOn,
    numbering: { name: row.organisationName, slug: row.slug, pattern: row.pattern },
    contact: { email: row.email, firstName: row.firstName },
  };
}
