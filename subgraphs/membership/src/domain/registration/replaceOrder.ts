import type { Knex } from '@ems/db';
import { createRegistrationOrder, type CreateRegistrationOrderResult, type RegistrationOrderInput } from './createOrder';
import { paymentUrlOf } from '../orders/order';
import { cancelUnpaidOrder } from './orderState';
import { registrationReads, type RegistrationReads } from './reads';

/** What makes two orders the same for the payer: the persons, what each takes, and every line of the price. */
async function orderFingerprint(trx: Knex.Transaction, orderId: number): Promise<string> {
  const memberships = await trx('membership.memberships as m')
    .join('membership.membership_types as t', 't.id', 'm.membershipTypeId')
    .where('m.orderId', orderId)
    .orderBy('m.personId')
    .select('m.personId', 't.code', 'm.memberType', 'm.details');
  const lines = await trx('membership.order_lines')
    .where({ orderId })
    .orderBy('position')
    .select('personId', 'kind', 'amountMinor', 'rule');
  const order = await trx('membership.orders').where({ id: orderId }).first('totalMinor', 'currency');
  return JSON.stringify({
    order: [Number(order.totalMinor), order.currency],
    memberships: memberships.map((m) => [m.personId, m.code, m.memberType, JSON.stringify(m.details ?? {})]),
    lines: lines.map((l) => [l.personId, l.kind, Number(l.amountMinor), l.rule]),
  });
}

/**
 * Completing a registration again while its order is unpaid (the member changed answers while
 * payment was due, issue 23 problem 4): the order and its payment reference stay when the new
 * answers make the same order (same persons, types, options and every price line), so money
 * transferred with the reference shown earlier still pays it; otherwise the old order is
 * cancelled and a new one made. Decided by making the new order under a savepoint and comparing:
 * the comparison is the order itself, not a second reading of the pricing rules.
 */
export async function replaceUnpaidOrder(
  trx: Knex.Transaction,
  previousOrderId: number,
  input: RegistrationOrderInput,
  reads: RegistrationReads = registrationReads(trx),
): Promise<(CreateRegistrationOrderResult & { kept?: boolean }) | { ok: false; code: 'ORDER_PAID'; message: string; personId: null }> {
  // An order already cancelled (by an operator) is never brought back: a new one, as before.
  const before = await trx('membership.orders').where({ id: previousOrderId }).first('status');
  if (!before || before.status === 'cancelled') return createRegistrationOrder(trx, input, reads);

  await trx.raw('SAVEPOINT replace_unpaid_order');
  const cancelled = await cancelUnpaidOrder(trx, previousOrderId);
  if (!cancelled.ok) {
    await trx.raw('ROLLBACK TO SAVEPOINT replace_unpaid_order');
    return { ok: false, code: 'ORDER_PAID', message: 'The earlier order has been paid.', personId: null };
  }
  const created = await createRegistrationOrder(trx, input, reads);
  if (!created.ok) {
    await trx.raw('ROLLBACK TO SAVEPOINT replace_unpaid_order');
    return created;
  }
  if ((await orderFingerprint(trx, created.order.id)) !== (await orderFingerprint(trx, previousOrderId))) {
    await trx.raw('RELEASE SAVEPOINT replace_unpaid_order');
    return created;
  }
  // The same order: undo the new one and the cancel; the earlier order, reference and pay link stay.
  await trx.raw('ROLLBACK TO SAVEPOINT replace_unpaid_order');
  const kept = await trx('membership.orders')
    .where({ id: previousOrderId })
    .first('id', 'reference', 'totalMinor', 'currency', 'paymentToken');
  return {
    ok: true,
    kept: true,
    order: {
      id: kept.id,
      reference: kept.reference,
      totalMinor: Number(kept.totalMinor),
      currency: kept.currency,
      paymentUrl: paymentUrlOf(kept.reference, kept.paymentToken),
    },
  };
}
