import type { Db } from '../../data/db';
import {
  paymentsOfOrders,
  searchOrders,
  type OperatorOrderRow,
  type OrderPaymentRow,
  type OrderSearchQuery,
} from '../../data/operatorOrders';
import type { OrderStatus } from '../../data/orders';
import type { DataScope } from '../scope';
import { cursorId, pageSize } from './ids';

/** An order with its payment attempts (the provider's events are a field of their own, read by a loader). */
export type OperatorOrderView = OperatorOrderRow & { payments: OrderPaymentRow[] };

/** Orders and their payments: two statements for any number of orders. */
export async function ordersWithPayments(db: Db, query: OrderSearchQuery): Promise<OperatorOrderView[]> {
  const orders = await searchOrders(db, query);
  const payments = await paymentsOfOrders(
    db,
    orders.map((o) => o.id),
  );
  return orders.map((o) => ({ ...o, payments: payments.filter((p) => p.orderId === o.id) }));
}

export interface OrderSearchInput {
  status?: OrderStatus | null;
  reference?: string | null;
}

/**
 * `Query.operatorOrders`: the orders of the organisations the caller administers, newest first
 * (open orders: `status: UNPAID`). Nothing for anyone else.
 */
export async function operatorOrders(
  db: Db,
  scope: DataScope | null,
  args: { filter?: OrderSearchInput | null; first?: number | null; after?: string | null },
): Promise<{ orders: OperatorOrderView[]; nextCursor: string | null }> {
  if (!scope || scope.adminOrganisationIds.size === 0) return { orders: [], nextCursor: null };
  const limit = pageSize(args.first, 50, 200);
  const rows = await ordersWithPayments(db, {
    organisationIds: [...scope.adminOrganisationIds],
    status: args.filter?.status ?? null,
    reference: args.filter?.reference,
    beforeId: cursorId(args.after),
    limit: limit + 1,
  });
  const orders = rows.slice(0, limit);
  return { orders, nextCursor: rows.length > limit ? String(orders[orders.length - 1]!.id) : null };
}

/** `Query.operatorOrder`: one order of the caller's organisations by its exact reference; null otherwise. */
export async function operatorOrder(db: Db, scope: DataScope | null, reference: string): Promise<OperatorOrderView | null> {
  if (!scope || scope.adminOrganisationIds.size === 0) return null;
  const wanted = reference.trim().toUpperCase();
  const [found] = await ordersWithPayments(db, { organisationIds: [...scope.adminOrganisationIds], exactReference: wanted, limit: 1 });
  return found ?? null;
}
