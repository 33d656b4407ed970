import { Writable } from 'node:stream';
import { createLogger } from '@ems/service-runtime';
import { formatLogLine } from './logFormat';

/**
 * Issue 17 "Hardening", defect 5: the readable log format of `npm start` printed values as they
 * were, so a userKey holding a newline printed a forged "signed in" line. Both formats are checked
 * with a record written by the services' own logger.
 */
const FORGED = 'mallory\n[router] signed in registrationSystemId=1 userKey=admin';

function records(write: (logger: ReturnType<typeof createLogger>) => void): string[] {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  write(createLogger('router', 'info', sink));
  return chunks.join('').split('\n').filter(Boolean);
}

describe('log values cannot forge lines or drive the terminal', () => {
  it('the JSON format (pino) keeps a value with a newline inside one line', () => {
    const lines = records((logger) => logger.info({ registrationSystemId: 1, userKey: FORGED }, 'sign-in refused'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ userKey: FORGED, msg: 'sign-in refused' });
  });

  it('the readable format escapes newlines, CR, ESC and other control characters in every value', () => {
    const [json] = records((logger) =>
      logger.info({ userKey: FORGED, note: 'a\r\u001b[2Jb\u0000\u009b\u2028', nested: { key: 'x\ny' }, ['k\ney']: 1 }, 'sign-in\nrefused'),
    );
    const readable = formatLogLine('router', json!);
    // eslint-disable-next-line no-control-regex
    expect(readable).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(readable).toBe(
      '[router] sign-in\\nrefused userKey=mallory\\n[router] signed in registrationSystemId=1 userKey=admin ' +
        'note=a\\r\\u001b[2Jb\\u0000\\u009b\\u2028 nested={"key":"x\\ny"} k\\ney=1',
    );
  });

  it('escapes the access line’s values and a line that is not JSON', () => {
    const access = JSON.stringify({
      level: 30,
      req: { method: 'GET', url: '/x?u=a\u001b[31m\u0085' },
      res: { statusCode: 200 },
      responseTime: 3,
    });
    expect(formatLogLine('forms', access)).toBe('[forms] GET /x?u=a\\u001b[31m\\u0085 200 3ms');
    expect(formatLogLine('forms', 'plain \u001b[2J text\r')).toBe('[forms] plain \\u001b[2J text\\r');
  });
});
