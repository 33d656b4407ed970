import { Pool } from 'pg';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import { NOTIFY_SESSION_SQL, SessionCache } from './sessionCache';

/** The per-router session cache: hits while fresh, and every router drops what any router announces. */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let pool: Pool;
let mine: SessionCache;
let other: SessionCache;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  pool = new Pool({ connectionString: db.url, max: 4 });
});
beforeEach(async () => {
  mine = new SessionCache(pool, 60_000, 3);
  other = new SessionCache(pool, 60_000);
  await mine.listen();
  await other.listen();
});
afterEach(() => {
  mine.close();
  other.close();
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

const later = () => Date.now() + 600_000;

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

it('serves a filled row until it expires', () => {
  mine.fill('sid-a', { a: 1 }, later(), mine.currentEpoch());
  mine.fill('sid-gone', { b: 1 }, Date.now() - 1, mine.currentEpoch());
  expect(mine.read('sid-a')?.data).toEqual({ a: 1 });
  expect(mine.read('sid-gone')).toBeUndefined();
  expect(mine.read('sid-unknown')).toBeUndefined();
});

it('does not fill with a row read before an invalidation', () => {
  const epoch = mine.currentEpoch();
  mine.drop('sid-b');
  mine.fill('sid-b', {}, later(), epoch);
  expect(mine.read('sid-b')).toBeUndefined();
});

it('drops a session another router announces, and only that one', async () => {
  mine.fill('sid-c', {}, later(), mine.currentEpoch());
  mine.fill('sid-d', {}, later(), mine.currentEpoch());
  await other.announce('sid-c');
  await eventually(() => mine.read('sid-c') === undefined);
  expect(mine.read('sid-d')).toBeDefined();
});

it('drops sessions ended in bulk by SQL', async () => {
  mine.fill('sid-e', {}, later(), mine.currentEpoch());
  await pool.query(`SELECT ${NOTIFY_SESSION_SQL} FROM (VALUES ('sid-e')) AS ended(sid)`);
  await eventually(() => mine.read('sid-e') === undefined);
});

it('starts over when full, and a refilled session is still dropped by its announcement', async () => {
  for (const sid of ['s1', 's2', 's3']) mine.fill(sid, {}, later(), mine.currentEpoch());
  mine.fill('s4', {}, later(), mine.currentEpoch());
  expect(mine.read('s1')).toBeUndefined();
  expect(mine.read('s4')).toBeDefined();
  mine.fill('s4', { v: 2 }, later(), mine.currentEpoch());
  await other.announce('s4');
  await eventually(() => mine.read('s4') === undefined);
});
