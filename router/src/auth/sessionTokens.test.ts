import type { Request } from 'express';
import { createLogger } from '@ems/service-runtime';
import type { AdminServiceClient } from './adminClient';
import { SessionTokens } from './sessionTokens';

const REFRESH_AHEAD_MS = 60_000;

/** An admin service that counts refreshes and answers each with a new token. */
function adminStub() {
  let calls = 0;
  const admin = {
    refresh: async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 20));
      return { ok: true, value: { token: `jwt-${calls}`, expiresIn: 1800, expiresAt: new Date(Date.now() + 1_800_000).toISOString() } };
    },
  } as unknown as AdminServiceClient;
  return { admin, calls: () => calls };
}

function requestWith(auth?: { token: string; expiresAt: number }, sid = 'sid'): Request {
  const session = { ...(auth ? { auth } : {}), save: (cb: (err?: unknown) => void) => cb() };
  return { session, sessionID: sid } as unknown as Request;
}

describe('SessionTokens', () => {
  it('forwards the session token as it is while no refresh is due', async () => {
    const { admin, calls } = adminStub();
    const tokens = new SessionTokens(admin, REFRESH_AHEAD_MS, createLogger('test', 'silent'));
    await expect(tokens.tokenFor(requestWith({ token: 'jwt', expiresAt: Date.now() + REFRESH_AHEAD_MS + 5_000 }))).resolves.toBe('jwt');
    expect(calls()).toBe(0);
  });

  it('has no token without a signed-in session, and requireToken answers the contract 401', async () => {
    const tokens = new SessionTokens(adminStub().admin, REFRESH_AHEAD_MS, createLogger('test', 'silent'));
    await expect(tokens.tokenFor(requestWith())).resolves.toBeNull();
    await expect(tokens.requireToken(requestWith())).rejects.toMatchObject({ status: 401, message: 'Session not found or expired' });
  });

  it('refuses an expired session token with "Token expired", but optionalToken only leaves it out', async () => {
    const tokens = new SessionTokens(adminStub().admin, REFRESH_AHEAD_MS, createLogger('test', 'silent'));
    const expired = { token: 'jwt', expiresAt: Date.now() - 1 };
    await expect(tokens.tokenFor(requestWith(expired))).rejects.toMatchObject({ status: 401, message: 'Please re-authenticate' });
    await expect(tokens.optionalToken(requestWith(expired))).resolves.toBeNull();
  });

  it('refreshes a token due for refresh once for concurrent requests of one session', async () => {
    const { admin, calls } = adminStub();
    const tokens = new SessionTokens(admin, REFRESH_AHEAD_MS, createLogger('test', 'silent'));
    const due = () => requestWith({ token: 'old', expiresAt: Date.now() + REFRESH_AHEAD_MS - 5_000 });
    const got = await Promise.all([tokens.tokenFor(due()), tokens.tokenFor(due()), tokens.tokenFor(due())]);
    expect(got).toEqual(['jwt-1', 'jwt-1', 'jwt-1']);
    expect(calls()).toBe(1);
  });
});
