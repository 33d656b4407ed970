import { createHash, createHmac, randomBytes } from 'node:crypto';
import { JWT_PATTERN } from '../support/client';
import { sendRaw, type RawAnswer } from '../support/rawHttp';

/**
 * Black-box checks of an installation, as an attacker would try them from outside (issue 17):
 * every request goes to the one base URL given, none follows a redirect, and the whole probe is
 * bounded in requests and time. Each check answers PASS or FAIL (or SKIP when it needs sign-in
 * credentials that were not given) with one line of detail.
 */

export interface ProbeOptions {
  baseUrl: string;
  /** A user key and the customer website's shared secret: enables the checks that need a session. */
  userKey?: string;
  customerSecret?: string;
  hashScheme?: 'md5' | 'hmac-sha256';
  /** Session cookie name (the router's default). */
  cookieName?: string;
  /** Check ids to leave out. */
  skip?: readonly string[];
  /** Per request; the probe as a whole stops sending after `deadlineMs`. */
  timeoutMs?: number;
  deadlineMs?: number;
  maxRequests?: number;
}

export type Verdict = 'PASS' | 'FAIL' | 'SKIP';

export interface CheckResult {
  id: string;
  title: string;
  verdict: Verdict;
  detail: string;
}

export interface ProbeReport {
  results: CheckResult[];
  requests: number;
  elapsedMs: number;
}

type Answer = RawAnswer;

interface Request {
  method?: string;
  /** Sent exactly as written (no normalisation of `..` or percent sequences). */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const EVIL = 'https://evil.example';
const CREDENTIALS_BODY = JSON.stringify({ userKey: 'probe.nobody', registrationSystemId: 1, userHash: '0'.repeat(32) });

class Budget extends Error {}

/** The HTTP side of the probe: one base URL, a request count and a deadline, every answer kept. */
class Target {
  readonly base: URL;
  requests = 0;
  readonly answers: Array<{ request: Request; answer: Answer }> = [];
  private readonly started = Date.now();

  constructor(private readonly options: Required<Pick<ProbeOptions, 'baseUrl' | 'timeoutMs' | 'deadlineMs' | 'maxRequests'>>) {
    this.base = new URL(options.baseUrl);
    if (!/^https?:$/.test(this.base.protocol)) throw new Error(`The base URL must be http or https: ${options.baseUrl}`);
  }

  get elapsedMs(): number {
    return Date.now() - this.started;
  }

  async send(request: Request): Promise<Answer> {
    if (this.requests >= this.options.maxRequests) throw new Budget(`request budget of ${this.options.maxRequests} used up`);
    if (this.elapsedMs > this.options.deadlineMs) throw new Budget(`time budget of ${this.options.deadlineMs} ms used up`);
    this.requests += 1;
    const prefix = this.base.pathname.replace(/\/+$/, '');
    const { protocol, hostname, port } = this.base;
    const answer = await sendRaw(
      { protocol, hostname, port, timeoutMs: this.options.timeoutMs },
      { ...request, path: `${prefix}${request.path}` },
    );
    this.answers.push({ request, answer });
    return answer;
  }
}

function jsonOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function brief(answer: Answer): string {
  if (answer.failure) return `no answer (${answer.failure})`;
  const text = answer.text.replace(/\s+/g, ' ').trim();
  return `${answer.status} ${text.length > 120 ? `${text.slice(0, 120)}…` : text || '(empty body)'}`;
}

/** The contract's error shape: a JSON body with `error` and `message` strings. */
function isErrorShape(answer: Answer): boolean {
  const body = jsonOf(answer.text);
  return (
    /^application\/json/i.test(String(answer.headers['content-type'] ?? '')) &&
    typeof body?.error === 'string' &&
    typeof body.message === 'string'
  );
}

/** A request that reached a token-issuing route upstream: a token, a machine reason, or the exchange's own refusal. */
function reachedTokenRoute(answer: Answer): boolean {
  const body = jsonOf(answer.text);
  return (
    (answer.status >= 200 && answer.status < 300) ||
    JWT_PATTERN.test(answer.text) ||
    body?.token !== undefined ||
    body?.reason !== undefined ||
    body?.error === 'Invalid credentials'
  );
}

function refusedBeforeUpstream(answer: Answer): boolean {
  return !answer.failure && answer.status >= 400 && answer.status < 500 && !reachedTokenRoute(answer);
}

/** Posts credentials to `path`; null when the gateway refused it before any token route, else why not. */
async function postRefusedBeforeUpstream(target: Target, path: string): Promise<string | null> {
  const answer = await target.send({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: CREDENTIALS_BODY });
  return refusedBeforeUpstream(answer) ? null : `POST ${path}: ${brief(answer)}`;
}

interface Check {
  id: string;
  title: string;
  needsSession?: boolean;
  /** `skipped`: the check does not apply to this installation (e.g. no such sign-in offered). */
  run(ctx: CheckContext): Promise<{ ok: boolean; detail: string; skipped?: boolean }>;
}

interface CheckContext {
  target: Target;
  options: ProbeOptions;
  signIn(): Promise<string>;
}

/** Runs `attempt` for each case; the first failing case names the check's detail. */
async function everyCase<T>(
  cases: readonly T[],
  attempt: (c: T) => Promise<string | null>,
  passed: string,
): Promise<{ ok: boolean; detail: string }> {
  for (const c of cases) {
    const problem = await attempt(c);
    if (problem) return { ok: false, detail: problem };
  }
  return { ok: true, detail: passed };
}

const CHECKS: Check[] = [
  {
    id: 'origin-check',
    title: 'cross-site POST refused (Origin check) on /api/*, /services/*, /graphql',
    run: ({ target }) =>
      everyCase(
        [
          '/api/forms/next',
          '/api/auth/logout',
          '/services/admin-service/api/forms/next',
          '/services/admin-service/payments/webhook/builtin',
          '/graphql',
        ],
        async (path) => {
          for (const headers of [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }] as Array<Record<string, string>>) {
            const answer = await target.send({
              method: 'POST',
              path,
              headers: { ...headers, 'content-type': 'application/json' },
              body: '{}',
            });
            if (answer.status !== 403) return `POST ${path} with ${Object.keys(headers)[0]} cross-site: ${brief(answer)} (expected 403)`;
          }
          return null;
        },
        '403 on all 5 paths, by Origin and by Sec-Fetch-Site',
      ),
  },
  {
    id: 'graphql-csrf',
    title: 'Apollo CSRF prevention refuses a simple GraphQL GET and a text/plain POST',
    run: async ({ target }) => {
      const get = await target.send({ path: '/graphql?query=%7B__typename%7D' });
      if (get.status !== 400 || !/csrf|cross-site request forgery/i.test(get.text)) {
        return { ok: false, detail: `GET /graphql without a preflight header: ${brief(get)} (expected 400 naming CSRF)` };
      }
      const post = await target.send({
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'text/plain' },
        body: '{"query":"{__typename}"}',
      });
      if (post.status !== 400 || !/csrf|cross-site request forgery/i.test(post.text)) {
        return { ok: false, detail: `text/plain POST /graphql: ${brief(post)} (expected 400 naming CSRF)` };
      }
      return { ok: true, detail: 'both refused with 400 (CSRF prevention)' };
    },
  },
  {
    id: 'token-paths',
    title: 'token-issuing paths are not reachable through the proxy',
    run: ({ target }) =>
      everyCase(
        [
          '/services/admin-service/auth/external-login',
          '/services/admin-service/auth/token-exchange/oauth2',
          '/services/admin-service/auth/register-session',
          '/services/admin-service/api/auth/exchange',
          '/services/admin-service/api/auth/refresh',
          '/services/admin-service/AUTH/external-login',
          '/services/admin-service//auth/external-login',
        ],
        (path) => postRefusedBeforeUpstream(target, path),
        'all 7 refused by the gateway (no token, no upstream answer)',
      ),
  },
  {
    id: 'path-tricks',
    title: 'path tricks towards the token routes are refused',
    run: ({ target }) =>
      everyCase(
        [
          '/services/admin-service/../auth/external-login',
          '/services/admin-service/%2e%2e/auth/external-login',
          '/services/admin-service/%2E%2E%2Fauth%2Fexternal-login',
          '/services/admin-service/.%2e/auth/external-login',
          '/services/admin-service/%2fauth/external-login',
          '/services/admin-service/auth%2fexternal-login',
          '/services/admin-service/%61uth/external-login',
          '/services/admin-service/%5c..%5cauth/external-login',
          '/services/admin-service;/auth/external-login',
          '/services/admin-service/payments/../auth/external-login',
          '/services/admin-service/./auth/external-login',
          '/api/forms/../../auth/external-login',
        ],
        (path) => postRefusedBeforeUpstream(target, path),
        'all 12 refused (4xx, no token, no upstream answer)',
      ),
  },
  {
    id: 'open-redirect',
    title: 'returnUrl open-redirect attempts redirect to /',
    needsSession: true,
    run: ({ target, options }) =>
      everyCase(
        ['//evil.example', 'https://evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)'],
        async (returnUrl) => {
          const query = new URLSearchParams({ ...signedLink(options), returnUrl });
          const answer = await target.send({ path: `/api/auth/external-login?${query}` });
          if (answer.status !== 302) return `returnUrl=${returnUrl}: ${brief(answer)} (expected a 302 after sign-in)`;
          return answer.headers.location === '/' ? null : `returnUrl=${returnUrl}: redirected to ${answer.headers.location}`;
        },
        'all 5 redirected to /',
      ),
  },
  {
    id: 'return-path',
    title: 'return paths that normalise to another site (/.//x, /..//x, /%2e//x) stay on this site after sign-in',
    needsSession: true,
    run: ({ target, options }) =>
      everyCase(
        ['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/./\\evil.example', '/a/..//evil.example/'],
        async (returnUrl) => {
          const query = new URLSearchParams({ ...signedLink(options), returnUrl });
          const answer = await target.send({ path: `/api/auth/external-login?${query}` });
          if (answer.status !== 302) return `returnUrl=${returnUrl}: ${brief(answer)} (expected a 302 after sign-in)`;
          const location = String(answer.headers.location ?? '');
          return leadsToThisSite(location, target.base) ? null : `returnUrl=${returnUrl}: redirected to ${location}`;
        },
        'all 5 redirected within this site',
      ),
  },
  {
    id: 'upload-truncated',
    title: 'a truncated multipart upload from a non-operator is refused 4xx and the import service keeps answering',
    needsSession: true,
    run: async ({ target, options, signIn }) => {
      const cookie = `${options.cookieName ?? 'ems.sid'}=${await signIn()}`;
      const attempts: Array<Request & { fileField: string }> = [
        { method: 'PUT', path: '/services/admin-service/api/event-participants/import', fileField: 'file' },
        { method: 'POST', path: '/api/imports/preview', fileField: 'file' },
        { method: 'POST', path: '/api/imports/999999999/corrections', fileField: 'file' },
        { method: 'POST', path: '/graphql', headers: { 'apollo-require-preflight': 'true' }, fileField: '0' },
      ];
      for (const { fileField, ...attempt } of attempts) {
        const upload = truncatedUpload(fileField);
        const answer = await target.send({
          ...attempt,
          headers: { ...attempt.headers, cookie, 'content-type': upload.contentType },
          body: upload.body,
        });
        const refused =
          attempt.path === '/graphql' ? graphqlRefused(answer) : answer.status >= 400 && answer.status < 500 && isErrorShape(answer);
        if (!refused) {
          return {
            ok: false,
            detail: `${attempt.method} ${attempt.path} truncated: ${brief(answer)} (expected a refusal: 4xx, or GraphQL errors)`,
          };
        }
      }
      // A dead import service would make the router answer 502 here.
      const after = await target.send({ path: '/api/imports/recent', headers: { cookie } });
      if (after.failure || after.status >= 500) return { ok: false, detail: `GET /api/imports/recent afterwards: ${brief(after)}` };
      return { ok: true, detail: `4 upload paths refused; the import service answers ${after.status} afterwards` };
    },
  },
  {
    id: 'forged-session',
    title: 'a forged session cookie is no session',
    run: async ({ target, options, signIn }) => {
      const name = options.cookieName ?? 'ems.sid';
      const random = randomBytes(24).toString('base64url');
      const forged = [`s:${random}.${randomBytes(32).toString('base64url')}`, random];
      if (options.userKey && options.customerSecret) {
        // A real session id with its signature altered.
        const real = decodeURIComponent(await signIn());
        const cut = real.lastIndexOf('.');
        forged.push(
          `${real.slice(0, cut + 1)}${real
            .slice(cut + 1)
            .split('')
            .reverse()
            .join('')}`,
          real.slice(2, cut),
        );
      }
      return everyCase(
        forged,
        async (value) => {
          const cookie = `${name}=${encodeURIComponent(value)}`;
          const rest = await target.send({ path: '/api/forms/membership/1', headers: { cookie } });
          if (rest.status !== 401) return `GET /api/forms/membership/1 with a forged cookie: ${brief(rest)} (expected 401)`;
          const gql = await target.send({
            method: 'POST',
            path: '/graphql',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ query: '{ viewer { userKey } }' }),
          });
          const viewer = (jsonOf(gql.text)?.data as { viewer?: unknown } | undefined)?.viewer;
          return viewer ? `GraphQL viewer with a forged cookie: ${brief(gql)}` : null;
        },
        `${forged.length} forged cookies: 401 on REST, no viewer on GraphQL${options.userKey ? ' (incl. a real id with a bad signature)' : ''}`,
      );
    },
  },
  {
    id: 'index-no-store',
    title: "the portal's index.html is never cached (Cache-Control: no-store)",
    run: async ({ target }) => {
      const answer = await target.send({ path: '/', headers: { accept: 'text/html' } });
      const cache = String(answer.headers['cache-control'] ?? '');
      if (answer.status !== 200) return { ok: false, detail: `GET /: ${brief(answer)}` };
      return /no-store/.test(cache)
        ? { ok: true, detail: `cache-control: ${cache}` }
        : { ok: false, detail: `cache-control: ${cache || '(none)'}` };
    },
  },
  {
    id: 'index-nosniff',
    title: "the portal's index.html is sent with X-Content-Type-Options: nosniff",
    run: async ({ target }) =>
      headerCheck(await target.send({ path: '/', headers: { accept: 'text/html' } }), 'x-content-type-options', /^nosniff$/i),
  },
  {
    id: 'index-framing',
    title: "the portal's index.html may not be framed by other sites (CSP frame-ancestors or X-Frame-Options)",
    run: async ({ target }) => {
      const answer = await target.send({ path: '/', headers: { accept: 'text/html' } });
      const csp = String(answer.headers['content-security-policy'] ?? '');
      const xfo = String(answer.headers['x-frame-options'] ?? '');
      if (/frame-ancestors\s+('none'|'self')/i.test(csp) || /^(deny|sameorigin)$/i.test(xfo)) {
        return { ok: true, detail: csp ? `content-security-policy: ${csp.slice(0, 80)}` : `x-frame-options: ${xfo}` };
      }
      return { ok: false, detail: 'neither CSP frame-ancestors nor X-Frame-Options is set' };
    },
  },
  {
    id: 'no-source-maps',
    title: 'no source maps are served',
    run: async ({ target }) => {
      const index = await target.send({ path: '/', headers: { accept: 'text/html' } });
      const scripts = [...index.text.matchAll(/src="(\/[^"]+\.js)"/g)].map((m) => m[1]!).slice(0, 3);
      if (scripts.length === 0) return { ok: false, detail: 'no script found in index.html' };
      for (const script of scripts) {
        const map = await target.send({ path: `${script}.map` });
        if (map.status === 200 || /"mappings"/.test(map.text)) return { ok: false, detail: `${script}.map: ${brief(map)}` };
        const js = await target.send({ path: script });
        if (/sourceMappingURL=/.test(js.text.slice(-500))) return { ok: false, detail: `${script} names a source map` };
      }
      return { ok: true, detail: `${scripts.length} script(s): no .map served, no sourceMappingURL` };
    },
  },
  {
    id: 'no-token-or-cookie-leak',
    title:
      "no answer carries a JWT, and no proxied answer sets a cookie but the router's own session cookie (runs last, over every answer)",
    run: async ({ target, options }) => {
      const sessionCookie = options.cookieName ?? 'ems.sid';
      for (const { request, answer } of target.answers) {
        const all = `${answer.text}\n${JSON.stringify(answer.headers)}`;
        if (JWT_PATTERN.test(all)) return { ok: false, detail: `${request.method ?? 'GET'} ${request.path} carried a JWT` };
        const proxied = /^\/(services\/|graphql|api\/(?!auth\/))/.test(request.path);
        // A signed-in session's idle time-out is rolling: the router renews its own cookie on any answer.
        const planted = [answer.headers['set-cookie'] ?? []].flat().filter((c) => !c.startsWith(`${sessionCookie}=`));
        if (proxied && planted.length) {
          return { ok: false, detail: `${request.method ?? 'GET'} ${request.path} set ${planted[0]!.split('=')[0]}` };
        }
      }
      return { ok: true, detail: `${target.answers.length} answers checked` };
    },
  },
  {
    id: 'nul-byte',
    title: 'a NUL byte in sign-in input is answered 4xx in the JSON error shape',
    run: ({ target }) =>
      everyCase(
        [
          { method: 'GET', path: `/api/auth/external-login?userKey=probe%00nul&userHash=${'0'.repeat(32)}` },
          {
            method: 'POST',
            path: '/api/auth/external-login',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ userKey: 'probe\u0000nul', userHash: '0'.repeat(32) }),
          },
        ],
        async (request) => {
          const answer = await target.send(request);
          return answer.status >= 400 && answer.status < 500 && isErrorShape(answer)
            ? null
            : `${request.method} ${request.path.split('?')[0]}: ${brief(answer)}`;
        },
        'GET and POST: 4xx with { error, message }',
      ),
  },
  {
    id: 'search-text-limit',
    title: 'a 100,000-character search is refused at once (400 TEXT_TOO_LONG), before anything runs',
    run: async ({ target }) => {
      const started = Date.now();
      const answer = await target.send({
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query ($f: MemberSearch) { operatorMembers(filter: $f, first: 1) { total } }',
          variables: { f: { text: 'x'.repeat(100_000) } },
        }),
      });
      const took = Date.now() - started;
      const reasons = ((jsonOf(answer.text)?.errors as Array<{ extensions?: { reason?: string } }> | undefined) ?? []).map(
        (e) => e.extensions?.reason,
      );
      if (answer.status !== 400 || !reasons.includes('TEXT_TOO_LONG'))
        return { ok: false, detail: `${brief(answer)} (expected 400 TEXT_TOO_LONG)` };
      return took < 2_000 ? { ok: true, detail: `400 TEXT_TOO_LONG in ${took} ms` } : { ok: false, detail: `400, but after ${took} ms` };
    },
  },
  {
    id: 'sign-in-start-no-session',
    title: 'starting an OpenID sign-in stores no session (the pending sign-in is an opaque cookie for the callback only)',
    run: async ({ target, options }) => {
      const sessionCookie = options.cookieName ?? 'ems.sid';
      let started = 0;
      // The operators' start (admin portal) and the members' (a tenant with a member provider).
      for (const path of ['/auth/oidc/login', '/api/auth/oidc/login']) {
        const answer = await target.send({ path: `${path}?returnTo=${encodeURIComponent('/.//evil.example')}` });
        if (answer.status !== 302 || !/^https?:/.test(String(answer.headers.location ?? ''))) continue; // not offered here
        started += 1;
        const cookies = [answer.headers['set-cookie'] ?? []].flat();
        const session = cookies.find((c) => c.startsWith(`${sessionCookie}=`));
        if (session) return { ok: false, detail: `GET ${path} set the session cookie ${sessionCookie}` };
        const visible = cookies.find((c) => /evil\.example|returnTo|codeVerifier|nonce/i.test(c));
        if (visible)
          return { ok: false, detail: `GET ${path} set a cookie that shows what it carries: ${visible.split(';')[0]!.slice(0, 60)}` };
        const loose = cookies.find((c) => !/;\s*httponly/i.test(c));
        if (loose) return { ok: false, detail: `GET ${path} set a cookie that scripts can read: ${loose.split('=')[0]}` };
      }
      return started
        ? { ok: true, detail: `${started} sign-in start(s): no session cookie, only an opaque HttpOnly cookie` }
        : { ok: true, skipped: true, detail: 'no OpenID sign-in is offered at this URL' };
    },
  },
  {
    id: 'oversized-query',
    title: 'a 100 kB query string is answered 4xx in the JSON error shape',
    run: async ({ target }) => {
      const answer = await target.send({ path: `/api/forms/membership/1?pad=${'x'.repeat(100_000)}` });
      return answer.status >= 400 && answer.status < 500 && isErrorShape(answer)
        ? { ok: true, detail: `${answer.status} ${String(jsonOf(answer.text)?.code ?? '')}`.trim() }
        : { ok: false, detail: brief(answer) };
    },
  },
];

export const CHECK_IDS: readonly string[] = CHECKS.map((c) => c.id);

/** A redirect target that stays on the probed site: a same-origin URL once the browser resolves it. */
function leadsToThisSite(location: string, base: URL): boolean {
  if (!location) return false;
  try {
    return new URL(location, base).origin === base.origin;
  } catch {
    return false;
  }
}

/** GraphQL's refusal: a 4xx, or errors without data, none of them an internal error. */
function graphqlRefused(answer: Answer): boolean {
  if (answer.status >= 400 && answer.status < 500) return true;
  const errors = jsonOf(answer.text)?.errors as Array<{ extensions?: { code?: string } }> | undefined;
  return (
    answer.status === 200 &&
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((e) => e.extensions?.code !== 'INTERNAL_SERVER_ERROR')
  );
}

/** A CSV upload (and GraphQL's operations and map fields) cut off before its closing boundary. */
function truncatedUpload(fileField: string): { body: string; contentType: string } {
  const boundary = `----probe${randomBytes(8).toString('hex')}`;
  const operations = JSON.stringify({
    query: 'mutation ($file: Upload!) { uploadImportCorrections(jobId: "999999999", file: $file) { id } }',
    variables: { file: null },
  });
  const whole =
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="probe.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    `First name,Last name\r\n${'Probe,Person\r\n'.repeat(200)}\r\n--${boundary}--\r\n`;
  return { body: whole.slice(0, whole.length - 200), contentType: `multipart/form-data; boundary=${boundary}` };
}

function headerCheck(answer: Answer, name: string, pattern: RegExp): { ok: boolean; detail: string } {
  const value = answer.headers[name];
  return value !== undefined && pattern.test(String(value))
    ? { ok: true, detail: `${name}: ${String(value)}` }
    : { ok: false, detail: `${name}: ${value === undefined ? '(not set)' : String(value)}` };
}

/** The query of a customer website's signed link for the configured user. */
function signedLink(options: ProbeOptions): Record<string, string> {
  const userKey = options.userKey!;
  const secret = options.customerSecret!;
  if (options.hashScheme === 'hmac-sha256') {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(12).toString('base64url');
    const userHash = createHmac('sha256', secret).update(`${userKey}:${timestamp}:${nonce}`).digest('hex');
    return { userKey, userHash, timestamp, nonce };
  }
  return {
    userKey,
    userHash: createHash('md5')
      .update(secret + userKey)
      .digest('hex'),
  };
}

export async function runSecurityProbe(options: ProbeOptions): Promise<ProbeReport> {
  const target = new Target({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 10_000,
    deadlineMs: options.deadlineMs ?? 60_000,
    maxRequests: options.maxRequests ?? 150,
  });
  const canSignIn = Boolean(options.userKey && options.customerSecret);
  const context: CheckContext = {
    target,
    options,
    signIn: async () => {
      const answer = await target.send({
        method: 'POST',
        path: '/api/auth/external-login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signedLink(options)),
      });
      const name = options.cookieName ?? 'ems.sid';
      const cookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${name}=`));
      if (answer.status !== 200 || !cookie) throw new Error(`sign-in with the given credentials failed: ${brief(answer)}`);
      return cookie.slice(name.length + 1).split(';')[0]!;
    },
  };
  const results: CheckResult[] = [];
  const unknown = (options.skip ?? []).filter((id) => !CHECK_IDS.includes(id));
  if (unknown.length) throw new Error(`Unknown check id(s): ${unknown.join(', ')} (known: ${CHECK_IDS.join(', ')})`);
  // The leak check reads every answer, so it runs after all the others.
  const ordered = [
    ...CHECKS.filter((c) => c.id !== 'no-token-or-cookie-leak'),
    ...CHECKS.filter((c) => c.id === 'no-token-or-cookie-leak'),
  ];
  for (const check of ordered) {
    if (options.skip?.includes(check.id)) {
      results.push({ id: check.id, title: check.title, verdict: 'SKIP', detail: 'left out (--skip)' });
      continue;
    }
    if (check.needsSession && !canSignIn) {
      results.push({
        id: check.id,
        title: check.title,
        verdict: 'SKIP',
        detail: 'needs --user-key and --customer-secret (a real sign-in)',
      });
      continue;
    }
    try {
      const { ok, detail, skipped } = await check.run(context);
      results.push({ id: check.id, title: check.title, verdict: skipped ? 'SKIP' : ok ? 'PASS' : 'FAIL', detail });
    } catch (err) {
      results.push({ id: check.id, title: check.title, verdict: 'FAIL', detail: err instanceof Error ? err.message : String(err) });
    }
  }
  return { results, requests: target.requests, elapsedMs: target.elapsedMs };
}
