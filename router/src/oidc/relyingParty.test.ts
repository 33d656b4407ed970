import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { RelyingParty, type PendingSignIn } from './relyingParty';

/**
 * The admin router's callback validation (issue 20: "a tampered ID token, a wrong nonce, a wrong
 * audience and an expired token are refused") against a provider that misbehaves on purpose: a
 * small OpenID provider on the loopback (discovery, JWKS, token endpoint) whose token endpoint
 * answers with the ID token each test crafts. The token endpoint also checks the client's secret
 * and the PKCE verifier against the challenge of the authorization request.
 */
const CLIENT_ID = 'admin-portal';
const CLIENT_SECRET = 'client-secret-for-the-test-0123456789';
const REDIRECT = 'http://localhost:4020/auth/oidc/callback';

let server: http.Server;
let issuer: string;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
/** What the next token request answers: an ID token crafted by the test, from the verifier it got. */
let nextIdToken: (context: { nonce: string }) => Promise<string>;
let lastChallenge = '';
let lastNonce = '';
const tokenRequests: Array<{ authorization: string | undefined; verifierMatches: boolean }> = [];

async function sign(payload: JWTPayload, key = signingKey, kid = 'k1'): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

function claims(overrides: JWTPayload = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: issuer,
    aud: CLIENT_ID,
    sub: 'olga-at-idp',
    iat: now,
    exp: now + 300,
    nonce: lastNonce,
    email: 'olga.operator@example.org',
    email_verified: true,
    name: 'Olga Ostrova',
    ...overrides,
  };
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  otherKey = pair.privateKey;
  const keys = await generateKeyPair('RS256', { extractable: true });
  signingKey = keys.privateKey;
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        end_session_endpoint: `${issuer}/session/end`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [publicJwk] });
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        tokenRequests.push({ authorization: req.headers.authorization, verifierMatches: challenge === lastChallenge });
        nextIdToken({ nonce: lastNonce }).then(
          (idToken) => json({ access_token: 'opaque-access', token_type: 'Bearer', expires_in: 300, id_token: idToken }),
          () => json({ error: 'server_error' }, 500),
        );
      });
      return;
    }
    json({ error: 'not_found' }, 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function relyingParty(): RelyingParty {
  return new RelyingParty({
    issuerUrl: issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUrl: REDIRECT,
    postLogoutRedirectUrl: 'http://localhost:4020/',
    scopes: 'openid email profile',
    allowInsecureHttp: true,
  });
}

/** A sign-in up to the callback: the authorization request's state, nonce and challenge are noted. */
async function startedSignIn(rp: RelyingParty): Promise<PendingSignIn> {
  const { url, pending } = await rp.startSignIn('/');
  const request = new URL(url);
  expect(request.origin + request.pathname).toBe(`${issuer}/auth`);
  expect(request.searchParams.get('code_challenge_method')).toBe('S256');
  expect(request.searchParams.get('redirect_uri')).toBe(REDIRECT);
  lastChallenge = request.searchParams.get('code_challenge') ?? '';
  lastNonce = request.searchParams.get('nonce') ?? '';
  expect(request.searchParams.get('state')).toBe(pending.state);
  return pending;
}

const callbackQuery = (pending: PendingSignIn, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ code: 'the-code', state: pending.state, ...extra })}`;

describe('the OpenID Connect callback accepts only a valid ID token', () => {
  it('accepts a good one: claims as signed, the client authenticated, the PKCE verifier matching', async () => {
    const rp = relyingParty();
    const pending = await startedSignIn(rp);
    nextIdToken = () => sign(claims());
    await expect(rp.finishSignIn(callbackQuery(pending), pending)).resolves.toEqual({
      iss: issuer,
      sub: 'olga-at-idp',
      email: 'olga.operator@example.org',
      email_verified: true,
      name: 'Olga Ostrova',
    });
    const request = tokenRequests.at(-1)!;
    expect(request.verifierMatches).toBe(true);
    // client_secret_basic: each part form-encoded (RFC 6749, 2.3.1), then base64.
    const basic = Buffer.from((request.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    expect(basic.split(':').map(decodeURIComponent)).toEqual([CLIENT_ID, CLIENT_SECRET]);
  });

  it.each([
    ['a tampered ID token (payload changed after signing)', async () => tamper(await sign(claims()))],
    ['a wrong nonce', () => sign(claims({ nonce: 'not-the-nonce-of-this-sign-in' }))],
    ['no nonce', () => sign(claims({ nonce: undefined }))],
    ['a wrong audience', () => sign(claims({ aud: 'another-client' }))],
    ['an expired token', () => sign(claims({ iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }))],
    ['another issuer', () => sign(claims({ iss: 'https://evil.example.org' }))],
    ['a key the provider does not publish', () => sign(claims(), otherKey, 'k1')],
    ['an unsigned token (alg none)', async () => unsigned(claims())],
  ])('refuses %s', async (_name, craft) => {
    const rp = relyingParty();
    const pending = await startedSignIn(rp);
    nextIdToken = craft;
    await expect(rp.finishSignIn(callbackQuery(pending), pending)).rejects.toThrow();
  });

  it("refuses an answer whose state is not this sign-in's, before calling the token endpoint", async () => {
    const rp = relyingParty();
    const pending = await startedSignIn(rp);
    nextIdToken = () => sign(claims());
    const before = tokenRequests.length;
    await expect(rp.finishSignIn(callbackQuery(pending, { state: 'forged' }), pending)).rejects.toThrow();
    expect(tokenRequests.length).toBe(before);
  });

  it("refuses the provider's error answer (the user cancelled)", async () => {
    const rp = relyingParty();
    const pending = await startedSignIn(rp);
    const query = `?${new URLSearchParams({ error: 'access_denied', state: pending.state })}`;
    await expect(rp.finishSignIn(query, pending)).rejects.toThrow();
  });

  it('offers RP-initiated logout naming the client, with no token in the URL', async () => {
    const url = new URL((await relyingParty().endSessionUrl())!);
    expect(url.origin + url.pathname).toBe(`${issuer}/session/end`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: CLIENT_ID, post_logout_redirect_uri: 'http://localhost:4020/' });
  });
});

/** The same header and signature over a payload that says someone else. */
function tamper(jwt: string): string {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const changed = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else', email: 'someone@example.org' };
  return `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
}

function unsigned(payload: JWTPayload): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(payload)}.`;
}
