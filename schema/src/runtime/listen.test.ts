import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import express from 'express';
import { listen } from './listen';

/** V8's own answer to "does this object still have a fast (hidden class) layout?". */
function hasFastProperties(): (value: object) => boolean {
  v8.setFlagsFromString('--allow-natives-syntax');
  // Natives syntax only parses in code compiled after the flag is set, hence a built function.
  return new Function('value', 'return %HasFastProperties(value)') as (value: object) => boolean;
}

describe('listen', () => {
  it('serves the app with requests and responses that are the app’s from the start', async () => {
    const app = express();
    app.get('/hello', (req, res) => {
      res.status(201).json({ host: req.get('host'), path: req.path });
    });
    const server = await listen(app, 0, '127.0.0.1');
    try {
      const before: boolean[] = [];
      server.prependListener('request', (req, res) => {
        before.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
      });
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/hello`);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ host: `127.0.0.1:${port}`, path: '/hello' });
      expect(before).toEqual([true]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps requests and responses as fast objects, as Node builds its own', async () => {
    const isFast = hasFastProperties();
    const app = express();
    const shapes: Array<{ req: boolean; res: boolean }> = [];
    app.get('/shape', (req, res) => {
      shapes.push({ req: isFast(req), res: isFast(res) });
      res.send('ok');
    });
    const server = await listen(app, 0, '127.0.0.1');
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      for (let i = 0; i < 3; i++) expect((await fetch(`http://127.0.0.1:${port}/shape`)).status).toBe(200);
      expect(shapes).toEqual(Array.from({ length: 3 }, () => ({ req: true, res: true })));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps the request and response classes fast objects when run through tsx, as the services run', async () => {
    // Under jest, ts-jest compiles this file without esbuild's keepNames; the services run on
    // tsx, which adds it, so the check runs there. A class that is a dictionary object cannot
    // have `new` optimised (see subclassOf in listen.ts).
    const script = `
      const express = require('express');
      const { listen } = require(${JSON.stringify(path.join(__dirname, 'listen.ts'))});
      const app = express();
      app.get('/', (req, res) => res.json({ req: %HasFastProperties(req.constructor), res: %HasFastProperties(res.constructor) }));
      listen(app, 0, '127.0.0.1').then(async (server) => {
        const answer = await fetch('http://127.0.0.1:' + server.address().port + '/');
        console.log(JSON.stringify(await answer.json()));
        server.close();
      });`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '-e', script], {
      cwd: __dirname,
    });
    expect(JSON.parse(stdout)).toEqual({ req: true, res: true });
  }, 20_000);

  it('rejects when the port is taken', async () => {
    const first = await listen(express(), 0, '127.0.0.1');
    try {
      const address = first.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await expect(listen(express(), port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise<void>((resolve) => first.close(() => resolve()));
    }
  });
});
