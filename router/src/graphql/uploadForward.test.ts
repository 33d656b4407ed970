import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { Agent } from 'undici';
import { createLogger, errorMiddleware } from '@ems/service-runtime';
import type { AdminServiceClient } from '../auth/adminClient';
import { SessionTokens } from '../auth/sessionTokens';
import { bodyLimit } from '../proxy/bodyLimit';
import { originCheck } from '../security/originCheck';
import { uploadForward } from './uploadForward';

/** What the fake imports subgraph received. */
interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const MAX_BYTES = 1024 * 1024;
const TOKEN = 'session-jwt';
const seen: Seen[] = [];
const dispatcher = new Agent();
const logger = createLogger('router-test', 'silent');
let upstream: http.Server;
let front: http.Server;
let frontUrl: string;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Stands in for express-session: `x-test-session: yes` is a signed-in session holding TOKEN. */
const fakeSession: RequestHandler = (req, _res, next) => {
  if (req.headers['x-test-session'] === 'yes') {
    (req as unknown as { session: unknown }).session = { auth: { token: TOKEN, expiresAt: Date.now() + 3_600_000 } };
  }
  next();
};

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { uploadEventParticipants: { id: '7' } } }));
    });
  });
  const importsUrl = `http://127.0.0.1:${await listen(upstream)}/imports-base`;
  const tokens = new SessionTokens({} as AdminServiceClient, 0, logger);

  // The router's order for `/graphql` (server.ts), with a stand-in session and gateway.
  const app = express();
  app.use('/graphql', originCheck([]), bodyLimit(MAX_BYTES), fakeSession);
  app.use(
    '/graphql',
    uploadForward({ importsUrl, apiKey: 'portal-api-key', dispatcher, tokens, logger, maxBodyBytes: MAX_BYTES }),
    (_req, res) => {
      res.json({ reachedGateway: true });
    },
  );
  app.use(errorMiddleware(logger));
  front = http.createServer(app);
  frontUrl = `http://127.0.0.1:${await listen(front)}`;
});

afterAll(async () => {
  await dispatcher.destroy();
  front.closeAllConnections();
  upstream.closeAllConnections();
  await new Promise((r) => front.close(r));
  await new Promise((r) => upstream.close(r));
});

beforeEach(() => {
  seen.length = 0;
});

/** A GraphQL multipart request (operations, map, one file) as a browser sends it. */
function uploadForm(): FormData {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: 'mutation ($file: Upload!) { uploadEventParticipants(input: { eventId: "1" }, file: $file) { id } }',
      variables: { file: null },
    }),
  );
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob(['firstName,lastName\nAnna,Berg\n'], { type: 'text/csv' }), 'participants.csv');
  return form;
}

const signedIn = { 'x-test-session': 'yes', 'apollo-require-preflight': 'true' };

describe('GraphQL uploads through the router (multipart straight to the imports subgraph)', () => {
  it('sends a multipart request to the imports subgraph with the session’s bearer token and the portal’s API key', async () => {
    const res = await fetch(`${frontUrl}/graphql`, {
      method: 'POST',
      headers: { ...signedIn, cookie: 'ems.sid=browser', authorization: 'Bearer browser-made', 'x-api-key': 'browser-key' },
      body: uploadForm(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { uploadEventParticipants: { id: '7' } } });
    const got = seen[0]!;
    expect(got.url).toBe('/imports-base/graphql');
    expect(got.headers['x-api-key']).toBe('portal-api-key');
    expect(got.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers['apollo-require-preflight']).toBe('true');
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.body).toContain('Anna,Berg');
  });

  it('leaves every request that is not multipart to the gateway', async () => {
    const res = await fetch(`${frontUrl}/graphql`, {
      method: 'POST',
      headers: { ...signedIn, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await res.json()).toEqual({ reachedGateway: true });
    expect(seen).toEqual([]);
  });

  it('refuses a cross-site upload (Origin check)', async () => {
    const res = await fetch(`${frontUrl}/graphql`, {
      method: 'POST',
      headers: { ...signedIn, origin: 'https://evil.example' },
      body: uploadForm(),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    expect(seen).toEqual([]);
  });

  it('refuses an upload without Apollo-Require-Preflight or X-Apollo-Operation-Name, as csrfPrevention does', async () => {
    const res = await fetch(`${frontUrl}/graphql`, { method: 'POST', headers: { 'x-test-session': 'yes' }, body: uploadForm() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('BAD_REQUEST');
    expect(body.errors[0]!.message).toMatch(/Cross-Site Request Forgery/);

    const named = await fetch(`${frontUrl}/graphql`, {
      method: 'POST',
      headers: { 'x-test-session': 'yes', 'x-apollo-operation-name': 'Upload' },
      body: uploadForm(),
    });
    expect(named.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('refuses an upload without a signed-in session with the contract’s 401', async () => {
    const res = await fetch(`${frontUrl}/graphql`, { method: 'POST', headers: { 'apollo-require-preflight': 'true' }, body: uploadForm() });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not authenticated', message: 'Session not found or expired' });
    expect(seen).toEqual([]);
  });

  it('answers 413 to a declared Content-Length over the limit on the headers alone, before any of the body is sent', async () => {
    const { port } = new URL(frontUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          [
            'POST /graphql HTTP/1.1',
            `Host: 127.0.0.1:${port}`,
            'Content-Type: multipart/form-data; boundary=b',
            'Apollo-Require-Preflight: true',
            'X-Test-Session: yes',
            `Content-Length: ${MAX_BYTES + 1}`,
            '',
            '',
          ].join('\r\n'),
        );
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\r\n\r\n') && text.includes('}')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no answer before the body; got ${JSON.stringify(text)}`)), 3000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"error":"Payload Too Large"');
    expect(seen).toEqual([]);
  });

  it('cuts a chunked upload at the limit with 413', async () => {
    const block = new Uint8Array(64 * 1024).fill(0x61);
    let sent = 0;
    const res = await fetch(`${frontUrl}/graphql`, {
      method: 'POST',
      headers: { ...signedIn, 'content-type': 'multipart/form-data; boundary=b' },
      body: new ReadableStream({
        pull(controller) {
          if (sent > MAX_BYTES * 2) return controller.close();
          sent += block.length;
          controller.enqueue(block);
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'Payload Too Large', code: 'UPLOAD_TOO_LARGE' });
  });
});
