import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../tests/support/scratchDatabase';
import { errorMiddleware } from './http';
import { createLogger } from './log';
import { forwardedClientAddress, RateLimit } from './rateLimit';

/** Rate limits in PostgreSQL (issue 17, defect 7): shared by every process on the database, answered with 429 and Retry-After. */
let db: { knex: Knex; drop(): Promise<void> };
const servers: Server[] = [];

beforeAll(async () => {
  db = await migratedScratchDatabase();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await db.drop();
});

/** One "process": its own RateLimit instance on the shared table, behind the shared error middleware. */
async function processWithLimit(points: number): Promise<string> {
  const limit = new RateLimit(db.knex, { schema: 'gateway', name: 'test:address', points, windowSeconds: 60, message: 'Slow down.' });
  const app = express();
  app.get('/limited', limit.middleware(forwardedClientAddress), (_req, res) => {
    res.json({ ok: true });
  });
  app.use(errorMiddleware(createLogger('test', 'silent')));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/limited`;
}

describe('RateLimit', () => {
  it('counts one client across processes and answers 429 with Retry-After in the contract’s error shape', async () => {
    const [a, b] = [await processWithLimit(3), await processWithLimit(3)];
    const from = (url: string, address: string) => fetch(url, { headers: { 'x-forwarded-for': address } });
    expect((await from(a, '192.0.2.1')).status).toBe(200);
    expect((await from(b, '192.0.2.1')).status).toBe(200);
    expect((await from(a, '192.0.2.1')).status).toBe(200);
    const refused = await from(b, '192.0.2.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ error: 'Too Many Requests', message: 'Slow down.', code: 'RATE_LIMITED' });
    expect((await from(a, '192.0.2.2')).status).toBe(200);
  });

  it('keys on the address the router saw (the last X-Forwarded-For entry), not on what the client wrote before it', async () => {
    const url = await processWithLimit(1);
    expect((await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.1, 192.0.2.9' } })).status).toBe(200);
    expect((await fetch(url, { headers: { 'x-forwarded-for': '198.51.100.2, 192.0.2.9' } })).status).toBe(429);
  });

  it('gives a point back on refund', async () => {
    const limit = new RateLimit(db.knex, { schema: 'gateway', name: 'test:refund', points: 1, windowSeconds: 60, message: 'Slow down.' });
    await limit.consume('anna');
    await limit.refund('anna');
    await limit.consume('anna');
    await expect(limit.consume('anna')).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });

  it('never refunds below nothing: refunds the key did not pay for bank no attempts (issue 37 review)', async () => {
    const limit = new RateLimit(db.knex, {
      schema: 'gateway',
      name: 'test:no-credit',
      points: 2,
      windowSeconds: 60,
      message: 'Slow down.',
    });
    await limit.consume('bert');
    await Promise.all([1, 2, 3, 4, 5].map(() => limit.refund('bert')));
    await limit.refund('never-seen');
    await limit.consume('bert');
    await limit.consume('bert');
    await expect(limit.consume('bert')).rejects.toMatchObject({ status: 429 });
    await limit.consume('never-seen');
    await limit.consume('never-seen');
    await expect(limit.consume('never-seen')).rejects.toMatchObject({ status: 429 });
  });

  it('uses the tables of our migration, in each owner’s schema', async () => {
    const tables = await db.knex('information_schema.tables').where({ table_name: 'rate_limits' }).pluck('table_schema');
    expect(tables.sort()).toEqual(['gateway', 'membership']);
  });
});
