import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { AuthenticationError, InputError, NotFoundError } from '@ems/schema';
import { asyncHandler, parseInput, type Logger } from '@ems/service-runtime';
import { escapeHtml } from '../domain/email/confirmationEmail';
import { looksLikeOrderReference } from '../domain/orders/reference';
import { CHECKOUT_DECISIONS } from '../domain/payments/builtinProvider';
import type { PaymentService } from '../domain/payments/service';
import type { StartPaymentErrorCode, PayableOrder } from '../domain/payments/startPayment';
import { amountText, sendPage, type Page } from './pages';

export interface PaymentRoutesDeps {
  payments: PaymentService;
  logger: Pick<Logger, 'error'>;
  /** The pay link's rate limit per client address (429 with Retry-After). */
  payLinkLimit: RequestHandler;
}

const REFUSALS: Record<StartPaymentErrorCode, { status: number; page: (order: PayableOrder | null) => Page }> = {
  ORDER_NOT_FOUND: {
    status: 404,
    page: () => ({
      title: 'Order not found',
      paragraphs: ['There is no order for this payment link. Please check the link, or open your registration to pay.'],
    }),
  },
  ORDER_PAID: {
    status: 409,
    page: (order) => ({
      title: 'This order is already paid',
      paragraphs: [`Order ${order?.reference ?? ''} has been paid. Nothing more is due.`],
    }),
  },
  ORDER_CANCELLED: {
    status: 409,
    page: (order) => ({
      title: 'This order was cancelled',
      paragraphs: [`Order ${order?.reference ?? ''} was cancelled and cannot be paid. Register again if you still want to join.`],
    }),
  },
  REGISTRATION_CLOSED: {
    status: 409,
    page: (order) => ({
      title: 'Online payment is no longer possible',
      paragraphs: [
        'Registration for this membership period has closed, so this order can no longer be paid online.',
        `Please contact the club and quote the reference ${order?.reference ?? ''}.`,
      ],
    }),
  },
  PROVIDER_UNAVAILABLE: {
    status: 502,
    page: () => ({
      title: 'Payment service unavailable',
      paragraphs: ['The payment service cannot be reached. Please try again in a few minutes.'],
    }),
  },
};

const decisionBody = z.object({ decision: z.enum(CHECKOUT_DECISIONS) });

const DECIDED_TEXT = { paid: 'paid', failed: 'declined', cancelled: 'cancelled' } as const;

/**
 * The payer's side of payments (public paths: the router forwards them under
 * `/services/admin-service`): the order's pay link (reference plus its capability token), the built-in provider's hosted checkout and
 * the providers' webhooks. Handlers parse, call one PaymentService method and render its answer.
 */
export function paymentRoutes({ payments, logger, payLinkLimit }: PaymentRoutesDeps): Router {
  const router = Router();

  router.get(
    '/payments/orders/:reference/pay',
    payLinkLimit,
    asyncHandler(async (req, res) => {
      const reference = String(req.params.reference);
      // The capability (docs/payments.md, "The pay link"); a missing or wrong one reads as no such order.
      const token = typeof req.query.token === 'string' ? req.query.token : null;
      const result = looksLikeOrderReference(reference)
        ? await payments.startPayment({ reference, token })
        : ({ ok: false, code: 'ORDER_NOT_FOUND', order: null } as const);
      if (result.ok) {
        res.set('Cache-Control', 'no-store').redirect(302, result.checkoutUrl);
        return;
      }
      if (result.code === 'PROVIDER_UNAVAILABLE') logger.error({ err: result.cause, reference }, 'payment provider refused a new payment');
      const refusal = REFUSALS[result.code];
      sendPage(res, refusal.status, refusal.page(result.order));
    }),
  );

  const builtin = payments.builtin;
  if (builtin) {
    router.get(
      '/payments/builtin/checkout/:id',
      asyncHandler(async (req, res) => {
        const checkout = await builtin.checkout(String(req.params.id));
        if (!checkout) return sendPage(res, 404, { title: 'Payment not found', paragraphs: ['This payment does not exist.'] });
        const facts = `<dl><dt>Order reference</dt><dd>${escapeHtml(checkout.orderReference)}</dd><dt>Amount</dt><dd>${escapeHtml(
          amountText(checkout.amountMinor, checkout.currency),
        )}</dd></dl>`;
        if (checkout.status !== 'open') {
          return sendPage(res, 409, {
            title: 'This payment is finished',
            paragraphs: [`This payment was already ${DECIDED_TEXT[checkout.status]}.`],
            html: facts,
          });
        }
        sendPage(res, 200, {
          title: 'Test checkout',
          paragraphs: ['This is the built-in payment provider for demonstrations and tests. No money is moved.'],
          html: [
            facts,
            // An empty action posts back to this very URL, behind the router's prefix or not.
            '<form method="post" action="">',
            '<fieldset><legend>Choose the outcome of this payment</legend>',
            '<button type="submit" name="decision" value="pay" class="pay">Pay</button>',
            '<button type="submit" name="decision" value="fail">Fail</button>',
            '<button type="submit" name="decision" value="cancel">Cancel</button>',
            '</fieldset>',
            '</form>',
          ].join('\n'),
        });
      }),
    );

    router.post(
      '/payments/builtin/checkout/:id',
      express.urlencoded({ extended: false, limit: '4kb' }),
      asyncHandler(async (req, res) => {
        const { decision } = parseInput(decisionBody, req.body);
        const result = await builtin.decide(String(req.params.id), decision);
        if (!result.ok) return sendPage(res, 404, { title: 'Payment not found', paragraphs: ['This payment does not exist.'] });
        // 303: the browser follows with a GET, so a reload does not post the decision again.
        res.set('Cache-Control', 'no-store').redirect(303, result.redirectUrl);
      }),
    );
  }

  router.post(
    '/payments/webhook/:provider',
    express.raw({ type: () => true, limit: '64kb' }),
    asyncHandler(async (req, res) => {
      // A JSON body was parsed by the service's express.json(), which kept its bytes as `rawBody`;
      // any other media type is read raw here. The signature is checked over these bytes.
      const rawBody = Buffer.isBuffer(req.body) ? req.body : req.rawBody;
      if (!rawBody) {
        throw new InputError('Webhook bodies are verified over their raw bytes; send them as a non-JSON media type', {
          code: 'UNSUPPORTED_WEBHOOK_BODY',
        });
      }
      const result = await payments.webhook(String(req.params.provider), { rawBody, header: (name) => req.get(name) });
      if (result.ok) {
        res.json({ received: true, duplicate: result.duplicate });
        return;
      }
      switch (result.code) {
        case 'INVALID_SIGNATURE':
          throw new AuthenticationError(result.message, { code: result.code });
        case 'MALFORMED_EVENT':
          throw new InputError(result.message, { code: result.code });
        case 'UNKNOWN_PROVIDER':
        case 'PAYMENT_NOT_FOUND':
          throw new NotFoundError(result.message, { code: result.code });
      }
    }),
  );

  return router;
}
