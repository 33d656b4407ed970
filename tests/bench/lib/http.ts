import http from 'node:http';

export interface BenchRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON with content-type and content-length set. */
  json?: unknown;
  /** Sent as an HTML form's body (application/x-www-form-urlencoded), as a browser posts a plain form. */
  form?: Record<string, string>;
}

export interface BenchResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request prepared once and sent many times: URL parsed and body serialised up front, so the
 * load loop measures the server rather than the client's JSON.stringify.
 */
export interface PreparedRequest {
  send(agent: http.Agent): Promise<BenchResponse>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function prepareRequest(request: BenchRequest): PreparedRequest {
  const url = new URL(request.url);
  // The benchmark is a loopback affair: refuse to aim load at anything else by mistake.
  if (!LOOPBACK.has(url.hostname)) throw new Error(`refusing to send benchmark load to non-loopback host ${url.hostname}`);
  const headers: Record<string, string> = { ...request.headers };
  let body: Buffer | undefined;
  if (request.form !== undefined) {
    body = Buffer.from(new URLSearchParams(request.form).toString());
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (request.json !== undefined) {
    body = Buffer.from(JSON.stringify(request.json));
    headers['content-type'] ??= 'application/json';
  }
  if (body) headers['content-length'] = String(body.length);
  const options: http.RequestOptions = {
    method: request.method,
    hostname: url.hostname,
    port: url.port,
    path: `${url.pathname}${url.search}`,
    headers,
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

/** A keep-alive agent with one socket per concurrent worker, as a load generator should have. */
export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: 'fifo' });
}

/** The value of one cookie from a response's Set-Cookie headers. */
export function cookieFrom(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  for (const line of headers['set-cookie'] ?? []) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}
