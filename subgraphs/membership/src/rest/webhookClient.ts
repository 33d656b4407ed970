import type { WebhookDelivery } from '../domain/payments/builtinProvider';
import { BUILTIN_SIGNATURE_HEADER } from '../domain/payments/builtinProvider';

/**
 * The built-in provider's webhook body type. Not `application/json` on purpose: the service's
 * shared JSON parser would consume the body, and the signature is checked over the raw bytes.
 */
export const BUILTIN_WEBHOOK_CONTENT_TYPE = 'application/vnd.ems.payment-event+json';

/** Posts the built-in provider's signed events to `<base>/payments/webhook/builtin` over real HTTP. */
export function builtinWebhookDelivery(baseUrl: () => string, timeoutMs = 5000): WebhookDelivery {
  return async (body, signature) => {
    const res = await fetch(`${baseUrl()}/payments/webhook/builtin`, {
      method: 'POST',
      headers: { 'content-type': BUILTIN_WEBHOOK_CONTENT_TYPE, [BUILTIN_SIGNATURE_HEADER]: signature },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Drain the answer so the connection can be reused.
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`webhook endpoint answered ${res.status}`);
  };
}
