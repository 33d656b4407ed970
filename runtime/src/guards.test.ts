import http from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { isAppError, signAccessToken, signPartnerToken, verifyAccessToken } from '@ems/schema';
import { authOf, optionalBearer, requireApiKeyAuthorization, requireBearer, requireXApiKey, type ApiKeyChecker } from './guards';
import { listenOnLoopback } from '../../tests/support/listening';

const secret = 'x'.repeat(64);
const partner = { keyId: 7, registrationSystemId: 3, organisationIds: [11, 12], scopes: ['events:read' as const] };
const member = {
  userKey: 'u-1',
  authorities: ['ROLE_USER'],
  accountId: 5,
  personId: 9,
  orgId: null,
  registrationSystemId: 3,
};

const PORTAL_KEY = 'p'.repeat(40);
const PARTNER_KEY = 'q'.repeat(40);
const keys: ApiKeyChecker = {
  verify: async (presented) => {
    if (presented === PORTAL_KEY) return { id: 1, portal: 'registration', registrationSystemId: null, organisationIds: null, scopes: [] };
    if (presented === PARTNER_KEY)
      return { id: 2, portal: 'partner', registrationSystemId: 3, organisationIds: [11], scopes: ['events:read'] };
    return null;
  },
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  const report = (req: Request, res: Response) =>
    res.json({ user: authOf(req).user?.userKey ?? null, partner: authOf(req).partner ?? null });
  app.get('/graphql', optionalBearer(secret), report);
  app.get('/api/thing', requireBearer(secret), report);
  const keyId = (req: Request, res: Response) => res.json({ keyId: authOf(req).apiKey?.id ?? null });
  app.get('/auth/portal', requireXApiKey(keys), keyId);
  app.get('/api/auth/exchange', requireApiKeyAuthorization(keys), keyId);
  app.get('/auth/partner-token', requireApiKeyAuthorization(keys, 'partner'), keyId);
  app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
    res.status(isAppError(err) ? 401 : 500).json({ message: err.message });
  });
  ({ server, url: base } = await listenOnLoopback(app));
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = (path: string, token: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('partner tokens', () => {
  it('are accepted on GraphQL as a partner caller with its tenant, organisations and scopes, and no user', async () => {
    const { token } = signPartnerToken(partner, secret, 60);
    const res = await get('/graphql', token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null, partner });
  });

  it('are refused on REST paths, which take members only', async () => {
    const { token } = signPartnerToken(partner, secret, 60);
    const res = await get('/api/thing', token);
    expect(res.status).toBe(401);
    expect(() => verifyAccessToken(token, secret)).toThrow('Invalid token');
  });

  it('cannot be made from a member token, and a member token stays a member on GraphQL', async () => {
    const { token } = signAccessToken(member, secret, 60);
    const res = await get('/graphql', token);
    expect(await res.json()).toEqual({ user: 'u-1', partner: null });
  });

  it('are refused when expired, signed with another secret, or given a scope that does not exist', async () => {
    const expired = signPartnerToken(partner, secret, 60, new Date(Date.now() - 3_600_000)).token;
    expect((await get('/graphql', expired)).status).toBe(401);
    const foreign = signPartnerToken(partner, 'y'.repeat(64), 60).token;
    expect((await get('/graphql', foreign)).status).toBe(401);
    const unknownScope = signPartnerToken({ ...partner, scopes: ['members:write' as never] }, secret, 60).token;
    expect((await get('/graphql', unknownScope)).status).toBe(401);
  });
});

describe('a partner key is never a portal key, nor a portal key a partner key', () => {
  const call = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { headers });

  it('X-API-KEY (the portal authenticates itself, rule 6) takes a portal key only', async () => {
    expect(await (await call('/auth/portal', { 'x-api-key': PORTAL_KEY })).json()).toEqual({ keyId: 1 });
    expect((await call('/auth/portal', { 'x-api-key': PARTNER_KEY })).status).toBe(401);
  });

  it('the user-key exchange takes a portal key only: a partner key cannot buy a member token', async () => {
    expect(await (await call('/api/auth/exchange', { authorization: `ApiKey ${PORTAL_KEY}` })).json()).toEqual({ keyId: 1 });
    expect((await call('/api/auth/exchange', { authorization: `ApiKey ${PARTNER_KEY}` })).status).toBe(401);
  });

  it('the partner token takes a partner key only', async () => {
    expect(await (await call('/auth/partner-token', { authorization: `ApiKey ${PARTNER_KEY}` })).json()).toEqual({ keyId: 2 });
    expect((await call('/auth/partner-token', { authorization: `ApiKey ${PORTAL_KEY}` })).status).toBe(401);
  });
});
