import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from 'graphql';
import { createKnex, type Knex } from '@ems/db';
import { DEMO_PERIOD_ID } from '@ems/membership/demo';
import { JWT_PATTERN } from '../support/client';
import { signMd5Link } from '../support/demo';
import { createRiversideMember } from '../support/members';
import { sendRaw, type RawAnswer } from '../support/rawHttp';
import type { FormDTO } from '../support/registration';
import { e2eContext } from '../support/stackContext';

/**
 * Issue 17, "every input fuzzed": generated values (control characters and NUL, huge and empty
 * strings, wrong types, deep nesting, unicode edge cases, injection-looking text) go to every
 * REST endpoint and every GraphQL argument of the contract, through the router, against the real
 * processes, anonymous and signed in. No answer may be a 5xx (or GraphQL's
 * INTERNAL_SERVER_ERROR), carry SQL text, a stack trace, a JWT or a secret; a REST 4xx carries the
 * contract's `{ error, message }`; a sign-in redirect stays on the site. Afterwards every process
 * is healthy.
 *
 * Seeded and bounded: every property runs SEED with its own numRuns (about 2,000 generated
 * requests, plus 600 that park the members' forms at a text question; 20-30 s on a 2-core machine
 * besides the stack's start). A failure stops its property without shrinking (bounded time); the
 * message names the request and the answer, shortened, and the seed and path that replay it.
 *
 * seed 2 finds the NUL-byte defect on main before the input rule (628ebf4): a userKey with U+0000
 * on sign-in was 502 ADMIN_SERVICE_UNAVAILABLE (GET and POST, both tenants), a text answer with it
 * in POST /api/forms/next 500 INTERNAL, paymentReturn(reference: "B1\u0000d|") on the signed-in
 * member INTERNAL_SERVER_ERROR (inline and as a variable), and a session cookie with it 500. The
 * same run found a 100 kB query string or cookie answered with a bare 431 (no JSON), and a GraphQL
 * request whose operationName the document does not have answered HTTP 500 INVALID_GRAPHQL.
 */
const SEED = 2;

const ctx = e2eContext();
const SUPERGRAPH = path.resolve(__dirname, '..', '..', 'schema', 'supergraph.graphql');

/**
 * The fuzz's requests come from their own loopback address, so the sign-in and pay-link rate
 * limits (per client address) that the fuzz may trip for itself never refuse the other suites'
 * requests from 127.0.0.1. No X-Forwarded-For: the router does not trust it.
 */
const FUZZ_CLIENT_ADDRESS = '127.0.0.2';
const REQUEST_TIMEOUT_MS = 20_000;

// ---------------------------------------------------------------------------------------------
// One raw HTTP exchange with the router
// ---------------------------------------------------------------------------------------------

interface Probe {
  method: string;
  /** Already percent-encoded: Node sends it as it is. */
  path: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}

type Answer = RawAnswer;

function send(probe: Probe): Promise<Answer> {
  const router = new URL(ctx.urls.router);
  return sendRaw(
    { hostname: router.hostname, port: router.port, localAddress: FUZZ_CLIENT_ADDRESS, timeoutMs: REQUEST_TIMEOUT_MS },
    { ...probe, headers: { host: `${probe.host ?? 'localhost'}:${ctx.ports.router}`, ...probe.headers } },
  );
}

// ---------------------------------------------------------------------------------------------
// What no answer may do
// ---------------------------------------------------------------------------------------------

const LEAKS: Array<[string, RegExp]> = [
  [
    'SQL text',
    /syntax error at|invalid byte sequence|violates|relation "|column "|invalid input syntax|out of range for type|duplicate key value|unterminated quoted/i,
  ],
  ['a stack trace', / {4}at |\.ts:|node_modules/],
  ['a JWT', JWT_PATTERN],
];

/** Generated text never contains what the checks look for, so an echo of the input is no finding. */
function leakFree(text: string): boolean {
  return !LEAKS.some(([, pattern]) => pattern.test(text));
}

type Kind = 'rest' | 'page' | 'graphql';

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function restShapeProblem(answer: Answer): string | null {
  const type = String(answer.headers['content-type'] ?? '');
  if (!/^application\/json/i.test(type)) return `a ${answer.status} that is not JSON (${type || 'no content type'})`;
  const body = jsonOf(answer.text) as { error?: unknown; message?: unknown } | undefined;
  if (typeof body?.error !== 'string' || typeof body.message !== 'string') return `a ${answer.status} without { error, message }`;
  return null;
}

function graphqlProblem(answer: Answer): string | null {
  const body = jsonOf(answer.text) as
    { data?: unknown; errors?: Array<{ message?: unknown; path?: unknown; extensions?: { code?: unknown } }> } | undefined;
  const errors = Array.isArray(body?.errors) ? body.errors : undefined;
  if (answer.status >= 400) return errors?.every((e) => typeof e?.message === 'string') ? null : restShapeProblem(answer);
  if (answer.status !== 200) return null;
  if (!body || typeof body !== 'object' || (!('data' in body) && !errors)) return 'a 200 that is no GraphQL answer';
  const internal = errors?.find((e) => e?.extensions?.code === 'INTERNAL_SERVER_ERROR');
  if (internal) return `INTERNAL_SERVER_ERROR at ${JSON.stringify(internal.path)}: ${String(internal.message)}`;
  return null;
}

/** Every problem of one answer, or null when it is acceptable. 429 (a rate limit) is acceptable. */
function problemOf(answer: Answer, kind: Kind): string | null {
  if (answer.failure) return `no answer (${answer.failure})`;
  if (answer.status >= 500) return `HTTP ${answer.status}`;
  const all = `${answer.text}\n${JSON.stringify(answer.headers)}`;
  for (const [what, pattern] of LEAKS) if (pattern.test(all)) return `the answer carries ${what}`;
  for (const [name, value] of Object.entries(ctx.secrets)) if (all.includes(value)) return `the answer carries the ${name}`;
  if (kind === 'graphql') return graphqlProblem(answer);
  if (answer.status >= 400) {
    // The payment pages are HTML for the payer's browser; their refusals may be pages too.
    if (kind === 'page' && /^text\/html/i.test(String(answer.headers['content-type'] ?? ''))) return null;
    return restShapeProblem(answer);
  }
  return null;
}

function shorten(text: string, max = 240): string {
  const shown = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
  return text.length > max ? `${shown} (${text.length} chars)` : shown;
}

/** Sends the probe and throws, naming request and answer, when the answer is not acceptable. */
async function expectAcceptable(probe: Probe, kind: Kind, extra?: (answer: Answer) => string | null): Promise<Answer> {
  const answer = await send(probe);
  const problem = problemOf(answer, kind) ?? extra?.(answer) ?? null;
  if (problem) {
    const request = `${probe.method} ${shorten(probe.path)} host=${probe.host ?? 'localhost'}${
      probe.body !== undefined ? ` body=${shorten(probe.body)}` : ''
    }${probe.headers?.cookie ? ` cookie=${shorten(probe.headers.cookie, 60)}` : ''}`;
    throw new Error(`${problem}\n  request: ${request}\n  answer: ${answer.status} ${shorten(answer.text, 400)}`);
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const char = (from: number, to: number) => fc.integer({ min: from, max: to }).map((c) => String.fromCharCode(c));
const controlChar = fc.oneof(char(0, 0x1f), fc.constant('\u007f'), char(0x80, 0x9f));
const UNICODE_EDGES = [
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  '\ud83d', // half of an emoji
  '\u202e', // right-to-left override
  '\u200f', // right-to-left mark
  '\u061c', // arabic letter mark
  '\u200b', // zero width space
  '\u200d', // zero width joiner
  '\ufeff', // byte order mark
  '\u2028', // line separator
  '\ufffd',
  '\uffff',
  '\ufffe',
  '\u{10ffff}',
  '\u{1f600}',
  '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}',
  '\u{1f3f3}\ufe0f\u200d\u{1f308}',
  '\u{1f44d}\u{1f3fd}',
  'e\u0301',
  'Z\u0337\u0322\u034d\u0344\u0308\u0301\u0300\u0327',
  '\u0130',
  '\u00df',
  '\ufb03',
  '\u{1d518}',
  '\u05e9\u05dc\u05d5\u05dd',
  '\u0645\u0631\u062d\u0628\u0627',
];
const INJECTION_LOOKING = [
  "' OR '1'='1",
  "'; DROP TABLE membership.persons; --",
  '"',
  "'",
  '\\',
  '%',
  '_',
  '%%',
  '../../../../etc/passwd',
  '..%2f..%2fauth',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '\r\nX-Injected: 1',
  '\n{"level":30,"msg":"signed in"}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '[object Object]',
  '__proto__',
  'constructor',
  '%00',
  '\\u0000',
  'ORD-2026-000001',
  '00000000-0000-0000-0000-000000000000',
];

/** Strings of every awkward kind; a quarter carry a NUL byte. */
const text: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 4, arbitrary: fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })).map(([a, b]) => `${a}\u0000${b}`) },
    { weight: 2, arbitrary: fc.string({ unit: fc.oneof(controlChar, char(0x20, 0x7e)), minLength: 1, maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t', '   \n ') },
    {
      weight: 2,
      arbitrary: fc.string({ unit: fc.oneof(fc.constantFrom(...UNICODE_EDGES), char(0x61, 0x7a)), minLength: 1, maxLength: 8 }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(257, 2_049, 10_000, 70_000), fc.constantFrom('x', '\u00e9', '\u0000', '\u{1f600}', '\ud800'))
        .map(([n, c]) => c.repeat(n)),
    },
    { weight: 2, arbitrary: fc.constantFrom(...INJECTION_LOOKING) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  )
  .filter(leakFree);

const deepNesting = fc.tuple(fc.integer({ min: 2, max: 1_000 }), fc.boolean()).map(([depth, asArray]) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
});

/** Values of the wrong JSON type where text or a number is expected. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), text, fc.constant(null)), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }).filter(leakFree), text, { maxKeys: 3 }),
  deepNesting,
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: text }, { weight: 2, arbitrary: wrongType });

/** A field's value: sometimes what the field expects (`plausible`), mostly anything. */
function field(plausible: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: plausible }, { weight: 3, arbitrary: anyValue });
}

const intEdge = fc.constantFrom(0, 1, -1, 2, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, 1.5);

/** JSON texts no serializer writes: malformed, prototype keys, duplicate keys, bare values. */
const RAW_JSON = [
  '',
  '{',
  '{"a":',
  '[',
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"userKey":"a","userKey":"b"}',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"a":1}garbage',
  '\ufeff{}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
];

/** A request body: `value` as JSON (placeholders resolved when it is sent), or a raw text. */
type Body = { contentType?: string; value: unknown } | { contentType?: string; raw: string };

/** Mostly `value` as JSON; else the whole body of a wrong kind, malformed, or of another media type. */
function bodyOf(value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 6, arbitrary: value.map((v): Body => ({ contentType: 'application/json', value: v })) },
    { weight: 1, arbitrary: anyValue.map((v): Body => ({ contentType: 'application/json', value: v })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_JSON).map((raw): Body => ({ contentType: 'application/json', raw })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'application/xml',
            undefined,
          ),
          value,
        )
        .map(([contentType, v]): Body => ({ contentType, value: v })),
    },
  );
}

function withBody(body: Body, headers: Record<string, string>, member?: Member): Pick<Probe, 'headers' | 'body'> {
  const text = 'raw' in body ? body.raw : (JSON.stringify(member ? resolveCurrent(body.value, member) : body.value) ?? '');
  return { headers: body.contentType ? { ...headers, 'content-type': body.contentType } : headers, body: text };
}

/**
 * Percent-encodes anything, lone surrogates included (as the WTF-8 bytes a careless client
 * would send), so that Node sends the path as generated.
 */
function encode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i += 1;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(value[i]!);
  }
  return out;
}

/** Percent sequences no encoder writes: truncated, overlong, invalid UTF-8, encoded separators. */
const RAW_PERCENT = ['%', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80', '%FF', '%00', '%2e%2e%2f', '%252e', '%u0000', '+%2B+', '%5c'];

/** A query parameter, in every shape a query string can give it (qs makes arrays and objects). */
type QueryInput =
  | { kind: 'absent' }
  | { kind: 'text'; value: string }
  | { kind: 'raw'; raw: string }
  | { kind: 'repeated'; values: string[] }
  | { kind: 'keyed'; key: string; value: string }
  | { kind: 'nested'; depth: number }
  | { kind: 'bare' };

function queryInput(plausible?: fc.Arbitrary<string>): fc.Arbitrary<QueryInput> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: 'absent' as const }) },
    {
      weight: 5,
      arbitrary: (plausible ? fc.oneof({ weight: 1, arbitrary: plausible }, { weight: 2, arbitrary: text }) : text).map((value) => ({
        kind: 'text' as const,
        value,
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PERCENT).map((raw) => ({ kind: 'raw' as const, raw })) },
    { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }).map((values) => ({ kind: 'repeated' as const, values })) },
    { weight: 1, arbitrary: fc.tuple(text, text).map(([key, value]) => ({ kind: 'keyed' as const, key, value })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map((depth) => ({ kind: 'nested' as const, depth })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'bare' as const }) },
  );
}

function queryPieces(name: string, input: QueryInput): string[] {
  switch (input.kind) {
    case 'absent':
      return [];
    case 'text':
      return [`${name}=${encode(input.value)}`];
    case 'raw':
      return [`${name}=${input.raw}`];
    case 'repeated':
      return input.values.map((v) => `${name}=${encode(v)}`);
    case 'keyed':
      return [`${name}[${encode(input.key)}]=${encode(input.value)}`];
    case 'nested':
      return [`${name}${'[a]'.repeat(input.depth)}=x`];
    case 'bare':
      return [name];
  }
}

function queryString(params: Record<string, QueryInput>): string {
  const pieces = Object.entries(params).flatMap(([name, input]) => queryPieces(name, input));
  return pieces.length ? `?${pieces.join('&')}` : '';
}

/** A path segment: generated text (encoded), or raw percent and dot tricks. */
const segment = fc.oneof(
  { weight: 4, arbitrary: text.map(encode) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_PERCENT, '..', '.', '%2e%2e', '%2F', '', ';', ';a=b', '%3B') },
);

/** Who sends a request: nobody, the fuzz member's session, or a forged session cookie. */
type Who = { as: 'anonymous' } | { as: 'member' } | { as: 'forged'; cookie: string };
const who: fc.Arbitrary<Who> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ as: 'anonymous' as const }) },
  { weight: 2, arbitrary: fc.constant({ as: 'member' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        text.map((t) => `ems.sid=${encode(t)}`),
        text.map((t) => `ems.sid=s%3A${encode(t)}.${encode(t)}`),
        fc.constant('ems.sid='),
      )
      .map((cookie) => ({ as: 'forged' as const, cookie })),
  },
);

// ---------------------------------------------------------------------------------------------
// The fuzz members: their sessions, and their form parked at a text question
// ---------------------------------------------------------------------------------------------

interface Member {
  userKey: string;
  cookie: string;
  personId: number;
  processId: string;
  step: number;
}

function cookieFor(w: Who, member: Member): Record<string, string> {
  if (w.as === 'member') return { cookie: member.cookie };
  if (w.as === 'forged') return { cookie: w.cookie };
  return {};
}

/** Placeholders for what the member's form holds at the time a run is sent. */
class Current {
  constructor(readonly what: 'processId' | 'step' | 'personId') {}
  [fc.toStringMethod](): string {
    return `<current ${this.what}>`;
  }
}
const CURRENT = { processId: new Current('processId'), step: new Current('step'), personId: new Current('personId') };

/** An enum value written as a bare name in an inline literal. */
class EnumName {
  constructor(readonly name: string) {}
  toJSON(): string {
    return this.name;
  }
  [fc.toStringMethod](): string {
    return this.name;
  }
}

/** Placeholders sit at most a few levels down; deep nesting is left as generated. */
function resolveCurrent(value: unknown, member: Member, depth = 0): unknown {
  if (value instanceof Current) return member[value.what];
  if (depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => resolveCurrent(v, member, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof EnumName)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveCurrent(v, member, depth + 1)]));
  }
  return value;
}

/** Any generated value as text (fast-check's dictionaries have no prototype, so no String()). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const md5Hash = (userKey: string) => signMd5Link(ctx.secrets.customerSecret, userKey).h;

async function signIn(userKey: string): Promise<string> {
  const answer = await send({
    method: 'POST',
    path: '/api/auth/external-login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userKey, userHash: md5Hash(userKey) }),
  });
  const cookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('ems.sid='));
  if (answer.status !== 200 || !cookie) throw new Error(`fuzz sign-in of ${userKey}: ${answer.status} ${answer.text}`);
  return cookie.split(';')[0]!;
}

async function formCall(member: Member, method: string, urlPath: string, json?: unknown): Promise<FormDTO> {
  const answer = await send({
    method,
    path: urlPath,
    headers: { cookie: member.cookie, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (answer.status !== 200) throw new Error(`fuzz member ${member.userKey}: ${method} ${urlPath}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as FormDTO;
}

/** The first text question (step 5): an answer there is stored as it is sent. */
const TEXT_STEP = 5;

/**
 * Puts the member's form back at the text question after whatever the last run did to it (an
 * accepted answer, back, reset), so that every run can reach the stored answer.
 */
async function parkAtTextStep(member: Member): Promise<void> {
  let form = await formCall(member, 'GET', `/api/forms/membership/${DEMO_PERIOD_ID}`);
  for (let moves = 0; !(form.step === TEXT_STEP && form.questionType === 'TXT'); moves += 1) {
    if (moves > 20) throw new Error(`fuzz member ${member.userKey}: cannot reach the text question (${JSON.stringify(form)})`);
    const process = `/api/forms/processes/${encodeURIComponent(form.processId)}`;
    if (form.paymentUrl || !['RUNNING', 'RESUME'].includes(form.processState)) form = await formCall(member, 'POST', `${process}/reset`);
    else if (form.step > TEXT_STEP) form = await formCall(member, 'POST', `${process}/back`, { step: form.step });
    else if (form.step === 1) {
      form = await formCall(member, 'POST', '/api/forms/next', { processId: form.processId, step: 1, people: [{ id: member.personId }] });
    } else {
      const answer = form.options?.[0]?.value ?? 'x';
      form = await formCall(member, 'POST', '/api/forms/next', {
        processId: form.processId,
        step: form.step,
        people: [{ id: member.personId, answer }],
      });
    }
  }
  member.processId = form.processId;
  member.step = form.step;
}

let knex: Knex;
let formsMember: Member;
let graphqlMember: Member;
/**
 * The sign-in fuzz's own user: a signed run with its key signs in for real (and replaces the
 * session sent with it), so neither a demo user's session nor its per-user-key limit is touched.
 */
let signInMember: Member;

async function newMember(userKey: string): Promise<Member> {
  const { personIds } = await createRiversideMember(knex, userKey, [{ firstName: 'Fuzz', lastName: userKey, dateOfBirth: '1980-01-01' }]);
  const member: Member = { userKey, cookie: await signIn(userKey), personId: personIds[0]!, processId: '', step: 0 };
  await parkAtTextStep(member);
  return member;
}

beforeAll(async () => {
  knex = createKnex(ctx.databaseUrl, { poolMax: 2 });
  // Members of their own, so no other suite's form or session is touched (unique per stack start).
  const run = Date.now().toString(36);
  formsMember = await newMember(`fuzz.forms.${run}`);
  graphqlMember = await newMember(`fuzz.graphql.${run}`);
  signInMember = await newMember(`fuzz.signin.${run}`);
}, 60_000);
afterAll(() => knex.destroy());

/**
 * fast-check's settings for every property: the one seed, and no shrinking (bounded time). The
 * report names the request and the answer (shortened) instead of printing the generated value,
 * which may be 70,000 NUL bytes long; seed and path replay it.
 */
function runs<T>(numRuns: number): fc.Parameters<T> {
  return {
    seed: SEED,
    numRuns,
    endOnFailure: true,
    reporter: (details) => {
      if (!details.failed) return;
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(
        `failed at run ${details.numRuns} of ${numRuns} (seed ${details.seed}, path "${details.counterexamplePath}"): ${cause}`,
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------
// REST: the gateway's sign-in, refresh and logout
// ---------------------------------------------------------------------------------------------

const HOSTS = ['localhost', 'hmac.localhost'] as const;
/** Where the POST sign-in's body holds the generated credentials (signed when the run says so). */
const CREDENTIALS = { [fc.toStringMethod]: () => '<the generated credentials>' };

/** A sign-in redirect stays on the site, whatever returnUrl said. */
function staysOnSite(answer: Answer): string | null {
  if (answer.status < 300 || answer.status >= 400) return null;
  const location = String(answer.headers.location ?? '');
  // eslint-disable-next-line no-control-regex
  return /^\/(?![/\\])/.test(location) && !/[\\\u0000-\u001f]/.test(location) ? null : `a redirect off the site: ${location}`;
}

describe('sign-in (GET and POST /api/auth/external-login)', () => {
  it('GET with generated userKey, userHash, returnUrl, timestamp and nonce', async () => {
    const input = fc.record({
      host: fc.constantFrom(...HOSTS),
      userKey: queryInput(fc.constantFrom(signInMember.userKey, 'fuzz.nobody')),
      // Signed: the hash is right for the generated user key, so the request gets past the hash.
      signed: fc.boolean(),
      userHash: queryInput(fc.constantFrom('0'.repeat(32), 'f'.repeat(64))),
      returnUrl: queryInput(fc.constantFrom('//evil.example', 'https://evil.example', '/\\evil.example', '/ok', 'javascript:alert(1)')),
      timestamp: queryInput(fc.constantFrom(String(Math.floor(Date.now() / 1000)), '-1', '99999999999999999999')),
      nonce: queryInput(),
      who,
    });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        let userHash = i.userHash;
        if (i.signed && i.userKey.kind === 'text') {
          const t = i.timestamp.kind === 'text' ? i.timestamp.value : '';
          const n = i.nonce.kind === 'text' ? i.nonce.value : '';
          const value =
            i.host === 'localhost'
              ? md5Hash(i.userKey.value)
              : createHmac('sha256', ctx.secrets.customerSecret).update(`${i.userKey.value}:${t}:${n}`).digest('hex');
          userHash = { kind: 'text', value };
        }
        const query = queryString({ userKey: i.userKey, userHash, returnUrl: i.returnUrl, timestamp: i.timestamp, nonce: i.nonce });
        await expectAcceptable(
          { method: 'GET', path: `/api/auth/external-login${query}`, host: i.host, headers: cookieFor(i.who, signInMember) },
          'rest',
          staysOnSite,
        );
      }),
      runs(135),
    );
  }, 90_000);

  it('POST with generated bodies', async () => {
    const credentials = fc.record(
      {
        userKey: field(fc.constantFrom(signInMember.userKey, 'fuzz.nobody')),
        userHash: field(fc.constant('0'.repeat(32))),
        timestamp: field(fc.constant(String(Math.floor(Date.now() / 1000)))),
        nonce: anyValue,
      },
      { requiredKeys: [] },
    );
    const input = fc.record({
      host: fc.constantFrom(...HOSTS),
      signed: fc.boolean(),
      credentials,
      body: bodyOf(fc.constant(CREDENTIALS)),
      who,
    });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        const c = { ...i.credentials } as Record<string, unknown>;
        if (i.signed && typeof c.userKey === 'string') {
          c.userHash =
            i.host === 'localhost'
              ? md5Hash(c.userKey)
              : createHmac('sha256', ctx.secrets.customerSecret)
                  .update(`${c.userKey}:${asText(c.timestamp)}:${asText(c.nonce)}`)
                  .digest('hex');
        }
        const body: Body = 'value' in i.body && i.body.value === CREDENTIALS ? { ...i.body, value: c } : i.body;
        await expectAcceptable(
          { method: 'POST', path: '/api/auth/external-login', host: i.host, ...withBody(body, cookieFor(i.who, signInMember)) },
          'rest',
        );
      }),
      runs(135),
    );
  }, 90_000);

  it('POST refresh and logout with generated bodies and cookies (never the member’s logout)', async () => {
    const input = fc.record({ action: fc.constantFrom('refresh', 'logout'), body: bodyOf(anyValue), who });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        const w: Who = i.action === 'logout' && i.who.as === 'member' ? { as: 'anonymous' } : i.who;
        await expectAcceptable({ method: 'POST', path: `/api/auth/${i.action}`, ...withBody(i.body, cookieFor(w, signInMember)) }, 'rest');
      }),
      runs(75),
    );
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// REST: the registration forms
// ---------------------------------------------------------------------------------------------

describe('the forms REST endpoints', () => {
  it('GET /api/forms/membership/{periodid}?userKey=', async () => {
    const input = fc.record({
      periodid: fc.oneof(fc.constant(String(DEMO_PERIOD_ID)), intEdge.map(String), segment),
      userKey: queryInput(fc.constantFrom(formsMember.userKey, 'anna.berg')),
      who,
    });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        await expectAcceptable(
          {
            method: 'GET',
            path: `/api/forms/membership/${i.periodid}${queryString({ userKey: i.userKey })}`,
            headers: cookieFor(i.who, formsMember),
          },
          'rest',
        );
      }),
      runs(105),
    );
  }, 60_000);

  it('POST /api/forms/next with processId, step and people[{ id, answer }] at a text question', async () => {
    const person = fc.oneof(
      { weight: 3, arbitrary: fc.record({ id: fc.constant(CURRENT.personId), answer: text }) },
      { weight: 1, arbitrary: fc.record({ id: field(intEdge), answer: field(text) }, { requiredKeys: [] }) },
      { weight: 1, arbitrary: anyValue },
    );
    const submission = fc.oneof(
      // Mostly a well-formed submission to the member's own form with generated answers.
      {
        weight: 3,
        arbitrary: fc.record({
          processId: fc.constant(CURRENT.processId),
          step: fc.constant(CURRENT.step),
          people: fc.array(person, { minLength: 1, maxLength: 3 }),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record(
          {
            processId: field(fc.constant(CURRENT.processId)),
            step: field(fc.oneof(fc.constant(CURRENT.step), intEdge)),
            people: field(fc.array(person, { maxLength: 60 })),
          },
          { requiredKeys: [] },
        ),
      },
    );
    const input = fc.record({
      body: bodyOf(submission),
      who: fc.oneof({ weight: 4, arbitrary: fc.constant({ as: 'member' as const }) }, { weight: 1, arbitrary: who }),
    });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        await parkAtTextStep(formsMember);
        await expectAcceptable(
          { method: 'POST', path: '/api/forms/next', ...withBody(i.body, cookieFor(i.who, formsMember), formsMember) },
          'rest',
        );
      }),
      runs(135),
    );
  }, 120_000);

  it('POST /api/forms/processes/{processid}/reset|resume|back', async () => {
    const input = fc.record({
      action: fc.constantFrom('reset', 'resume', 'back'),
      processid: fc.oneof({ weight: 2, arbitrary: fc.constant(CURRENT.processId) }, { weight: 3, arbitrary: segment }),
      body: bodyOf(fc.record({ step: field(fc.oneof(fc.constant(CURRENT.step), intEdge)) }, { requiredKeys: [] })),
      who,
    });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        await parkAtTextStep(formsMember);
        const processid = i.processid instanceof Current ? encodeURIComponent(formsMember.processId) : i.processid;
        await expectAcceptable(
          {
            method: 'POST',
            path: `/api/forms/processes/${processid}/${i.action}`,
            ...withBody(i.body, cookieFor(i.who, formsMember), formsMember),
          },
          'rest',
        );
      }),
      runs(105),
    );
  }, 90_000);
});

// ---------------------------------------------------------------------------------------------
// REST: the payment pages and the webhook (public, behind /services/admin-service)
// ---------------------------------------------------------------------------------------------

const PAYMENTS = '/services/admin-service/payments';
/** Well-formed references of orders that do not exist: the fuzz never starts a payment of a real order. */
const absentReference = fc.integer({ min: 1, max: 999_999 }).map((n) => `ORD-1999-${String(n).padStart(6, '0')}`);

describe('the payment pages and the webhook', () => {
  it('GET the pay link, GET and POST the built-in checkout', async () => {
    const input = fc.record({
      page: fc.constantFrom('pay', 'checkout', 'decide'),
      id: fc.oneof(absentReference.map(encode), fc.uuid().map(encode), segment),
      decision: queryInput(fc.constantFrom('pay', 'fail', 'cancel')),
      who,
    });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        const headers = cookieFor(i.who, formsMember);
        const probe: Probe =
          i.page === 'pay'
            ? { method: 'GET', path: `${PAYMENTS}/orders/${i.id}/pay`, headers }
            : i.page === 'checkout'
              ? { method: 'GET', path: `${PAYMENTS}/builtin/checkout/${i.id}`, headers }
              : {
                  method: 'POST',
                  path: `${PAYMENTS}/builtin/checkout/${i.id}`,
                  headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                  body: queryString({ decision: i.decision }).slice(1),
                };
        await expectAcceptable(probe, 'page');
      }),
      runs(90),
    );
  }, 60_000);

  it('POST the webhook: generated events, signed and unsigned, and generated provider names', async () => {
    const event = fc.record(
      {
        eventId: field(fc.uuid()),
        type: field(fc.constant('checkout.decided')),
        checkoutId: field(fc.uuid()),
        status: field(fc.constantFrom('paid', 'failed', 'cancelled')),
      },
      { requiredKeys: [] },
    );
    const input = fc.record({
      provider: fc.oneof({ weight: 3, arbitrary: fc.constant('builtin') }, { weight: 1, arbitrary: segment }),
      event: fc.oneof({ weight: 4, arbitrary: event }, { weight: 1, arbitrary: anyValue }),
      raw: fc.option(fc.constantFrom(...RAW_JSON), { freq: 5 }),
      // Signed with the installation's webhook secret: the event gets past the signature.
      signature: fc.oneof(fc.constant('valid'), fc.constant('absent'), text.map(encode)),
      contentType: fc.constantFrom('application/vnd.ems.payment-event+json', 'application/json', 'text/plain', 'application/octet-stream'),
    });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        const body = i.raw ?? JSON.stringify(i.event) ?? '';
        const headers: Record<string, string> = { 'content-type': i.contentType };
        if (i.signature === 'valid') {
          headers['x-builtin-signature'] = `sha256=${createHmac('sha256', ctx.secrets.paymentWebhookSecret).update(body).digest('hex')}`;
        } else if (i.signature !== 'absent') headers['x-builtin-signature'] = i.signature;
        await expectAcceptable({ method: 'POST', path: `${PAYMENTS}/webhook/${i.provider}`, headers, body }, 'rest');
      }),
      runs(105),
    );
  }, 60_000);
});

describe('any path behind the proxy', () => {
  it('generated paths and methods under /services/admin-service/ and /api/', async () => {
    const input = fc.record({
      prefix: fc.constantFrom('/services/admin-service', '/api'),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      segments: fc.array(segment, { minLength: 1, maxLength: 4 }),
      body: bodyOf(anyValue),
      who,
    });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        const body = i.method === 'GET' || i.method === 'DELETE' ? {} : withBody(i.body, {});
        await expectAcceptable(
          {
            method: i.method,
            path: `${i.prefix}/${i.segments.join('/')}`,
            ...body,
            headers: { ...body.headers, ...cookieFor(i.who, formsMember) },
          },
          // Unknown payment paths may answer with the payer's HTML pages.
          i.prefix === '/api' ? 'rest' : 'page',
        );
      }),
      runs(90),
    );
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// GraphQL: every argument of every root field of the supergraph
// ---------------------------------------------------------------------------------------------

const schema = buildSchema(readFileSync(SUPERGRAPH, 'utf8'));

/** Values for arguments named in the contract's words: the member's own form, the demo period. */
function plausibleFor(name: string): fc.Arbitrary<unknown> | null {
  switch (name) {
    case 'processId':
      return fc.constant(CURRENT.processId);
    case 'step':
      return fc.constant(CURRENT.step);
    case 'id':
      return fc.constant(CURRENT.personId);
    case 'periodId':
      return fc.constant(DEMO_PERIOD_ID);
    case 'reference':
    case 'orderReference':
      return absentReference;
    default:
      return null;
  }
}

/** A value of the argument's own type (nasty within it), the contract's plausible one, or any value. */
function argumentValue(type: GraphQLInputType, name: string): fc.Arbitrary<unknown> {
  const plausible = plausibleFor(name);
  return fc.oneof(
    ...(plausible ? [{ weight: 3, arbitrary: plausible }] : []),
    { weight: 3, arbitrary: typedValue(type, name) },
    { weight: 1, arbitrary: anyValue },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

function typedValue(type: GraphQLInputType, name: string): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return typedValue(type.ofType, name);
  if (isListType(type)) return fc.array(argumentValue(type.ofType, name), { maxLength: 4 });
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    // Mostly well-formed (plausible where the contract names a value), so a generated leaf gets deep.
    const wellFormed = fields.map((f) => [f.name, plausibleFor(f.name) ?? typedValue(f.type, f.name)] as const);
    const anything = fields.map((f) => [f.name, argumentValue(f.type, f.name)] as const);
    return fc.oneof(
      { weight: 2, arbitrary: fc.record(Object.fromEntries(wellFormed)) },
      { weight: 1, arbitrary: fc.record(Object.fromEntries(anything), { requiredKeys: [] }) },
    );
  }
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => new EnumName(v.name)));
  switch (type.name) {
    case 'Int':
      return intEdge;
    case 'Float':
      return fc.oneof(intEdge, fc.double());
    case 'Boolean':
      return fc.boolean();
    default:
      return text;
  }
}

/** A GraphQL name from any key (an input object literal's field names must be names). */
function graphqlName(key: string): string {
  const name = key.replace(/[^_0-9A-Za-z]/g, '_');
  return /^[_A-Za-z]/.test(name) ? name : `_${name}`;
}

/** An inline literal; JSON's string escapes are GraphQL's (a lone surrogate's is refused by the parser). */
function literal(value: unknown): string {
  if (value instanceof EnumName) return value.name;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NaN';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${graphqlName(k)}: ${literal(v)}`)
    .join(', ')}}`;
}

function leafFields(type: GraphQLObjectType): string[] {
  return Object.values(type.getFields())
    .filter((f) => f.args.length === 0 && isLeafType(getNamedType(f.type)))
    .map((f) => f.name);
}

/** `__typename` and the scalar fields one level down (union members through inline fragments). */
function selectionFor(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isObjectType(named)) return ` { ${['__typename', ...leafFields(named)].join(' ')} }`;
  if (isUnionType(named)) {
    return ` { __typename ${named
      .getTypes()
      .map((t) => `... on ${t.name} { ${['__typename', ...leafFields(t)].join(' ')} }`)
      .join(' ')} }`;
  }
  return '';
}

type Mode = 'inline' | 'variables' | 'get';

function operationFor(
  operation: 'query' | 'mutation',
  rootField: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
  mode: Mode,
): { query: string; variables?: Record<string, unknown> } {
  const given = rootField.args.filter((a) => a.name in args);
  const selection = selectionFor(rootField.type);
  if (mode === 'inline') {
    const list = given.map((a) => `${a.name}: ${literal(args[a.name])}`).join(', ');
    return { query: `${operation} { ${rootField.name}${list ? `(${list})` : ''}${selection} }` };
  }
  const declarations = given.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const list = given.map((a) => `${a.name}: $${a.name}`).join(', ');
  return {
    query: `${operation} Fuzz${declarations ? `(${declarations})` : ''} { ${rootField.name}${list ? `(${list})` : ''}${selection} }`,
    variables: Object.fromEntries(given.map((a) => [a.name, args[a.name]])),
  };
}

function graphqlProbe(
  operation: { query: string; variables?: Record<string, unknown> },
  mode: Mode,
  headers: Record<string, string>,
): Probe {
  if (mode === 'get') {
    const query = `?query=${encode(operation.query)}${operation.variables ? `&variables=${encode(JSON.stringify(operation.variables))}` : ''}`;
    // Apollo's CSRF prevention lets a GET through with this header (a browser cannot send it cross-site).
    return { method: 'GET', path: `/graphql${query}`, headers: { ...headers, 'apollo-require-preflight': 'true' } };
  }
  return { method: 'POST', path: '/graphql', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(operation) };
}

const ROOT_FIELDS = (['query', 'mutation'] as const).flatMap((operation) => {
  const root = operation === 'query' ? schema.getQueryType() : schema.getMutationType();
  return Object.values(root?.getFields() ?? {}).map((rootField) => ({ operation, rootField }));
});

describe('GraphQL: every root field, its arguments inline and as variables', () => {
  it.each(ROOT_FIELDS.map((r) => [`${r.operation} ${r.rootField.name}`, r] as const))(
    '%s',
    async (_name, { operation, rootField }) => {
      const args = fc.record(Object.fromEntries(rootField.args.map((a) => [a.name, argumentValue(a.type, a.name)])), {
        requiredKeys: [],
      });
      const input = fc.record({
        args,
        mode: fc.constantFrom<Mode>('inline', 'variables', 'variables', 'get'),
        who,
      });
      const usesForm = rootField.args.length > 0 && operation === 'mutation';
      await fc.assert(
        fc.asyncProperty(input, async (i) => {
          if (usesForm) await parkAtTextStep(graphqlMember);
          const resolved = resolveCurrent(i.args, graphqlMember) as Record<string, unknown>;
          const op = operationFor(operation, rootField, resolved, i.mode);
          await expectAcceptable(graphqlProbe(op, i.mode, cookieFor(i.who, graphqlMember)), 'graphql');
        }),
        runs(rootField.args.length ? 90 : 24),
      );
    },
    90_000,
  );

  it('the request envelope: query, variables, operationName and extensions of any kind, batches', async () => {
    const envelope = fc.record(
      {
        query: field(fc.constantFrom('{ viewer { userKey } }', '{ __typename }', 'query A { __typename } query B { __typename }')),
        variables: anyValue,
        operationName: field(fc.constantFrom('A', 'B')),
        extensions: field(fc.constant({ persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } })),
      },
      { requiredKeys: [] },
    );
    const input = fc.record({
      body: bodyOf(fc.oneof({ weight: 4, arbitrary: envelope }, { weight: 1, arbitrary: fc.array(envelope, { maxLength: 5 }) })),
      who,
    });
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        await expectAcceptable({ method: 'POST', path: '/graphql', ...withBody(i.body, cookieFor(i.who, graphqlMember)) }, 'graphql');
      }),
      runs(90),
    );
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// Afterwards
// ---------------------------------------------------------------------------------------------

describe('after the fuzz', () => {
  it('every process is healthy', async () => {
    const healthz = await send({ method: 'GET', path: '/healthz' });
    expect([healthz.status, jsonOf(healthz.text)]).toEqual([200, { status: 'UP' }]);
    const admin = await send({ method: 'GET', path: '/services/admin-service/actuator/health' });
    expect(admin.status).toBe(200);
    const subgraphs = await send({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ formsHealth { status } importsHealth { status } membershipHealth { status } }' }),
    });
    expect(subgraphs.status).toBe(200);
    expect(jsonOf(subgraphs.text)).toEqual({
      data: { formsHealth: { status: 'UP' }, importsHealth: { status: 'UP' }, membershipHealth: { status: 'UP' } },
    });
    // The members' sessions survived everything sent with them.
    for (const member of [formsMember, graphqlMember]) {
      const form = await send({ method: 'GET', path: `/api/forms/membership/${DEMO_PERIOD_ID}`, headers: { cookie: member.cookie } });
      expect([member.userKey, form.status]).toEqual([member.userKey, 200]);
    }
  });
});
