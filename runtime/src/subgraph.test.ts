import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { parse } from 'graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { createLogger } from './log';
import { createSubgraphHandler } from './subgraph';

const typeDefs = parse(`
  scalar Upload
  type Query { ok: Boolean }
  type Mutation { upload(file: Upload!): String! }
`);

const resolvers = {
  Upload: GraphQLUpload,
  Mutation: {
    upload: async (_: unknown, { file }: { file: Promise<FileUpload> }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of (await file).createReadStream()) chunks.push(chunk as Buffer);
      return `${(await file).filename}: ${Buffer.concat(chunks).toString()}`;
    },
  },
};

const servers: Array<{ server: http.Server; stop(): Promise<void> }> = [];

async function start(uploads?: { maxFileSize: number }): Promise<string> {
  const graphql = await createSubgraphHandler({
    typeDefs,
    resolvers: resolvers as never,
    context: async () => ({}),
    logger: createLogger('subgraph-test', 'silent'),
    uploads,
  });
  const app = express();
  app.use('/graphql', ...graphql.handler);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ server, stop: graphql.stop });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
}

afterAll(async () => {
  for (const { server, stop } of servers) {
    await new Promise((r) => server.close(r));
    await stop();
  }
});

describe('createSubgraphHandler in a browser', () => {
  it('serves no landing page that loads Apollo’s scripts: a GET without a query is a 400', async () => {
    const res = await fetch(await start(), { headers: { accept: 'text/html' } });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(/apollographql\.com|googleapis/);
  });
});

/** A GraphQL multipart request (operations, map, one file per name). */
function uploadForm(files: string[] = ['participants.csv']): FormData {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: 'mutation ($file: Upload!) { upload(file: $file) }', variables: { file: null } }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((_, i) => [String(i), ['variables.file']]))));
  files.forEach((name, i) => form.append(String(i), new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), name));
  return form;
}

describe('createSubgraphHandler uploads (GraphQL multipart request spec)', () => {
  let url: string;
  beforeAll(async () => {
    url = await start({ maxFileSize: 1024 });
  });

  it('takes a file when the request carries a preflight header (Apollo Server’s csrfPrevention)', async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'apollo-require-preflight': 'true' }, body: uploadForm() });
    expect(await res.json()).toEqual({ data: { upload: 'participants.csv: a,b\n1,2\n' } });
    expect(res.status).toBe(200);
  });

  it('refuses a multipart request without a preflight header as a possible CSRF', async () => {
    const res = await fetch(url, { method: 'POST', body: uploadForm() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('BAD_REQUEST');
  });

  it('takes one file per request', async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'apollo-require-preflight': 'true' }, body: uploadForm(['a.csv', 'b.csv']) });
    expect(res.status).toBe(413);
  });

  it('has no multipart at all without the option', async () => {
    const plain = await start();
    const res = await fetch(plain, { method: 'POST', headers: { 'apollo-require-preflight': 'true' }, body: uploadForm() });
    expect(res.status).toBe(400);
  });
});
