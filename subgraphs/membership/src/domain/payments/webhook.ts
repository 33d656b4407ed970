import type { Knex } from '@ems/db';
import { confirmPayment, type ConfirmPaymentResult } from './confirm';
import type { PaymentProvider, WebhookRequest } from './provider';
import type { SettlementSettings } from './settlement';

export type WebhookResult =
  | { ok: true; duplicate: boolean; confirmation: Extract<ConfirmPaymentResult, { ok: true }> }
  | { ok: false; code: 'INVALID_SIGNATURE' | 'MALFORMED_EVENT' | 'PAYMENT_NOT_FOUND'; message: string };

/**
 * `POST /payments/webhook/:provider`: the signature is checked first (constant time) and nothing
 * is read from an unsigned body; then the payment is confirmed with the event recorded in the same
 * transaction (`payment_events`, ON CONFLICT DO NOTHING), so a redelivered event is processed
 * once, and an event whose processing failed is not marked as seen.
 */
export async function handlePaymentWebhook(
  db: Knex,
  provider: PaymentProvider,
  request: WebhookRequest,
  settings: SettlementSettings,
): Promise<WebhookResult> {
  const event = provider.parseWebhook(request);
  if (!event.ok) return event;
  const confirmation = await confirmPayment(db, provider, event.providerPaymentId, { eventId: event.eventId, ...settings });
  if (!confirmation.ok) return { ok: false, code: 'PAYMENT_NOT_FOUND', message: 'The event names a payment this service did not start.' };
  return { ok: true, duplicate: confirmation.duplicateEvent, confirmation };
}
