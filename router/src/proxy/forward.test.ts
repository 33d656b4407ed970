import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Agent } from 'undici';
import { forward } from './forward';

/** A real upstream and a real Express app in front of it, both on loopback. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

const seen: Seen[] = [];
/** Upstream answers the browser gave up on, as the upstream saw them end. */
const dribbles: Array<{ closedEarly: Promise<boolean> }> = [];
/** Requests the upstream holds without answering, each resolved when its connection closes (true: unanswered). */
const held: Array<Promise<boolean>> = [];
const LARGE_BYTES = 32 * 1024 * 1024;
/** Told when the upstream receives a part of a request body. */
let onUpstreamData: (() => void) | undefined;
/** The front's body limit (the router's UPLOAD_MAX_BYTES). */
const MAX_BODY_BYTES = 64 * 1024;
/** How much of the large answer the upstream has written so far. */
let largeSent = 0;

/** A body far larger than any socket buffer, so the proxy has to wait for the browser to read. */
function sendLarge(res: http.ServerResponse): void {
  res.setHeader('content-length', LARGE_BYTES);
  const block = Buffer.alloc(64 * 1024, 'x');
  largeSent = 0;
  const more = () => {
    while (largeSent < LARGE_BYTES) {
      largeSent += block.length;
      if (!res.write(block)) return void res.once('drain', more);
    }
    res.end();
  };
  more();
}

/** A chunked answer that never finishes: one part every 20 ms until the connection is closed. */
function dribble(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/plain' });
  const timer = setInterval(() => res.write('part\n'), 20);
  dribbles.push({
    closedEarly: new Promise((resolve) => {
      res.once('close', () => {
        clearInterval(timer);
        resolve(!res.writableFinished);
      });
    }),
  });
  void req;
}
let upstream: http.Server;
let upstreamUrl: URL;
let front: http.Server;
let frontUrl: string;
let unavailable: Error[] = [];
const dispatcher = new Agent();

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      onUpstreamData?.();
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url?.includes('/held'))
        return void held.push(new Promise((resolve) => res.once('close', () => resolve(!res.writableFinished))));
      if (req.url?.includes('/slow')) return; // never answers
      if (req.url?.includes('/large')) return sendLarge(res);
      if (req.url?.includes('/dribble')) return dribble(req, res);
      res.setHeader('set-cookie', 'planted=1');
      res.setHeader('x-upstream', 'yes');
      res.setHeader('keep-alive', 'timeout=99');
      res.statusCode = req.url?.includes('/missing') ? 404 : 200;
      if (req.url?.includes('/created')) {
        res.statusCode = 201;
        res.setHeader('location', req.url.includes('/absolute') ? 'https://elsewhere.example/api/x' : '/api/imports/42');
      }
      res.end(JSON.stringify({ echoed: Buffer.concat(chunks).toString() }));
    });
  });
  upstreamUrl = new URL(`http://127.0.0.1:${await listen(upstream)}/base`);

  const app = express();
  app.use((req, res) => {
    void forward(req, res, {
      target: upstreamUrl,
      path: `/base${req.url}`,
      strip: new Set(['cookie', 'authorization']),
      add: { 'x-api-key': 'router-key' },
      dispatcher,
      timeoutMs: req.url.startsWith('/slow') ? 200 : 5000,
      maxBodyBytes: MAX_BODY_BYTES,
      locationPrefix: '/services/admin-service',
      onUnavailable: (err) => {
        unavailable.push(err);
        res.status(502).json({ code: 'UPSTREAM_UNAVAILABLE' });
      },
    });
  });
  front = http.createServer(app);
  frontUrl = `http://127.0.0.1:${await listen(front)}`;
});

afterAll(async () => {
  await dispatcher.destroy(); // not close(): a failing test may leave an answer streaming
  front.closeAllConnections();
  upstream.closeAllConnections();
  await new Promise((r) => front.close(r));
  await new Promise((r) => upstream.close(r));
});

beforeEach(() => {
  seen.length = 0;
  unavailable = [];
});

describe('forward', () => {
  it('passes method, path, query and body on, with the router’s headers instead of the browser’s credentials', async () => {
    const res = await fetch(`${frontUrl}/things/7?x=1`, {
      method: 'POST',
      headers: { cookie: 'ems.sid=abc', authorization: 'Bearer made-up', 'content-type': 'application/json', 'x-custom': 'kept' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ echoed: '{"a":1}' });
    const got = seen[0]!;
    expect(got).toMatchObject({ method: 'POST', url: '/base/things/7?x=1', body: '{"a":1}' });
    expect(got.headers).toMatchObject({ 'x-api-key': 'router-key', 'x-custom': 'kept', host: upstreamUrl.host });
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers.authorization).toBeUndefined();
    expect(got.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(got.headers['x-forwarded-host']).toBe(new URL(frontUrl).host);
    expect(got.headers['x-forwarded-proto']).toBe('http');
  });

  it('sends the router’s own X-API-KEY and X-Forwarded-Host/Proto, never the browser’s values for them', async () => {
    await fetch(`${frontUrl}/spoof`, {
      headers: { 'x-api-key': 'browser-key', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const raw = seen[0]!.rawHeaders;
    const values = (name: string) => raw.filter((_, i) => i % 2 === 1 && raw[i - 1]!.toLowerCase() === name);
    expect(values('x-api-key')).toEqual(['router-key']);
    expect(values('x-forwarded-host')).toEqual([new URL(frontUrl).host]);
    expect(values('x-forwarded-proto')).toEqual(['http']);
    expect(values('host')).toEqual([upstreamUrl.host]);
  });

  it('passes repeated browser headers on as sent', async () => {
    const headers = new Headers();
    headers.append('x-tag', 'one');
    headers.append('x-tag', 'two');
    await fetch(`${frontUrl}/tags`, { headers });
    expect(seen[0]!.headers['x-tag']).toBe('one, two');
  });

  it('sends a request without a body upstream without one, and still streams a body that is sent', async () => {
    await fetch(`${frontUrl}/empty`);
    expect(seen[0]).toMatchObject({ method: 'GET', body: '' });
    expect(seen[0]!.headers['transfer-encoding']).toBeUndefined();
    expect(seen[0]!.headers['content-length']).toBeUndefined();

    const chunked = await fetch(`${frontUrl}/streamed`, {
      method: 'PUT',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('part one, '));
          controller.enqueue(new TextEncoder().encode('part two'));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(await chunked.json()).toEqual({ echoed: 'part one, part two' });
  });

  it('appends to an X-Forwarded-For chain rather than replacing it', async () => {
    await fetch(`${frontUrl}/chain`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(seen[0]!.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });

  it('returns the upstream status and headers, but never its cookies or hop-by-hop headers', async () => {
    const res = await fetch(`${frontUrl}/missing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('keep-alive')).not.toBe('timeout=99');
  });

  it('reports an unreachable upstream through onUnavailable', async () => {
    const closed = http.createServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    const app = express();
    const errors: Error[] = [];
    app.use(
      (req, res) =>
        void forward(req, res, {
          target: new URL(`http://127.0.0.1:${port}`),
          path: req.url,
          strip: new Set(),
          add: {},
          dispatcher,
          timeoutMs: 1000,
          maxBodyBytes: MAX_BODY_BYTES,
          onUnavailable: (err) => {
            errors.push(err);
            res.status(502).json({ code: 'UPSTREAM_UNAVAILABLE' });
          },
        }),
    );
    const server = http.createServer(app);
    const frontPort = await listen(server);
    try {
      const res = await fetch(`http://127.0.0.1:${frontPort}/x`);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(errors).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('streams a large answer through intact, holding the upstream back while the browser does not read', async () => {
    const res = await fetch(`${frontUrl}/large`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(LARGE_BYTES));
    const reader = res.body!.getReader();
    let received = (await reader.read()).value!.length;
    // The browser stalls: once the sockets' buffers are full, the upstream must be kept waiting
    // rather than the whole answer piling up in the router's memory.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(largeSent).toBeLessThan(LARGE_BYTES / 2);
    let allX = true;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      received += part.value.length;
      allX &&= part.value.every((byte) => byte === 0x78);
    }
    expect(received).toBe(LARGE_BYTES);
    expect(allX).toBe(true);
  });

  it('stops the upstream answer when the browser goes away', async () => {
    const aborter = new AbortController();
    const res = await fetch(`${frontUrl}/dribble`, { signal: aborter.signal });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('part');
    aborter.abort();
    await expect(dribbles[0]!.closedEarly).resolves.toBe(true);
  });

  it('aborts the upstream call when the browser leaves before the answer began (a long query is not left running)', async () => {
    const aborter = new AbortController();
    const pending = fetch(`${frontUrl}/held`, { signal: aborter.signal }).catch(() => undefined);
    while (held.length === 0) await new Promise((r) => setTimeout(r, 10));
    aborter.abort();
    await pending;
    await expect(held[0]).resolves.toBe(true);
    expect(unavailable).toEqual([]);
  });

  it('gives up on an upstream that does not answer in time', async () => {
    const res = await fetch(`${frontUrl}/slow`);
    expect(res.status).toBe(502);
    expect(unavailable[0]?.message).toMatch(/did not answer within 200 ms/);
  });
});

describe('forward and request bodies', () => {
  it('streams a request body upstream as it arrives, never waiting for the whole of it', async () => {
    const upstreamHasData = new Promise<void>((resolve) => (onUpstreamData = resolve));
    const encoder = new TextEncoder();
    const res = await fetch(`${frontUrl}/trickle`, {
      method: 'PUT',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: new ReadableStream({
        async start(controller) {
          controller.enqueue(encoder.encode('first part, '));
          // The rest is sent only once the upstream has the first part: a router that buffered
          // the body would wait here for ever.
          await upstreamHasData;
          controller.enqueue(encoder.encode('second part'));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    onUpstreamData = undefined;
    expect(await res.json()).toEqual({ echoed: 'first part, second part' });
  });

  it('cuts a chunked body at the limit and answers 413 in the contract’s shape', async () => {
    const block = new Uint8Array(16 * 1024).fill(0x61);
    let sent = 0;
    const res = await fetch(`${frontUrl}/too-long`, {
      method: 'PUT',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: new ReadableStream({
        pull(controller) {
          if (sent >= MAX_BODY_BYTES * 4) return controller.close();
          sent += block.length;
          controller.enqueue(block);
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'Payload Too Large', code: 'UPLOAD_TOO_LARGE' });
    expect(seen.find((s) => s.url.includes('/too-long'))).toBeUndefined();
    expect(unavailable).toEqual([]);
  });
});

describe('forward and Location (ProxyPassReverse)', () => {
  it('answers a Location under /api/ with the router’s prefix in front, so the client can call it here', async () => {
    const res = await fetch(`${frontUrl}/created`, { method: 'PUT', redirect: 'manual' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/services/admin-service/api/imports/42');
  });

  it('leaves any other Location as the subgraph sent it', async () => {
    const res = await fetch(`${frontUrl}/created/absolute`, { method: 'PUT', redirect: 'manual' });
    expect(res.headers.get('location')).toBe('https://elsewhere.example/api/x');
  });
});
