import { retryRolledBack, type Knex } from '@ems/db';
import { lockOrder, orderByReference, type OrderRow } from '../../data/orders';
import { insertPayment } from '../../data/payments';
import { recordOperatorActions } from '../audit/operatorAction';
import type { DataScope } from '../scope';
import { settleOrderPayment, type SettlementSettings } from './settlement';

export const MANUAL_PROVIDER = 'manual';

export type ManualPaymentErrorCode =
  'FORBIDDEN' | 'ORDER_NOT_FOUND' | 'ORDER_CANCELLED' | 'ORDER_ALREADY_PAID' | 'INVALID_AMOUNT' | 'ORDER_CHANGED';

export type ManualPaymentResult =
  { ok: true; order: OrderRow; activated: boolean } | { ok: false; code: ManualPaymentErrorCode; message: string };

const MAX_AMOUNT_MINOR = 100_000_000;

/**
 * An operator records money received outside the online flow, typically a bank transfer that
 * quotes the order reference. Only an OrgUser with ROLE_ORG_ADMIN in the order's organisation may;
 * an order of another organisation is "not found" to them (no existence leak). A part payment is
 * credited and leaves the order unpaid; once the total is covered the order is paid and activated
 * exactly as an online payment would be.
 *
 * A transfer has no key of its own, so a request sent twice (a double click, a retry after a
 * timeout, two operators working the same bank statement) would credit it twice. With
 * `expectedPaidMinor` (what the operator saw paid) the order is compared under its lock and a
 * changed one records nothing (ORDER_CHANGED): the operator looks again and records the transfer
 * if it is new. The admin portal always sends it.
 */
export async function recordManualPayment(
  db: Knex,
  scope: DataScope,
  input: { orderReference: string; amountMinor: number; expectedPaidMinor?: number | null },
  settings: SettlementSettings,
): Promise<ManualPaymentResult> {
  if (scope.adminOrganisationIds.size === 0) {
    return { ok: false, code: 'FORBIDDEN', message: 'Recording a payment needs the role ROLE_ORG_ADMIN in the order’s organisation.' };
  }
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0 || input.amountMinor > MAX_AMOUNT_MINOR) {
    return { ok: false, code: 'INVALID_AMOUNT', message: 'The amount must be a positive whole number of minor units (cents).' };
  }
  // A settlement PostgreSQL picked to break a deadlock (an import of the club touching the same
  // persons) changed nothing and runs again.
  return retryRolledBack(() =>
    db.transaction(async (trx) => {
      const found = await orderByReference(trx, input.orderReference.trim().toUpperCase());
      const order = found && scope.adminOrganisationIds.has(found.organisationId) ? await lockOrder(trx, found.id) : null;
      if (!order)
        return { ok: false, code: 'ORDER_NOT_FOUND', message: `No order ${input.orderReference} in your organisations.` } as const;
      if (order.status === 'cancelled')
        return { ok: false, code: 'ORDER_CANCELLED', message: `Order ${order.reference} is cancelled.` } as const;
      if (order.status === 'paid')
        return { ok: false, code: 'ORDER_ALREADY_PAID', message: `Order ${order.reference} is already paid.` } as const;
      if (input.expectedPaidMinor != null && input.expectedPaidMinor !== order.paidMinor)
        return {
          ok: false,
          code: 'ORDER_CHANGED',
          message: `Order ${order.reference} has been credited since you opened it: ${order.paidMinor} of ${order.totalMinor} (minor units) are paid now. Nothing was recorded; check the order and record the transfer again if it is new.`,
        } as const;
      // More than is still owed is almost always a typo (a zero too many), and the member's
      // confirmation would announce it: the operator records what the order needs, and money
      // received beyond it is refunded outside the order.
      const outstanding = order.totalMinor - order.paidMinor;
      if (input.amountMinor > outstanding)
        return {
          ok: false,
          code: 'INVALID_AMOUNT',
          message: `Order ${order.reference} needs only ${outstanding} more (minor units); record at most that. Money received beyond it is refunded outside the order.`,
        } as const;
      const payment = await insertPayment(trx, {
        orderId: order.id,
        provider: MANUAL_PROVIDER,
        status: 'succeeded',
        amountMinor: input.amountMinor,
        currency: order.currency,
        recordedByAccountId: scope.accountId,
      });
      const settlement = await settleOrderPayment(trx, order, input.amountMinor, settings);
      await recordOperatorActions(trx, scope, [
        {
          organisationId: order.organisationId,
          action: 'payment.recorded',
          subjectType: 'order',
          subjectId: order.reference,
          before: { status: order.status, paidMinor: order.paidMinor },
          after: {
            status: settlement.order.status,
            paidMinor: settlement.order.paidMinor,
            paymentId: payment.id,
            amountMinor: input.amountMinor,
            currency: order.currency,
          },
        },
      ]);
      return { ok: true, order: settlement.order, activated: settlement.activated } as const;
    }),
  );
}
