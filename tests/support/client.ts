import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { e2eContext } from './stackContext';

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  json?: unknown;
  body?: string | Buffer;
}

/** Notes a token or session id so that the e2e teardown can prove no log line contains it. */
export function rememberSecret(value: string): void {
  if (value) appendFileSync(e2eContext().secretsSeenFile, `${value}\n`);
}

/** What a JWT looks like in any text: no answer to a browser may carry one. */
export const JWT_PATTERN = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./;

/**
 * Every response the router gives a browser is checked here, in every e2e test: it must carry no
 * JWT and none of the installation's secrets (contract rule 2 and the security decisions).
 */
function browserLeak(text: string, headers: http.IncomingHttpHeaders): string | null {
  const all = `${text}\n${JSON.stringify(headers)}`;
  if (JWT_PATTERN.test(all)) return 'a JWT';
  for (const [name, value] of Object.entries(e2eContext().secrets)) if (all.includes(value)) return `the ${name}`;
  return null;
}

/**
 * A small HTTP client with a cookie jar, on node:http so that the Host header can be set (tenant
 * resolution) and redirects are seen, not followed.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly host?: string,
  ) {}

  get(path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    return this.request('GET', path, options);
  }

  post(path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    return this.request('POST', path, options);
  }

  /** A GraphQL POST (JSON content type satisfies Apollo's CSRF prevention). */
  async graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await this.post('/graphql', { json: { query, variables }, headers });
    return {
      status: res.status,
      body: res.text ? res.json<{ data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>() : {},
    };
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const url = new URL(path, this.baseUrl);
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
    const headers: Record<string, string> = { ...options.headers };
    if (options.json !== undefined) headers['content-type'] ??= 'application/json';
    if (this.host) headers.host = this.host;
    if (this.cookies.size && headers.cookie === undefined) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          this.storeCookies(res.headers['set-cookie']);
          const text = Buffer.concat(chunks).toString('utf8');
          const leak = browserLeak(text, res.headers);
          if (leak) return reject(new Error(`A response to the browser carried ${leak}: ${method} ${path}`));
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: <T>() => JSON.parse(text) as T });
        });
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  sessionId(): string | undefined {
    return this.cookies.get('ems.sid');
  }

  private storeCookies(setCookies: string[] | undefined): void {
    for (const line of setCookies ?? []) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now());
      if (expired || value === '') this.cookies.delete(name);
      else {
        this.cookies.set(name, value);
        rememberSecret(decodeURIComponent(value));
      }
    }
  }
}
