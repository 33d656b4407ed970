import type { Db } from '../../data/db';
import { queueEmail } from '../../data/emails';
import { lockMembershipSequence } from '../../data/membershipNumbers';
import { activateMemberships, lockPendingMembershipsOfOrder } from '../../data/memberships';
import { orderConfirmationContext, recordOrderPayment, type OrderRow } from '../../data/orders';
import { membershipCardRefs } from '../email/attachments';
import { confirmationEmail, MEMBERSHIP_CONFIRMATION } from '../email/confirmationEmail';
import { reserveNumbersForPeriods } from '../registration/membershipNumbers';

export interface Settlement {
  /** The order as the settlement leaves it. */
  order: OrderRow;
  /** This payment completed the order and its memberships were activated now. */
  activated: boolean;
}

export interface SettlementSettings {
  /** The portal's public origin, for the link in the confirmation e-mail. */
  portalUrl: string | null;
}

/**
 * Credits a received amount to an order the caller has locked (`FOR UPDATE`) in `trx`. The order
 * becomes paid when what was received covers its total; only then, and only from unpaid, are
 * its memberships activated. Money for a paid order (a second attempt that also went through) or
 * a cancelled one is recorded and changes nothing else: an operator refunds it.
 */
export async function settleOrderPayment(trx: Db, order: OrderRow, amountMinor: number, settings: SettlementSettings): Promise<Settlement> {
  const paidMinor = order.paidMinor + amountMinor;
  const completes = order.status === 'unpaid' && paidMinor >= order.totalMinor;
  const credited = await recordOrderPayment(trx, order.id, paidMinor, completes);
  if (!completes) return { order: credited, activated: false };
  await activateOrderMemberships(trx, credited, settings);
  return { order: credited, activated: true };
}

/**
 * Gives every pending membership of the order without one its number (reserveMembershipNumbers) and activates
 * it, then queues one confirmation e-mail listing them (none when the account has no address).
 * Numbers come from the organisation's sequence, which no other payer waits for.
 */
async function activateOrderMemberships(trx: Db, order: OrderRow, settings: SettlementSettings): Promise<void> {
  const pending = await lockPendingMembershipsOfOrder(trx, order.id);
  if (pending.length === 0) return;

  // The organisation's number lock (shared), for the reservation and before the activation touches
  // the members' persons, also when every membership keeps a number from an import: an import
  // chunk takes it before its own person locks, so the two never hold persons the other waits for
  // (docs/payments.md).
  await lockMembershipSequence(trx, order.organisationId, 'shared');
  const context = await orderConfirmationContext(trx, order);
  if (!context) throw new Error(`the period or organisation of order ${order.reference} does not exist`);
  // A number kept from an earlier system (membership import) stays the member's; the others get the next ones.
  const unnumbered = pending.filter((m) => m.membershipNumber === null).length;
  const reserved = await reserveNumbersForPeriods(
    trx,
    order.organisationId,
    context.numbering,
    Array<string>(unnumbered).fill(context.periodStartsOn),
  );
  let nextReserved = 0;
  const numbered = pending.map((m) => ({ id: m.id, membershipNumber: m.membershipNumber ?? (reserved[nextReserved++] as string) }));
  const numbers = new Map(numbered.map((n) => [n.id, n.membershipNumber]));
  await activateMemberships(trx, numbered);

  const { email: toAddress, firstName } = context.contact;
  if (!toAddress) return;
  const email = confirmationEmail({
    recipientFirstName: firstName,
    organisationName: context.numbering.name,
    periodName: context.periodName,
    orderReference: order.reference,
    paidMinor: order.paidMinor,
    currency: order.currency,
    members: pending.map((m) => ({
      name: m.personName,
      membershipType: m.membershipTypeName,
      membershipNumber: numbers.get(m.id) ?? '',
    })),
    portalUrl: settings.portalUrl,
  });
  await queueEmail(trx, {
    toAddress,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    kind: MEMBERSHIP_CONFIRMATION,
    orderId: order.id,
    // Each member's card, made when the e-mail is sent (not in this transaction).
    attachments: membershipCardRefs(numbered.map((n) => n.id)),
  });
}
