import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local stand-in of the part of Stripe's HTTP API this service uses, built from Stripe's
 * documented requests and objects (Stripe itself is outside our network):
 *
 * - `POST /v1/checkout/sessions` (form-encoded, `mode=payment`, `line_items[…][price_data]`,
 *   `success_url`, `cancel_url`, `client_reference_id`, `metadata`, `expires_at`),
 *   `GET /v1/checkout/sessions/:id` (with `expand[]=payment_intent`),
 *   `POST /v1/checkout/sessions/:id/expire`, `GET /v1/payment_intents/:id`, `POST /v1/refunds`;
 *   secret key as Bearer token, `Idempotency-Key` replays, errors as `{ error: { type, code, message } }`.
 * - The hosted checkout page (`session.url`): Pay, Fail (a delayed payment method that fails) and
 *   Cancel (back to `cancel_url`; the session stays open until it expires, as on Stripe).
 * - Webhook events `checkout.session.completed`, `checkout.session.async_payment_failed` and
 *   `checkout.session.expired`, signed as Stripe signs them:
 *   `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`.
 *
 * Tests drive what Stripe's own timing would: holding webhooks back (a late webhook), delivering
 * one again (a duplicate), expiring a session (time passing).
 */

export interface StripeStandInOptions {
  /** The secret key the client must present. */
  secretKey: string;
  /** The endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** Where events are posted (the service's `/payments/webhook/stripe`); none: events are only recorded. */
  webhookUrl?: string;
  port?: number;
  host?: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

interface Session {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
}

interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  livemode: false;
  metadata: Record<string, string>;
  status: 'processing' | 'requires_payment_method' | 'succeeded' | 'canceled';
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

const API_VERSION = '2026-10-28.endive';

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export class StripeStandIn {
  readonly sessions = new Map<string, Session>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly refunds = new Map<string, Refund>();
  readonly events: StripeEvent[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  /** Every API request as method and path, for tests that check what the client called. */
  readonly requests: string[] = [];
  webhookUrl: string | undefined;
  private held: StripeEvent[] | null = null;
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;
  private base = '';

  constructor(private readonly options: StripeStandInOptions) {
    this.webhookUrl = options.webhookUrl;
  }

  /** e.g. http://127.0.0.1:4242: STRIPE_API_BASE of the service under test. */
  get url(): string {
    return this.base;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : this.options.port;
    this.base = `http://${this.options.host ?? '127.0.0.1'}:${port}`;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** From now on events are queued instead of sent (as when Stripe's delivery is late). */
  holdWebhooks(): void {
    this.held ??= [];
  }

  /** Sends the queued events in order and stops holding. */
  async releaseWebhooks(): Promise<WebhookDelivery[]> {
    const queued = this.held ?? [];
    this.held = null;
    const sent: WebhookDelivery[] = [];
    for (const event of queued) sent.push(await this.deliver(event));
    return sent;
  }

  /** Delivers an event again, byte for byte the same payload and a fresh signature (as Stripe's retries). */
  async redeliver(eventId: string): Promise<WebhookDelivery> {
    const event = this.events.find((e) => e.id === eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    return this.deliver(event);
  }

  /** Stripe's `Stripe-Signature` header for a payload. */
  signatureHeader(payload: string, timestamp = Math.floor(Date.now() / 1000), secret = this.options.webhookSecret): string {
    const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  eventsOf(sessionId: string): StripeEvent[] {
    return this.events.filter((e) => e.data.object.id === sessionId);
  }

  // ---- HTTP ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', this.base);
      const body = await readBody(req);
      if (url.pathname.startsWith('/v1/')) return await this.api(req, res, url, body);
      const page = /^\/c\/pay\/(cs_test_[A-Za-z0-9]+)$/.exec(url.pathname);
      if (page && req.method === 'GET') return this.checkoutPage(res, page[1] as string);
      if (page && req.method === 'POST') return await this.decide(res, page[1] as string, new URLSearchParams(body).get('decision'));
      send(res, 404, 'text/plain', 'Not found');
    } catch (err) {
      if (!res.headersSent) send(res, 500, 'text/plain', String(err));
    }
  }

  private async api(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<void> {
    this.requests.push(`${req.method} ${url.pathname}`);
    if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
      return json(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? this.idempotent.get(key) : undefined;
    if (replay) return json(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    let status = 200;
    let answer: unknown;
    try {
      answer = await this.route(req.method ?? 'GET', url, parseForm(req.method === 'POST' ? body : url.search.slice(1)));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      status = err.status;
      answer = { error: { type: 'invalid_request_error', code: err.code, message: err.message, param: err.param } };
    }
    if (typeof key === 'string') this.idempotent.set(key, { status, body: answer });
    json(res, status, answer);
  }

  private async route(method: string, url: URL, params: Params): Promise<unknown> {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(params);
    let m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (m && method === 'GET') return this.expanded(this.session(m[1] as string), params);
    m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (m && method === 'POST') return this.expire(m[1] as string);
    m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (m && method === 'GET') return this.intent(m[1] as string);
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(params);
    throw new ApiError(404, 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createSession(p: Params): Session {
    if (p.mode !== 'payment') throw new ApiError(400, 'parameter_invalid', 'This stand-in supports mode=payment only.', 'mode');
    const successUrl = str(p.success_url, 'success_url');
    const items = Object.values(obj(p.line_items, 'line_items'));
    if (items.length === 0) throw new ApiError(400, 'parameter_missing', 'Missing required param: line_items.', 'line_items');
    let total = 0;
    let currency = '';
    for (const item of items) {
      const price = obj((item as Params).price_data, 'line_items[0][price_data]');
      const amount = Number(price.unit_amount);
      const quantity = Number((item as Params).quantity ?? 1);
      if (!Number.isInteger(amount) || amount < 0)
        throw new ApiError(400, 'parameter_invalid_integer', 'Invalid unit_amount.', 'unit_amount');
      if (!Number.isInteger(quantity) || quantity < 1)
        throw new ApiError(400, 'parameter_invalid_integer', 'Invalid quantity.', 'quantity');
      const itemCurrency = str(price.currency, 'currency').toLowerCase();
      if (currency && itemCurrency !== currency)
        throw new ApiError(400, 'parameter_invalid', 'All line items need one currency.', 'currency');
      currency = itemCurrency;
      total += amount * quantity;
    }
    const now = nowSeconds();
    const expiresAt = p.expires_at === undefined ? now + 86_400 : Number(p.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < now + 1800 - 5 || expiresAt > now + 86_400) {
      throw new ApiError(400, 'parameter_invalid_integer', 'expires_at must be 30 minutes to 24 hours from now.', 'expires_at');
    }
    const id = `cs_test_${randomId(24)}`;
    const session: Session = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: typeof p.cancel_url === 'string' ? p.cancel_url : null,
      client_reference_id: typeof p.client_reference_id === 'string' ? p.client_reference_id : null,
      created: now,
      currency,
      expires_at: expiresAt,
      livemode: false,
      metadata: strings(p.metadata),
      mode: 'payment',
      // Since API version 2022-08-01 a session in payment mode has its PaymentIntent only once paid for.
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `${this.base}/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    this.intentData.set(id, { metadata: strings(obj(p.payment_intent_data ?? {}, 'payment_intent_data').metadata), description: null });
    const description = (p.payment_intent_data as Params | undefined)?.description;
    if (typeof description === 'string') (this.intentData.get(id) as { description: string | null }).description = description;
    return session;
  }

  private readonly intentData = new Map<string, { metadata: Record<string, string>; description: string | null }>();

  private session(id: string): Session {
    const session = this.sessions.get(id);
    if (!session) throw new ApiError(404, 'resource_missing', `No such checkout.session: '${id}'`, 'session');
    return session;
  }

  private intent(id: string): PaymentIntent {
    const intent = this.paymentIntents.get(id);
    if (!intent) throw new ApiError(404, 'resource_missing', `No such payment_intent: '${id}'`, 'intent');
    return intent;
  }

  private expanded(session: Session, p: Params): unknown {
    const expand = Object.values(p.expand === undefined ? {} : typeof p.expand === 'string' ? { 0: p.expand } : (p.expand as Params));
    if (expand.includes('payment_intent') && session.payment_intent) {
      return { ...session, payment_intent: this.intent(session.payment_intent) };
    }
    return session;
  }

  private async expire(id: string): Promise<Session> {
    const session = this.session(id);
    if (session.status !== 'open') {
      throw new ApiError(400, 'checkout_session_not_open', `Only Checkout Sessions with a status of open can be expired.`);
    }
    session.status = 'expired';
    session.url = null;
    await this.emit('checkout.session.expired', session);
    return session;
  }

  private createRefund(p: Params): Refund {
    const intent = this.intent(str(p.payment_intent, 'payment_intent'));
    if (intent.status !== 'succeeded')
      throw new ApiError(400, 'charge_not_refundable', 'This PaymentIntent has no successful charge to refund.');
    const refunded = [...this.refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = p.amount === undefined ? intent.amount_received - refunded : Number(p.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount_received - refunded) {
      throw new ApiError(400, 'amount_too_large', `Refund amount (${amount}) is greater than unrefunded amount on charge.`, 'amount');
    }
    const refund: Refund = {
      id: `re_${randomId(24)}`,
      object: 'refund',
      amount,
      created: nowSeconds(),
      currency: intent.currency,
      metadata: strings(p.metadata),
      payment_intent: intent.id,
      reason: typeof p.reason === 'string' ? p.reason : null,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  // ---- hosted checkout ----

  private checkoutPage(res: ServerResponse, id: string): void {
    const session = this.sessions.get(id);
    if (!session) return send(res, 404, 'text/html; charset=utf-8', page('Not found', '<p>This checkout does not exist.</p>'));
    if (session.status !== 'open') {
      return send(res, 409, 'text/html; charset=utf-8', page('Checkout closed', `<p>This checkout is ${session.status}.</p>`));
    }
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    send(
      res,
      200,
      'text/html; charset=utf-8',
      page(
        'Stripe stand-in checkout',
        [
          `<p>Reference ${escapeHtml(session.client_reference_id ?? '')}: ${escapeHtml(amount)}</p>`,
          '<form method="post" action="">',
          '<button name="decision" value="pay">Pay</button>',
          '<button name="decision" value="fail">Fail</button>',
          '<button name="decision" value="cancel">Cancel</button>',
          '</form>',
        ].join('\n'),
      ),
    );
  }

  /**
   * pay: the card payment succeeds (session complete and paid, `checkout.session.completed`).
   * fail: a delayed payment method is submitted and then fails (session complete and unpaid,
   * `checkout.session.completed` then `checkout.session.async_payment_failed`; on Stripe the
   * payer is sent to the success URL in that case too). cancel: back to the cancel URL, nothing
   * changes. Webhooks are delivered before the browser is redirected.
   */
  private async decide(res: ServerResponse, id: string, decision: string | null): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return send(res, 404, 'text/plain', 'Not found');
    if (session.status !== 'open') return send(res, 409, 'text/plain', `This checkout is ${session.status}.`);
    const fill = (url: string) => url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);
    if (decision === 'cancel') return redirect(res, fill(session.cancel_url ?? session.success_url));
    if (decision !== 'pay' && decision !== 'fail') return send(res, 400, 'text/plain', 'decision must be pay, fail or cancel');

    const data = this.intentData.get(id) ?? { metadata: {}, description: null };
    const intent: PaymentIntent = {
      id: `pi_${randomId(24)}`,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: decision === 'pay' ? session.amount_total : 0,
      created: nowSeconds(),
      currency: session.currency,
      description: data.description,
      last_payment_error:
        decision === 'fail' ? { code: 'payment_method_provider_decline', message: 'The payment was declined.', type: 'card_error' } : null,
      livemode: false,
      metadata: data.metadata,
      status: decision === 'pay' ? 'succeeded' : 'requires_payment_method',
    };
    this.paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    session.status = 'complete';
    session.payment_status = decision === 'pay' ? 'paid' : 'unpaid';
    session.url = null;
    await this.emit('checkout.session.completed', session);
    if (decision === 'fail') await this.emit('checkout.session.async_payment_failed', session);
    redirect(res, fill(session.success_url));
  }

  // ---- webhooks ----

  private async emit(type: string, object: Session): Promise<void> {
    const event: StripeEvent = {
      id: `evt_${randomId(24)}`,
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: { ...object } },
      livemode: false,
      pending_webhooks: this.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    if (this.held) this.held.push(event);
    else await this.deliver(event);
  }

  private async deliver(event: StripeEvent): Promise<WebhookDelivery> {
    const payload = JSON.stringify(event, null, 2);
    let delivery: WebhookDelivery = { eventId: event.id, type: event.type, status: 0, body: '' };
    if (this.webhookUrl) {
      try {
        const res = await fetch(this.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': this.signatureHeader(payload),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        delivery = { ...delivery, status: res.status, body: await res.text() };
      } catch (err) {
        delivery = { ...delivery, body: String(err) };
      }
    }
    this.deliveries.push(delivery);
    return delivery;
  }
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  return new StripeStandIn(options).start();
}

// ---- helpers ----

type Params = { [key: string]: string | Params };

/** Stripe's form encoding: `a[b][0][c]=v` becomes `{ a: { b: { 0: { c: 'v' } } } }`; `a[]` appends. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.replace(/\]/g, '').split('[');
    let node = root;
    keys.forEach((raw, index) => {
      const key = raw === '' ? String(Object.keys(node).length) : raw;
      if (index === keys.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== 'object') node[key] = {};
      node = node[key] as Params;
    });
  }
  return root;
}

function str(value: string | Params | undefined, param: string): string {
  if (typeof value !== 'string' || !value) throw new ApiError(400, 'parameter_missing', `Missing required param: ${param}.`, param);
  return value;
}

function obj(value: string | Params | undefined, param: string): Params {
  if (typeof value !== 'object') throw new ApiError(400, 'parameter_missing', `Missing required param: ${param}.`, param);
  return value;
}

function strings(value: string | Params | undefined): Record<string, string> {
  if (typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function randomId(length: number): string {
  return randomBytes(length)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length)
    .padEnd(length, '0');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomId(14)}`, ...headers });
  res.end(JSON.stringify(body));
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(
    title,
  )}</h1>${body}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
