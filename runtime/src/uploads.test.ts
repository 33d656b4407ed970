import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import express from 'express';
import { parse } from 'graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { errorMiddleware } from './http';
import { createLogger } from './log';
import { createSubgraphHandler } from './subgraph';
import { requestBodyError, uploadedBytes } from './uploads';

const typeDefs = parse(`
  scalar Upload
  type Query { ok: Boolean }
  type Mutation { upload(file: Upload!): String! }
`);

/**
 * As the imports service reads a file: first something slow (the caller's organisations), then
 * the bytes; the stream may have failed by then.
 */
const resolvers = {
  Upload: GraphQLUpload,
  Mutation: {
    upload: async (_: unknown, { file }: { file: Promise<FileUpload> }) => {
      let upload: FileUpload;
      let stream: AsyncIterable<Buffer>;
      try {
        upload = await file; // rejected when the body broke before the file part
        await sleep(20);
        stream = upload.createReadStream(); // throws what the stream met before it was asked for
      } catch (err) {
        throw requestBodyError(err);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of uploadedBytes(stream)) chunks.push(chunk);
      return `${upload.filename}: ${Buffer.concat(chunks).length}`;
    },
  },
};

let url: string;
let server: http.Server;
let stop: () => Promise<void>;

beforeAll(async () => {
  const logger = createLogger('uploads-test', 'silent');
  const graphql = await createSubgraphHandler({
    typeDefs,
    resolvers: resolvers as never,
    context: async () => ({}),
    logger,
    uploads: { maxFileSize: 1 << 20 },
  });
  stop = graphql.stop;
  const app = express();
  app.use('/graphql', ...graphql.handler);
  app.use(errorMiddleware(logger));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await stop();
});

const BOUNDARY = 'test-boundary';
const FILE = 'a,b\n'.repeat(5000);
const BODY = Buffer.from(
  [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n`,
    JSON.stringify({ query: 'mutation ($file: Upload!) { upload(file: $file) }', variables: { file: null } }),
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}`,
    `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="0"; filename="Köln-Ergebnisse €.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    FILE,
    `\r\n--${BOUNDARY}--\r\n`,
  ].join(''),
);

function post(body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
    body: new Uint8Array(body),
  });
}

describe('GraphQL multipart bodies (a request never ends a process)', () => {
  it('takes a whole one, its file name in UTF-8', async () => {
    const res = await post(BODY);
    expect(await res.json()).toEqual({ data: { upload: `Köln-Ergebnisse €.csv: ${FILE.length}` } });
  });

  it('cut off in the file: HTTP 400 with BROKEN_MULTIPART, not an internal error', async () => {
    const res = await post(BODY.subarray(0, BODY.length - FILE.length / 2));
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(errors[0]).toMatchObject({
      message: 'The multipart body is broken: Unexpected end of form',
      extensions: { code: 'BROKEN_MULTIPART' },
    });
  });

  it('cut off before the operation is complete: 400 in the contract shape', async () => {
    const res = await post(BODY.subarray(0, 80));
    expect([res.status, await res.json()]).toEqual([
      400,
      { error: 'Bad Request', message: 'The multipart body is broken: Unexpected end of form', code: 'BROKEN_MULTIPART' },
    ]);
  });

  it('a file part header over 16 kB: 400, and the parser’s second error heard too', async () => {
    const res = await post(Buffer.from(BODY.toString('utf8').replace('filename="', `filename="${'n'.repeat(20_000)}`)));
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(errors[0]).toMatchObject({
      message: 'The multipart body is broken: Malformed part header',
      extensions: { code: 'BROKEN_MULTIPART' },
    });
  });

  it('a boundary that is not the body’s, or none: 400, not the 500 graphql-upload-minimal calls it', async () => {
    for (const contentType of ['multipart/form-data; boundary=other', 'multipart/form-data; boundary=""']) {
      const res = await post(BODY, contentType);
      expect([contentType, res.status, ((await res.json()) as { code: string }).code]).toEqual([contentType, 400, 'BROKEN_MULTIPART']);
    }
  });
});
