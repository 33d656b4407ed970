import http from 'node:http';
import type { BenchResponse, PreparedRequest } from '../lib/http';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * An HTML form's POST (application/x-www-form-urlencoded), which lib/http's JSON-only
 * `prepareRequest` does not send: the built-in checkout page is a plain form, as a browser sees it.
 */
export function prepareFormPost(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): PreparedRequest {
  const target = new URL(url);
  if (!LOOPBACK.has(target.hostname)) throw new Error(`refusing to send benchmark load to non-loopback host ${target.hostname}`);
  const body = Buffer.from(new URLSearchParams(fields).toString());
  const options: http.RequestOptions = {
    method: 'POST',
    hostname: target.hostname,
    port: target.port,
    path: `${target.pathname}${target.search}`,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) },
  };
  return {
    send: (agent) =>
      new Promise<BenchResponse>((resolve, reject) => {
        const req = http.request({ ...options, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(body);
      }),
  };
}
