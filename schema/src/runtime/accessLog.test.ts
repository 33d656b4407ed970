import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../log';
import { AccessLog } from './accessLog';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: new AccessLog(createLogger('test', 'info', sink)), lines };
}

const finished = (id: number, over: Partial<Parameters<AccessLog['note']>[0]> = {}) => ({
  id,
  method: 'GET',
  url: `/things/${id}?token=eyJsecret`,
  statusCode: 200,
  completed: true,
  started: 1_000,
  ended: 1_250,
  ...over,
});

describe('AccessLog', () => {
  it('holds lines briefly, then writes them with the time the request ended', async () => {
    const { log, lines } = capture();
    log.note(finished(1));
    log.note(finished(2, { statusCode: 502, ended: 1_300 }));
    log.note(finished(3, { completed: false }));
    expect(lines).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 200));

    expect(lines.map((l) => [l.msg, l.level, l.time, l.responseTime])).toEqual([
      ['request completed', 30, 1_250, 250],
      ['request errored', 50, 1_300, 300],
      ['request aborted', 40, 1_250, 250],
    ]);
    expect(lines[0]).toMatchObject({ name: 'test', reqId: 1, req: { id: 1, method: 'GET' }, res: { statusCode: 200 } });
    expect((lines[0]!.req as { url: string }).url).toBe('/things/1?token=%5BRedacted%5D');
  });

  it('writes a full batch at once instead of holding it', () => {
    const { log, lines } = capture();
    for (let id = 1; id < 256; id += 1) log.note(finished(id));
    expect(lines).toHaveLength(0);
    log.note(finished(256));
    expect(lines.map((l) => l.reqId)).toEqual(Array.from({ length: 256 }, (_, i) => i + 1));
    log.flush();
    expect(lines).toHaveLength(256);
  });

  it('writes held lines when the process exits at once', async () => {
    const module = JSON.stringify(path.join(__dirname, 'accessLog.ts'));
    const logModule = JSON.stringify(path.join(__dirname, '..', 'log.ts'));
    const script = [
      `const { AccessLog } = require(${module}); const { createLogger } = require(${logModule});`,
      `new AccessLog(createLogger('t')).note({ id: 7, method: 'GET', url: '/x', statusCode: 200, completed: true, started: 1, ended: 2 });`,
      'process.exit(0);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    await new Promise((resolve) => child.on('close', resolve));
    expect(out).toContain('"reqId":7');
    expect(out).toContain('"time":2,');
  }, 20_000);
});
