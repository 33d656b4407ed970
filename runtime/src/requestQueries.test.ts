import type { Server } from 'node:http';
import express from 'express';
import { parse } from 'graphql';
import { createKnex, createScratchDatabase, type Knex } from '@ems/db';
import { testServerUrl } from '../../tests/support/databaseServer';
import { listenOnLoopback } from '../../tests/support/listening';
import { createLogger } from './log';
import { limitReadQueries } from './requestQueries';
import { createSubgraphHandler } from './subgraph';

/**
 * Issue 37, defect 5: a read's statements on a real PostgreSQL. A member search of 100,000
 * characters ran on after the router gave up (no statement timeout, no cancellation), and the
 * database's error text (the statement) would have reached the caller.
 */
const typeDefs = parse(`
  type Query { sleep(seconds: Float!): Boolean }
  type Mutation { sleep(seconds: Float!): Boolean }
`);

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
const opened: Array<{ server: Server; stop(): Promise<void>; dbs: Knex[] }> = [];

/** A subgraph whose `sleep` runs `pg_sleep` through the service's knex, its reads limited to `readTimeoutMs`. */
async function subgraph(name: string, readTimeoutMs: number): Promise<string> {
  const db = createKnex(scratch.url, { poolMax: 2, applicationName: name });
  const readDb = createKnex(scratch.url, { poolMax: 2, applicationName: `${name}-reads`, statementTimeoutMs: readTimeoutMs });
  limitReadQueries(db, readDb);
  const sleep = async (_: unknown, { seconds }: { seconds: number }) => {
    await db.raw('SELECT pg_sleep(?)', [seconds]);
    return true;
  };
  const graphql = await createSubgraphHandler({
    typeDefs,
    resolvers: { Query: { sleep }, Mutation: { sleep } } as never,
    context: async () => ({}),
    logger: createLogger('reads-test', 'silent'),
  });
  const app = express();
  app.use('/graphql', ...graphql.handler);
  const { server, url } = await listenOnLoopback(app);
  opened.push({ server, stop: graphql.stop, dbs: [db, readDb] });
  return `${url}/graphql`;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(testServerUrl());
});

afterAll(async () => {
  for (const { server, stop, dbs } of opened) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await stop();
    for (const db of dbs) await db.destroy();
  }
  await scratch.drop();
});

async function ask(url: string, query: string, signal?: AbortSignal) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    signal,
  });
  return { status: res.status, text: await res.text() };
}

describe('a read’s statements have a time limit (statement_timeout)', () => {
  let url: string;
  beforeAll(async () => {
    url = await subgraph('ems-reads-timeout', 300);
  });

  it('a read past it is cancelled by PostgreSQL and answered with the typed error, never the statement', async () => {
    const started = Date.now();
    const { text } = await ask(url, '{ sleep(seconds: 5) }');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(JSON.parse(text)).toEqual({
      data: { sleep: null },
      errors: [
        {
          message: 'The query took too long. Narrow the search or try again later.',
          path: ['sleep'],
          extensions: { code: 'QUERY_TIMEOUT', status: 503 },
        },
      ],
    });
    expect(text).not.toMatch(/pg_sleep|canceling statement|SELECT/i);
  });

  it('a read within it answers', async () => {
    expect(JSON.parse((await ask(url, '{ sleep(seconds: 0.05) }')).text)).toEqual({ data: { sleep: true } });
  });

  it('a mutation is not limited: a write may wait on a lock longer than a read may run', async () => {
    expect(JSON.parse((await ask(url, 'mutation { sleep(seconds: 0.6) }')).text)).toEqual({ data: { sleep: true } });
  });
});

describe('a read ends with its caller', () => {
  it('the running statement is cancelled as soon as the caller hangs up', async () => {
    const url = await subgraph('ems-reads-cancel', 60_000);
    const admin = createKnex(scratch.url, { poolMax: 1 });
    const running = async () =>
      Number(
        (
          await admin.raw(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'ems-reads-cancel-reads' AND state = 'active'`,
          )
        ).rows[0].n,
      );
    try {
      const caller = new AbortController();
      const asked = ask(url, '{ sleep(seconds: 30) }', caller.signal).catch((err: unknown) => err);
      await until(async () => (await running()) === 1);
      caller.abort();
      await asked;
      await until(async () => (await running()) === 0);
    } finally {
      await admin.destroy();
    }
  });
});

describe('a read waiting for a busy pool ends with its caller (issue 37 review, defect 3)', () => {
  it('never starts its statement once the caller has hung up', async () => {
    const url = await subgraph('ems-reads-queued', 60_000);
    const admin = createKnex(scratch.url, { poolMax: 1 });
    const running = async () =>
      Number(
        (
          await admin.raw(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'ems-reads-queued-reads' AND state = 'active'`,
          )
        ).rows[0].n,
      );
    try {
      // Both read connections busy for a second; the third read waits for one of them.
      const busy = [ask(url, '{ sleep(seconds: 1) }'), ask(url, '{ sleep(seconds: 1) }')];
      await until(async () => (await running()) === 2);
      const caller = new AbortController();
      const waiting = ask(url, '{ sleep(seconds: 30) }', caller.signal).catch((err: unknown) => err);
      await new Promise((r) => setTimeout(r, 100));
      caller.abort();
      await waiting;
      await Promise.all(busy);
      // The pool is free now: a waiting read that still ran would have started its statement at once.
      await new Promise((r) => setTimeout(r, 300));
      expect(await running()).toBe(0);
    } finally {
      await admin.destroy();
    }
  });
});

/** Waits for `check` (bounded: 5 s). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (const start = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - start > 5000) throw new Error('not within 5 s');
  }
}
