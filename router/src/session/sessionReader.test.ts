import type { Server } from 'node:http';
import express from 'express';
import { Pool } from 'pg';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import './authState';
import { SESSION_COOKIE, sessionMiddleware } from './middleware';
import { sessionReader, sign } from './sessionReader';
import { createSessionStore, type ThrottledPgStore } from './throttledStore';

/**
 * The read-only session path against express-session: same cookie, same rows, same rolling
 * expiry; a real store on a scratch database and a real HTTP server.
 */
const SECRET = 'test-secret-0123456789';
const IDLE_SECONDS = 1800;
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let pool: Pool;
let store: ThrottledPgStore;
let server: Server;
let base: string;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  pool = new Pool({ connectionString: db.url, max: 2 });
  store = createSessionStore(pool, 60);
  const app = express();
  app.set('trust proxy', 'loopback');
  const full = sessionMiddleware(store, SECRET, IDLE_SECONDS);
  app.post('/login', full, (req, res, next) => {
    req.session.auth = { token: 't1', expiresAt: Date.now() + 600_000, accountId: 1, userKey: 'anna', registrationSystemId: 1 };
    req.session.save((err) => (err ? next(err) : res.json({ ok: true })));
  });
  const read = sessionReader({ store, cookieName: SESSION_COOKIE, secret: SECRET, idleSeconds: IDLE_SECONDS });
  app.get('/whoami', read, (req, res) => {
    res.json({ userKey: req.session?.auth?.userKey ?? null });
  });
  app.post('/swap-token', read, (req, res, next) => {
    req.session.auth = { ...req.session.auth!, token: 't2' };
    req.session.save((err) => (err ? next(err) : res.json({ ok: true })));
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  store.close();
  await pool.end();
  await db.drop();
});

async function login(): Promise<{ cookie: string; sid: string }> {
  const res = await fetch(`${base}/login`, { method: 'POST' });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
  const pair = cookie.split(';')[0]!;
  const sid = decodeURIComponent(pair.slice(SESSION_COOKIE.length + 1))
    .slice(2)
    .split('.')[0]!;
  return { cookie: pair, sid };
}

const whoami = (cookie: string, headers: Record<string, string> = {}) => fetch(`${base}/whoami`, { headers: { cookie, ...headers } });
const sessionCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));

it('reads the session express-session signed, and rolls the same cookie value forward', async () => {
  const { cookie } = await login();
  const res = await whoami(`other=1; ${cookie}`);
  expect(await res.json()).toEqual({ userKey: 'anna' });
  const rolled = sessionCookieOf(res)!;
  expect(rolled.split(';')[0]).toBe(cookie);
  expect(rolled).toMatch(/; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
  const expires = Date.parse(/Expires=([^;]+)/.exec(rolled)![1]!);
  expect(expires - Date.now()).toBeGreaterThan((IDLE_SECONDS - 10) * 1000);
  expect(expires - Date.now()).toBeLessThanOrEqual(IDLE_SECONDS * 1000);
});

it('marks the rolled cookie Secure when the request came over TLS through a trusted proxy', async () => {
  const { cookie } = await login();
  const res = await whoami(cookie, { 'x-forwarded-proto': 'https' });
  expect(sessionCookieOf(res)).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
});

it('ignores a cookie whose signature does not match, and one that is not signed at all', async () => {
  const { sid } = await login();
  for (const forged of [sign(sid, 'another-secret'), `${sid}.AAAA`]) {
    const res = await whoami(`${SESSION_COOKIE}=${encodeURIComponent(`s:${forged}`)}`);
    expect(await res.json()).toEqual({ userKey: null });
    expect(sessionCookieOf(res)).toBeUndefined();
  }
  const unsigned = await whoami(`${SESSION_COOKIE}=${sid}`);
  expect(await unsigned.json()).toEqual({ userKey: null });
});

it('an ended session reads as none and gets no cookie', async () => {
  const { cookie, sid } = await login();
  await pool.query('DELETE FROM gateway.session WHERE sid = $1', [sid]);
  const res = await whoami(cookie);
  expect(await res.json()).toEqual({ userKey: null });
  expect(sessionCookieOf(res)).toBeUndefined();
});

it('a change saved on the read path updates the row it came from', async () => {
  const { cookie, sid } = await login();
  expect((await fetch(`${base}/swap-token`, { method: 'POST', headers: { cookie } })).status).toBe(200);
  const { rows } = await pool.query<{ sess: { auth: { token: string } } }>('SELECT sess FROM gateway.session WHERE sid = $1', [sid]);
  expect(rows[0]!.sess.auth.token).toBe('t2');
});

it('touches the row once its stored expiry falls a touch interval behind, after answering', async () => {
  const { cookie, sid } = await login();
  const expireOf = async () =>
    (await pool.query<{ expire: Date }>('SELECT expire FROM gateway.session WHERE sid = $1', [sid])).rows[0]!.expire;
  const before = await expireOf();
  await whoami(cookie);
  expect((await expireOf()).getTime()).toBe(before.getTime());
  // Pretend the row was last written two minutes ago: the next read must move it forward.
  await pool.query("UPDATE gateway.session SET expire = expire - interval '120 seconds' WHERE sid = $1", [sid]);
  await whoami(cookie);
  const deadline = Date.now() + 2000;
  while ((await expireOf()).getTime() <= before.getTime() - 120_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect((await expireOf()).getTime()).toBeGreaterThan(before.getTime() - 120_000);
});
