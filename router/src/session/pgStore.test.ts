import type { SessionData } from 'express-session';
import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import { PgSessionStore } from './pgStore';

/** The session store's two rules beyond a plain store: throttled touch, and no resurrection. */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let store: PgSessionStore;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  store = new PgSessionStore(knex, 60_000);
});
afterAll(async () => {
  store.close();
  await db.drop();
});

const done =
  <T>(resolve: (v: T) => void, reject: (e: unknown) => void) =>
  (err: unknown, value?: T) =>
    err ? reject(err) : resolve(value as T);
const get = (sid: string) => new Promise<SessionData | null>((res, rej) => store.get(sid, done(res, rej)));
const set = (sid: string, sess: SessionData) => new Promise<void>((res, rej) => store.set(sid, sess, done(res, rej)));
const touch = (sid: string, sess: SessionData) => new Promise<void>((res, rej) => store.touch(sid, sess, done(res, rej)));
const expireOf = async (sid: string) =>
  ((await knex('gateway.session').where({ sid }).first('expire')) as { expire: Date } | undefined)?.expire;

function session(expiresInMs: number): SessionData {
  return { cookie: { originalMaxAge: 1800_000, expires: new Date(Date.now() + expiresInMs) } } as SessionData;
}

it('inserts a new session and reads it back; the bookkeeping field is never stored', async () => {
  await set('new-1', { ...session(1800_000), auth: { token: 't', userKey: 'anna' } } as unknown as SessionData);
  expect(await get('new-1')).toMatchObject({ auth: { token: 't', userKey: 'anna' } });
  await set('new-1', (await get('new-1'))!);
  const row = (await knex('gateway.session').where({ sid: 'new-1' }).first('sess')) as { sess: Record<string, unknown> };
  expect(Object.keys(row.sess).sort()).toEqual(['auth', 'cookie']);
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
  await knex('gateway.session').where({ sid: 'ended-1' }).delete();
  await set('ended-1', loaded);
  await touch('ended-1', { ...loaded, cookie: { ...loaded.cookie, expires: new Date(Date.now() + 3600_000) } } as SessionData);
  expect(await expireOf('ended-1')).toBeUndefined();
});

it('does not return an expired session, and pruning removes it', async () => {
  await set('old-1', session(-5000));
  expect(await get('old-1')).toBeNull();
  expect(await store.pruneExpired()).toBeGreaterThanOrEqual(1);
  expect(await expireOf('old-1')).toBeUndefined();
});

it('destroy ends a session', async () => {
  await set('gone-1', session(1800_000));
  await new Promise<void>((res, rej) => store.destroy('gone-1', (err) => (err ? rej(err) : res())));
  expect(await get('gone-1')).toBeNull();
});
