import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import express from 'express';
import { ForbiddenError } from '@ems/schema';
import { asyncHandler, createLogger, errorMiddleware } from '@ems/service-runtime';
import { readMultipartUpload } from './multipart';

/**
 * The REST upload's reader against truncated, refused and cut-off bodies. The reader here does
 * what the imports' domain does: something slow first (a query), then the bytes, so the body
 * has long broken off when it starts reading.
 */
/** What the last upload came to, and when its file was handed over: the tests wait on these. */
let settled = signal<string>();
let fileOpened = signal<void>();
let port: number;
let server: http.Server;

beforeAll(async () => {
  const app = express();
  app.put(
    '/upload',
    asyncHandler(async (req, res) => {
      let opened = false;
      const authorise = async () => {
        if (req.get('x-role') !== 'operator')
          throw new ForbiddenError('Only operators of an organisation may import', { code: 'NOT_AN_OPERATOR' });
      };
      const read = readMultipartUpload(req, { maxBytes: 1 << 20, authorise }, async (upload, fields) => {
        opened = true;
        fileOpened.resolve();
        await sleep(20);
        let bytes = 0;
        for await (const chunk of upload.body) bytes += chunk.length;
        return { fileName: upload.fileName, bytes, fields: await fields };
      });
      await read.then(
        () => settled.resolve('read'),
        (err: Error) => settled.resolve(`${opened ? 'file' : 'no file'}: ${err.message}`),
      );
      res.json(await read);
    }),
  );
  app.use(errorMiddleware(createLogger('multipart-test', 'silent')));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  settled = signal();
  fileOpened = signal();
});

function signal<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const BOUNDARY = 'test-boundary';
const FILE = 'Vorname;Nachname\n'.repeat(4000);
const bodyOf = (fileName: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="eventId"\r\n\r\n7\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n` +
      `${FILE}\r\n--${BOUNDARY}--\r\n`,
  );
const BODY = bodyOf('teilnehmer.csv');

function put(body: Buffer, role = 'operator') {
  return fetch(`http://127.0.0.1:${port}/upload`, {
    method: 'PUT',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-role': role },
    body: new Uint8Array(body),
  });
}

describe('readMultipartUpload', () => {
  it('reads a whole upload; the file name is UTF-8 as browsers send it', async () => {
    const res = await put(bodyOf('Köln-Ergebnisse €.csv'));
    expect(await res.json()).toEqual({ fileName: 'Köln-Ergebnisse €.csv', bytes: FILE.length, fields: { eventId: '7' } });
  });

  it('a body cut off in the file (before the reader started): 400 BROKEN_MULTIPART, and the process goes on', async () => {
    for (const cut of [300, 2000, BODY.length - FILE.length / 2, BODY.length - 3, 150]) {
      const res = await put(BODY.subarray(0, cut));
      expect([cut, res.status, await res.json()]).toEqual([
        cut,
        400,
        { error: 'Bad Request', message: 'The multipart body is broken: Unexpected end of form', code: 'BROKEN_MULTIPART' },
      ]);
    }
  });

  it('a caller who may not upload: 403 before the body is parsed, whole or cut off', async () => {
    const whole = await put(BODY, 'member');
    expect(whole.status).toBe(403);
    expect(await settled.promise).toBe('no file: Only operators of an organisation may import');
    settled = signal();
    const res = await put(BODY.subarray(0, BODY.length - FILE.length / 2), 'member');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'NOT_AN_OPERATOR' });
    expect(await settled.promise).toBe('no file: Only operators of an organisation may import');
  });

  it('a client that leaves mid-file: the reader fails instead of waiting for ever', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const head = [
      'PUT /upload HTTP/1.1',
      'Host: 127.0.0.1',
      'x-role: operator',
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${BODY.length}`,
    ].join('\r\n');
    socket.write(`${head}\r\n\r\n`);
    socket.write(BODY.subarray(0, BODY.length / 2));
    await fileOpened.promise;
    socket.destroy();
    expect(await settled.promise).toBe('file: The multipart body is broken: the request broke off');
  });
});
