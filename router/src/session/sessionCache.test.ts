import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import { NOTIFY_SESSION_SQL, SessionCache } from './sessionCache';

/** The per-router session cache: hits while fresh, and every router drops what any router announces. */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let mine: SessionCache;
let other: SessionCache;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
});
beforeEach(async () => {
  mine = new SessionCache(knex, 60_000, 3);
  other = new SessionCache(knex, 60_000);
  await mine.listen();
  await other.listen();
});
afterEach(() => {
  mine.close();
  other.close();
});
afterAll(() => db.drop());

const later = () => Date.now() + 600_000;

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

it('serves a filled row until it expires, each read its own copy', () => {
  mine.fill('sid-a', { a: 1 }, later(), mine.currentGeneration());
  mine.fill('sid-gone', { b: 1 }, Date.now() - 1, mine.currentGeneration());
  const first = mine.read('sid-a')!;
  expect(first.sess).toEqual({ a: 1 });
  first.sess.a = 2;
  expect(mine.read('sid-a')?.sess).toEqual({ a: 1 });
  expect(mine.read('sid-gone')).toBeUndefined();
  expect(mine.read('sid-unknown')).toBeUndefined();
});

it('does not fill with a row read before an invalidation', () => {
  const generation = mine.currentGeneration();
  mine.drop('sid-b');
  mine.fill('sid-b', {}, later(), generation);
  expect(mine.read('sid-b')).toBeUndefined();
});

it('drops a session another router announces, and only that one', async () => {
  mine.fill('sid-c', {}, later(), mine.currentGeneration());
  mine.fill('sid-d', {}, later(), mine.currentGeneration());
  await other.announce('sid-c');
  await eventually(() => mine.read('sid-c') === undefined);
  expect(mine.read('sid-d')).toBeDefined();
});

it('drops sessions ended in bulk by SQL', async () => {
  mine.fill('sid-e', {}, later(), mine.currentGeneration());
  await knex.raw(`SELECT ${NOTIFY_SESSION_SQL} FROM (VALUES ('sid-e')) AS ended(sid)`);
  await eventually(() => mine.read('sid-e') === undefined);
});

it('starts over when full', () => {
  for (const sid of ['s1', 's2', 's3']) mine.fill(sid, {}, later(), mine.currentGeneration());
  mine.fill('s4', {}, later(), mine.currentGeneration());
  expect(mine.read('s1')).toBeUndefined();
  expect(mine.read('s4')).toBeDefined();
});

it('serves nothing while it is not listening', () => {
  const deaf = new SessionCache(knex, 60_000);
  deaf.fill('sid-f', {}, later(), deaf.currentGeneration());
  expect(deaf.read('sid-f')).toBeUndefined();
  deaf.close();
});
