import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** One raw HTTP exchange (what a client library would refuse to send); the whole answer as text. */
export function rawExchange(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.split(' ')[1]), headers: text.slice(0, split), body: text.slice(split + 4) });
    });
    socket.write(request);
  });
}

/** What came back, or why nothing did (reset connection, time-out). */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  failure?: string;
}

/**
 * One request sent as written (the path not normalised, no redirect followed) that never throws:
 * no answer is a `failure`, and a write error after the answer came (a body refused early) is not
 * the answer's fault.
 */
export function sendRaw(
  connection: Pick<http.RequestOptions, 'protocol' | 'hostname' | 'port' | 'localAddress'> & { timeoutMs: number },
  request: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  const { timeoutMs, ...target } = connection;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let answered: RawAnswer | null = null;
    const req = client.request(
      { ...target, method: request.method ?? 'GET', path: request.path, headers, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        answered = { status: res.statusCode ?? 0, headers: res.headers, text: '' };
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ ...answered!, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ ...answered!, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!answered) resolve({ status: 0, headers: {}, text: '', failure: err.code ?? err.message });
    });
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}
