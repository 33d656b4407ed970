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
