import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger, scrubUrl } from './log';

describe('log redaction', () => {
  it('scrubs secrets from query strings but keeps the rest', () => {
    const url = scrubUrl('/api/auth/external-login?userKey=anna&userHash=abc123&returnUrl=%2Fx&nonce=n1&h=ff&u=anna');
    expect(url).not.toContain('abc123');
    expect(url).not.toContain('n1');
    expect(url).not.toContain('h=ff');
    expect(url).toContain('userKey=anna');
    expect(url).toContain('returnUrl=%2Fx');
  });

  it("scrubs the card check's and unsubscribe link's token and OpenID Connect's code and state", () => {
    const card = scrubUrl('/services/admin-service/membership/card/verify?t=0a1b2c3d-card');
    const unsubscribe = scrubUrl('/membership/reminders/unsubscribe?t=9f8e7d6c-unsub');
    const callback = scrubUrl('/auth/oidc/callback?code=c0de&state=st4te&session_state=s3ss&iss=https%3A%2F%2Fidp');
    for (const [url, secret] of [
      [card, '0a1b2c3d-card'],
      [unsubscribe, '9f8e7d6c-unsub'],
      [callback, 'c0de'],
      [callback, 'st4te'],
      [callback, 's3ss'],
    ] as const) {
      expect(url).not.toContain(secret);
    }
    expect(callback).toContain('iss=https%3A%2F%2Fidp');
  });

  it('leaves URLs without a query alone', () => {
    expect(scrubUrl('/graphql')).toBe('/graphql');
  });

  it('redacts credential headers and secret-named fields in log records', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    createLogger('test', 'info', sink).info(
      {
        req: { headers: { authorization: 'Bearer eyJsecret', 'x-api-key': 'ems_key_value', cookie: 'ems.sid=s%3Aabc' } },
        body: { token: 'eyJtoken', userHash: 'deadbeef', secret: 'shh', apiKey: 'k' },
      },
      'request',
    );
    const out = lines.join('');
    for (const secret of ['eyJsecret', 'ems_key_value', 's%3Aabc', 'eyJtoken', 'deadbeef', 'shh']) expect(out).not.toContain(secret);
    expect(out).toContain('[Redacted]');
  });
});

describe('the stdout log', () => {
  const LOG_MODULE = path.join(__dirname, 'log.ts');
  /** A process that logs one line, then does `then`; resolves with what it wrote and when. */
  function logOnce(then: string): Promise<{ firstOutputMs: number | null; exitedMs: number; out: string }> {
    const script = `const { createLogger } = require(${JSON.stringify(LOG_MODULE)}); createLogger('t').info('hello'); ${then}`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const started = Date.now();
    let out = '';
    let firstOutputMs: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      firstOutputMs ??= Date.now() - started;
      out += String(chunk);
    });
    return new Promise((resolve) => child.on('close', () => resolve({ firstOutputMs, exitedMs: Date.now() - started, out })));
  }

  it('writes a line while the process runs on (batched, not held until exit)', async () => {
    const run = await logOnce('setTimeout(() => {}, 1500);');
    expect(run.out).toContain('"msg":"hello"');
    expect(run.firstOutputMs).not.toBeNull();
    expect(run.firstOutputMs!).toBeLessThan(run.exitedMs - 500);
  }, 20_000);

  it('does not lose a batched line when the process exits at once', async () => {
    const run = await logOnce('process.exit(1);');
    expect(run.out).toContain('"msg":"hello"');
  }, 20_000);
});
