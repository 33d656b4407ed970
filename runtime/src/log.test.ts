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

  // One list for every log: OAuth's and the usual secret-looking names, in any case, with `-` or `_`.
  it.each([
    'access_token',
    'id_token',
    'refresh_token',
    'password',
    'client_secret',
    'token',
    'code',
    'code_verifier',
    'api_key',
    'apikey',
    'x-api-key',
    'key',
    'secret',
    'signature',
    'h',
    't',
    'n',
    'state',
    'userHash',
    'Access_Token',
    'PASSWORD',
    'acc%65ss_token',
  ])('scrubs the value of %s', (name) => {
    const scrubbed = scrubUrl(`https://portal.example/cb?userKey=anna&${name}=s3cr3t-value&returnUrl=%2Fx#frag`);
    expect(scrubbed).not.toContain('s3cr3t-value');
    expect(scrubbed).toBe(`https://portal.example/cb?userKey=anna&${name}=[Redacted]&returnUrl=%2Fx#frag`);
  });

  it.each(['userKey', 'returnUrl', 'returnTo', 'iss', 'error', 'periodId', 'signIn', 'u'])('keeps %s', (name) => {
    expect(scrubUrl(`/x?${name}=visible`)).toBe(`/x?${name}=visible`);
  });

  it('is the same text when scrubbed twice, and keeps what is not a parameter', () => {
    const once = scrubUrl('/a?b=1&password=p&c=%26&state=');
    expect(once).toBe('/a?b=1&password=[Redacted]&c=%26&state=[Redacted]');
    expect(scrubUrl(once)).toBe(once);
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

describe('every line a logger writes is scrubbed by the same list', () => {
  function capture() {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { logger: createLogger('test', 'info', sink), lines };
  }

  it('wherever a URL appears: a field, the message, an error and its stack, a nested value', () => {
    const { logger, lines } = capture();
    const err = new Error('GET https://idp.example/token?client_secret=cs-1&code=c0de-2 failed');
    logger.warn(
      { url: '/cb?access_token=at-3&iss=https%3A%2F%2Fidp', upstream: { href: 'http://x/y?id_token=it-4&password=pw-5' }, err },
      'redirected to /next?refresh_token=rt-6&returnTo=%2Fhome',
    );
    const out = lines.join('');
    for (const secret of ['cs-1', 'c0de-2', 'at-3', 'it-4', 'pw-5', 'rt-6']) expect(out).not.toContain(secret);
    const record = JSON.parse(out) as { url: string; msg: string; err: { message: string } };
    expect(record.url).toBe('/cb?access_token=[Redacted]&iss=https%3A%2F%2Fidp');
    expect(record.msg).toBe('redirected to /next?refresh_token=[Redacted]&returnTo=%2Fhome');
    expect(record.err.message).toBe('GET https://idp.example/token?client_secret=[Redacted]&code=[Redacted] failed');
  });

  it('leaves a line without secrets as it was', () => {
    const { logger, lines } = capture();
    logger.info({ url: '/x?userKey=anna&state_of=ok', note: 'a=b' }, 'plain');
    expect(JSON.parse(lines.join(''))).toMatchObject({ url: '/x?userKey=anna&state_of=ok', note: 'a=b', msg: 'plain' });
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
