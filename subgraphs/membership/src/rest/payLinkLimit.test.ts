import type { Server } from 'node:http';
import express from 'express';
import type { Knex } from '@ems/db';
import { createLogger, errorMiddleware, forwardedClientAddress, RateLimit } from '@ems/service-runtime';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import type { PaymentService } from '../domain/payments/service';
import { paymentRoutes } from './payments';
import { listenOnLoopback } from '../../../../tests/support/listening';

/** Issue 17, defect 7: the pay link is rate-limited per client address (429 with Retry-After), before any order is looked up. */
let db: { knex: Knex; drop(): Promise<void> };
let server: Server;
let base: string;
let lookups = 0;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  const payments = {
    builtin: null,
    startPayment: async () => {
      lookups += 1;
      return { ok: false, code: 'ORDER_NOT_FOUND', order: null };
    },
  } as unknown as PaymentService;
  const payLinkLimit = new RateLimit(db.knex, {
    schema: 'membership',
    name: 'pay-link:address',
    points: 2,
    windowSeconds: 900,
    message: 'Too many payment requests.',
  });
  const app = express();
  app.use(
    paymentRoutes({ payments, logger: createLogger('test', 'silent'), payLinkLimit: payLinkLimit.middleware(forwardedClientAddress) }),
  );
  app.use(errorMiddleware(createLogger('test', 'silent')));
  ({ server, url: base } = await listenOnLoopback(app));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.drop();
});

it('answers the pay link with 429 and Retry-After once an address has used its requests', async () => {
  const open = (reference: string) =>
    fetch(`${base}/payments/orders/${reference}/pay?token=t`, { headers: { 'x-forwarded-for': '192.0.2.7' }, redirect: 'manual' });
  expect((await open('ORD-2026-000001')).status).toBe(404);
  expect((await open('ORD-2026-000002')).status).toBe(404);
  const refused = await open('ORD-2026-000003');
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toEqual({ error: 'Too Many Requests', message: 'Too many payment requests.', code: 'RATE_LIMITED' });
  expect(lookups).toBe(2);
});
