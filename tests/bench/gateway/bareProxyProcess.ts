/**
 * The floor the gateway bench measures the router against: the least a Node reverse proxy can
 * do in its own process (Node's HTTP server and client, one keep-alive agent, no session, no
 * checks, no log). Whatever ratio this gets is what an extra Node hop costs on the machine, and
 * no router can do better. Run by bareProxy.ts; prints `listening <port>` once ready.
 */
import http from 'node:http';

const upstream = new URL(process.env.BARE_PROXY_UPSTREAM ?? '');
const prefix = process.env.BARE_PROXY_PREFIX ?? '';
const apiKey = process.env.BARE_PROXY_API_KEY ?? '';
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const server = http.createServer((req, res) => {
  const path = req.url?.startsWith(prefix) ? req.url.slice(prefix.length) || '/' : (req.url ?? '/');
  const { host: _host, connection: _connection, cookie: _cookie, ...headers } = req.headers;
  const forwarded = http.request(
    { agent, hostname: upstream.hostname, port: upstream.port, method: req.method, path, headers: { ...headers, 'x-api-key': apiKey } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.on('error', () => res.destroy());
  req.pipe(forwarded);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
