import path from 'node:path';
import type { Server } from 'node:http';
import express from 'express';
import { Agent } from 'undici';
import { createLogger } from '@ems/service-runtime';
import type { AdminServiceClient } from '../auth/adminClient';
import { SessionTokens } from '../auth/sessionTokens';
import { createGatewayHandler } from './gateway';
import { UPSTREAM_FAILURES } from './upstreamFailures';
import { listenOnLoopback } from '../../../tests/support/listening';

/**
 * Issue 37, defect 5: a subgraph that does not answer. The client got undici's "Headers Timeout
 * Error" (and, for a subgraph that is down, "connect ECONNREFUSED" with its address), and a client
 * that went away left the subgraph working for nobody.
 */
const logger = createLogger('router-test', 'silent');
const servers: Array<{ server: Server; stop?: () => Promise<void> }> = [];

/** A subgraph that takes every request and never answers; `closed` counts requests whose caller hung up. */
async function silentSubgraph() {
  const seen = { received: 0, closed: 0 };
  const app = express();
  app.post('/graphql', (req, res) => {
    seen.received += 1;
    res.once('close', () => {
      if (!res.writableFinished) seen.closed += 1;
    });
  });
  const { server, url } = await listenOnLoopback(app);
  servers.push({ server });
  return { url, seen };
}

async function gatewayOver(membershipUrl: string, upstreamTimeoutMs: number) {
  const gateway = await createGatewayHandler({
    supergraphPath: path.resolve(__dirname, '..', '..', '..', 'schema', 'supergraph.graphql'),
    // forms and imports: nothing listens there.
    serviceUrls: { membership: membershipUrl, forms: 'http://127.0.0.1:9', imports: 'http://127.0.0.1:9' },
    apiKey: 'k'.repeat(40),
    dispatcher: new Agent(),
    tokens: new SessionTokens({} as AdminServiceClient, 60_000, logger),
    introspection: false,
    logger,
    upstreamTimeoutMs,
  });
  const app = express();
  app.use('/graphql', ...gateway.handler);
  const { server, url } = await listenOnLoopback(app);
  servers.push({ server, stop: gateway.stop });
  return `${url}/graphql`;
}

afterAll(async () => {
  for (const { server, stop } of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await stop?.();
  }
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

const INTERNALS = /Timeout Error|ECONNREFUSED|127\.0\.0\.1|undici|UND_ERR|socket/i;

describe('a subgraph call that fails is answered in the error shape, without the HTTP client’s words', () => {
  it('no answer in time: 504 UPSTREAM_TIMEOUT', async () => {
    const subgraph = await silentSubgraph();
    const url = await gatewayOver(subgraph.url, 300);
    const { status, text } = await ask(url, '{ membershipHealth { status } }');
    expect(status).toBe(504);
    expect(JSON.parse(text)).toMatchObject({
      errors: [{ message: UPSTREAM_FAILURES.timeout.message, extensions: { code: 'UPSTREAM_TIMEOUT' } }],
    });
    expect(text).not.toMatch(INTERNALS);
  });

  it('no subgraph listening: 502 UPSTREAM_UNAVAILABLE, its address not named', async () => {
    const subgraph = await silentSubgraph();
    const url = await gatewayOver(subgraph.url, 300);
    const { status, text } = await ask(url, '{ formsHealth { status } }');
    expect(status).toBe(502);
    expect(JSON.parse(text)).toMatchObject({
      errors: [{ message: UPSTREAM_FAILURES.unavailable.message, extensions: { code: 'UPSTREAM_UNAVAILABLE' } }],
    });
    expect(text).not.toMatch(INTERNALS);
  });
});

describe('a subgraph’s own answer is not an upstream failure', () => {
  it('its error reaches the client as it sent it, with its code', async () => {
    const app = express();
    app.post('/graphql', (_req, res) => {
      res.json({ data: null, errors: [{ message: 'first is at most 500', extensions: { code: 'PAGE_SIZE_TOO_LARGE' } }] });
    });
    const answering = await listenOnLoopback(app);
    servers.push({ server: answering.server });
    const url = await gatewayOver(answering.url, 300);
    const { status, text } = await ask(url, '{ membershipHealth { status } }');
    expect(status).toBe(200);
    expect(JSON.parse(text).errors).toEqual([
      expect.objectContaining({ message: 'first is at most 500', extensions: expect.objectContaining({ code: 'PAGE_SIZE_TOO_LARGE' }) }),
    ]);
  });
});

describe('a client that goes away takes its subgraph calls with it', () => {
  it('the router hangs up on the subgraph as soon as the client hangs up on the router', async () => {
    const subgraph = await silentSubgraph();
    const url = await gatewayOver(subgraph.url, 30_000);
    const client = new AbortController();
    const asked = ask(url, '{ membershipHealth { status } }', client.signal).catch((err: unknown) => err);
    await until(() => subgraph.seen.received === 1);
    client.abort();
    await asked;
    await until(() => subgraph.seen.closed === 1);
  });
});

/** Waits for `check` (bounded: 5 s). */
async function until(check: () => boolean): Promise<void> {
  for (const start = Date.now(); !check(); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() - start > 5000) throw new Error('not within 5 s');
  }
}
