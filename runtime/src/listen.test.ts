import net from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { listen } from './listen';
import { rawExchange as rawHttp } from '../../tests/support/rawHttp';

/**
 * Issue 17 "Hardening", defect 4: requests Node refuses before express sees them (a 100 kB query
 * string, bytes that are not HTTP) got a bare 431/400 status line or a reset connection; every
 * service's server (`listen`, the router's too) answers them in the contract's JSON shape.
 */
let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.get('/ok', (_req, res) => {
    res.json({ ok: true });
  });
  server = await listen(app, 0, '127.0.0.1');
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const rawExchange = (request: string) => rawHttp(port, request);

describe('listen: malformed and oversized requests get the JSON error shape and a closed connection', () => {
  it('a 100 kB query string: 431 HEADERS_TOO_LARGE (was a bare status line)', async () => {
    const res = await rawExchange(`GET /ok?pad=${'x'.repeat(100_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(res.headers).toMatch(/\r\nconnection: close$/im);
    expect(JSON.parse(res.body)).toEqual({
      error: 'Request Header Fields Too Large',
      message: 'The request line and headers are too large',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('a 100 kB header: 431 as well', async () => {
    const res = await rawExchange(`GET /ok HTTP/1.1\r\nHost: localhost\r\nX-Pad: ${'y'.repeat(100_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'HEADERS_TOO_LARGE' });
  });

  it.each([
    ['a header line without a colon', 'GET /ok HTTP/1.1\r\nHost: localhost\r\nthis is no header\r\n\r\n'],
    ['bytes that are not HTTP', '\u0000\u0001\u0002 nonsense\r\n\r\n'],
    ['a NUL in the request line', 'GET /ok\u0000 HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ])('%s: 400 MALFORMED_REQUEST', async (_name, request) => {
    const res = await rawExchange(request);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'Bad Request', message: 'The request is not valid HTTP', code: 'MALFORMED_REQUEST' });
  });

  it('a bad request after a good one on a kept-alive connection is answered too, and the server keeps serving', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let seen = '';
      socket.on('data', (c: Buffer) => {
        const first = !seen.includes('{"ok":true}');
        seen += c.toString('utf8');
        if (first && seen.includes('{"ok":true}')) socket.write('GET /ok HTTP/1.1\r\nbroken\r\n\r\n');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(seen));
      socket.write('GET /ok HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*HTTP\/1\.1 400 Bad Request\r\n[\s\S]*"code":"MALFORMED_REQUEST"/);
    expect((await fetch(`http://127.0.0.1:${port}/ok`)).status).toBe(200);
  });
});
