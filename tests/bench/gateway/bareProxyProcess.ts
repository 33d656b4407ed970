/**
 * The floor the gateway bench measures the router against: the least a Node reverse proxy can
 * do in its own process (Node's HTTP server, undici's dispatch over a keep-alive pool, no
 * session, no checks, no log). It has its own client and imports nothing of the router, whose
 * internals may change. Whatever ratio this gets is what an extra Node hop costs on the machine.
 * Compiled and run by bareProxy.ts; prints `listening <port>` once ready.
 */
import http from 'node:http';
import { Pool } from 'undici';

const upstream = new URL(process.env.BARE_PROXY_UPSTREAM ?? '');
const prefix = process.env.BARE_PROXY_PREFIX ?? '';
const apiKey = process.env.BARE_PROXY_API_KEY ?? '';
const pool = new Pool(upstream.origin, { connections: 256 });
const SKIPPED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'cookie']);

const server = http.createServer((req, res) => {
  const path = req.url?.startsWith(prefix) ? req.url.slice(prefix.length) || '/' : (req.url ?? '/');
  const headers: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!SKIPPED.has(req.rawHeaders[i]!.toLowerCase())) headers.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  headers.push('x-api-key', apiKey);
  pool.dispatch(
    { method: req.method ?? 'GET', path, headers, body: req.headers['content-length'] || req.headers['transfer-encoding'] ? req : null },
    {
      onRequestStart: () => undefined,
      onResponseStart: (_controller, statusCode, answer) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const name in answer) if (!SKIPPED.has(name)) out[name] = answer[name];
        res.writeHead(statusCode, out);
      },
      onResponseData: (_controller, chunk) => void res.write(chunk),
      onResponseEnd: () => res.end(),
      onResponseError: () => res.destroy(),
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
