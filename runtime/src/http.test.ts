import { Writable } from 'node:stream';
import express from 'express';
import { createLogger } from './log';
import { requestLogger } from './http';

function captureLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('test', 'info', sink), lines };
}

describe('requestLogger', () => {
  it('writes one line per request with method, scrubbed URL, status and time, and no headers', async () => {
    const { logger, lines } = captureLogger();
    const app = express();
    app.use(requestLogger(logger));
    app.get('/things', (_req, res) => {
      res.status(418).json({ ok: true });
    });
    app.get('/actuator/health', (_req, res) => {
      res.json({ status: 'UP' });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const res = await fetch(`${base}/things?u=anna&h=cafe1234&token=eyJsecret`, {
        headers: { authorization: 'Bearer eyJheader', 'x-api-key': 'ems_key_value', cookie: 'ems.sid=s%3Asid' },
      });
      expect(res.status).toBe(418);
      await fetch(`${base}/actuator/health`);
      await new Promise((r) => setTimeout(r, 50));

      expect(lines).toHaveLength(1);
      const record = JSON.parse(lines[0]!) as {
        req: { method: string; url: string };
        res: { statusCode: number };
        responseTime: number;
        msg: string;
      };
      expect(record.msg).toBe('request completed');
      expect(record.req.method).toBe('GET');
      expect(record.req.url).toBe('/things?u=anna&h=[Redacted]&token=[Redacted]');
      expect(record.res.statusCode).toBe(418);
      expect(record.responseTime).toBeGreaterThanOrEqual(0);
      for (const secret of ['cafe1234', 'eyJsecret', 'eyJheader', 'ems_key_value', 's%3Asid']) expect(lines[0]).not.toContain(secret);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
