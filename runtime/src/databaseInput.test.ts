import type { Server } from 'node:http';
import express from 'express';
import { GraphQLError } from 'graphql';
import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../tests/support/scratchDatabase';
import { inputErrorOfDatabase } from './databaseInput';
import { errorMiddleware } from './http';
import { createLogger } from './log';
import { formatGraphQLError } from './subgraph';
import { listenOnLoopback } from '../../tests/support/listening';

/**
 * A value the database refuses (PostgreSQL's data exceptions, raised here by a real server) is the
 * caller's 400 INVALID_INPUT, over REST and GraphQL alike, and the answer never repeats the
 * statement; any other database error stays a 500.
 */
let db: { knex: Knex; drop(): Promise<void> };
let server: Server;
let base: string;

const REFUSED: Array<[string, string, string]> = [
  ['a number beyond int4', 'SELECT ?::int', '3000000000'],
  ['a malformed uuid', 'SELECT ?::uuid', '------------------------------------'],
  ['a year PostgreSQL cannot store', 'SELECT make_date(?::int, 1, 1)', '0'],
  ['a NUL byte in text', 'SELECT ?::text', 'a\u0000b'],
];

async function errorOf(sql: string, ...values: string[]): Promise<unknown> {
  return db.knex.raw(sql, values).then(
    () => null,
    (err: unknown) => err,
  );
}

beforeAll(async () => {
  db = await migratedScratchDatabase();
  const app = express();
  app.get('/refused/:case', async (req, res, next) => {
    const [, sql, value] = REFUSED[Number(req.params.case)]!;
    await db.knex.raw(sql, [value]).then(() => res.json({ ok: true }), next);
  });
  app.get('/broken', async (_req, res, next) => {
    await db.knex.raw('SELECT * FROM no_such_table').then(() => res.json({ ok: true }), next);
  });
  app.use(errorMiddleware(createLogger('test', 'silent')));
  ({ server, url: base } = await listenOnLoopback(app));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.drop();
});

it.each(REFUSED.map(([name], i) => [name, i] as const))('REST: %s is a 400 INVALID_INPUT without the statement', async (_name, i) => {
  const res = await fetch(`${base}/refused/${i}`);
  expect(res.status).toBe(400);
  const body = (await res.json()) as { code: string; message: string };
  expect(body.code).toBe('INVALID_INPUT');
  expect(body.message).not.toMatch(/select|\$1/i);
});

it('REST: any other database error is still a 500', async () => {
  const res = await fetch(`${base}/broken`);
  expect(res.status).toBe(500);
  expect(await res.json()).toMatchObject({ code: 'INTERNAL' });
});

it('GraphQL: a refused value is an INVALID_INPUT error at its path', async () => {
  const refused = await errorOf('SELECT ?::int', '3000000000');
  expect(inputErrorOfDatabase(refused)).not.toBeNull();
  const format = formatGraphQLError(createLogger('test', 'silent'));
  const error = new GraphQLError('x', { originalError: refused as Error, path: ['operatorPerson'] });
  expect(format({ message: 'x', path: ['operatorPerson'] }, error)).toEqual({
    message: 'A number is out of range',
    path: ['operatorPerson'],
    extensions: { code: 'INVALID_INPUT', status: 400 },
  });
  const broken = await errorOf('SELECT * FROM no_such_table');
  expect(broken).toMatchObject({ code: '42P01' });
  expect(inputErrorOfDatabase(broken)).toBeNull();
});
