import { Pool } from 'pg';
import type { SessionData } from 'express-session';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import { createSessionStore, type ThrottledPgStore } from './throttledStore';

/** The session store's two departures from connect-pg-simple: throttled touch, and no resurrection. */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let pool: Pool;
let store: ThrottledPgStore;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  pool = new Pool({ connectionString: db.url, max: 2 });
  store = createSessionStore(pool, 60);
});
afterAll(async () => {
  store.close();
  await pool.end();
  await db.drop();
});

const cb =
  <T>() =>
  (resolve: (v: T) => void, reject: (e: unknown) => void) =>
  (err: unknown, value?: T) =>
    err ? reject(err) : resolve(value as T);
const get = (sid: string) => new Promise<SessionData | null>((res, rej) => store.get(sid, cb<SessionData | null>()(res, rej)));
const set = (sid: string, sess: SessionData) => new Promise<void>((res, rej) => store.set(sid, sess, (err) => (err ? rej(err) : res())));
const touch = (sid: string, sess: SessionData) =>
  new Promise<void>((res, rej) => store.touch(sid, sess, (err) => (err ? rej(err) : res())));
const expireOf = async (sid: string) =>
  (await pool.query<{ expire: Date }>('SELECT expire FROM gateway.session WHERE sid = $1', [sid])).rows[0]?.expire;

function session(expiresInMs: number): SessionData {
  return { cookie: { originalMaxAge: 1800_000, expires: new Date(Date.now() + expiresInMs) } } as SessionData;
}

it('inserts a new session and reads it back without the bookkeeping field', async () => {
  await set('new-1', session(1800_000));
  const loaded = await get('new-1');
  expect(loaded).not.toBeNull();
  const rows = await pool.query<{ sess: Record<string, unknown> }>('SELECT sess FROM gateway.session WHERE sid = $1', ['new-1']);
  expect(Object.keys(rows.rows[0]!.sess)).not.toContain('_storedExpiresAt');
});

it('skips a touch while the stored expiry is within the interval, and writes once it falls behind', async () => {
  await set('touch-1', session(1800_000));
  const stored = await expireOf('touch-1');
  const loaded = (await get('touch-1'))!;
  await touch('touch-1', { ...loaded, cookie: { ...loaded.cookie, expires: new Date(Date.now() + 1830_000) } } as SessionData);
  expect((await expireOf('touch-1'))!.getTime()).toBe(stored!.getTime());
  await touch('touch-1', { ...loaded, cookie: { ...loaded.cookie, expires: new Date(Date.now() + 1900_000) } } as SessionData);
  expect((await expireOf('touch-1'))!.getTime()).toBeGreaterThan(stored!.getTime());
});

it('never brings back a session that was ended while a request held it', async () => {
  await set('ended-1', session(1800_000));
  const loaded = (await get('ended-1'))!;
  await pool.query('DELETE FROM gateway.session WHERE sid = $1', ['ended-1']);
  await set('ended-1', loaded);
  expect(await expireOf('ended-1')).toBeUndefined();
});

it('does not return an expired session', async () => {
  await set('old-1', session(-5000));
  expect(await get('old-1')).toBeNull();
});

it('hands every read of a cached session its own copy; what they share cannot be changed', async () => {
  const cached = createSessionStore(pool, 60, 60);
  await cached.cache.listen();
  try {
    const auth = { token: 't-1', expiresAt: Date.now() + 60_000, accountId: 1, userKey: 'anna', registrationSystemId: 1 };
    await set('copy-1', { ...session(1800_000), auth } as SessionData);
    const read = () => new Promise<SessionData | null>((res, rej) => cached.get('copy-1', cb<SessionData | null>()(res, rej)));
    const first = (await read())!;
    const second = (await read())!; // from the cache
    expect(second).not.toBe(first);
    expect(second.cookie).not.toBe(first.cookie);
    expect(second).toEqual(first);
    // What a request may do to its own session: replace the token, roll the cookie.
    first.auth = { ...auth, token: 't-2' };
    first.cookie.expires = new Date(0);
    expect(() => {
      (second.auth as { token: string }).token = 'changed in place';
    }).toThrow(TypeError);
    const third = (await read())!;
    expect(third.auth?.token).toBe('t-1');
    expect(new Date(third.cookie.expires!).getTime()).toBeGreaterThan(Date.now());
  } finally {
    cached.cache.close();
  }
});
