import type { Request } from 'express';
import { createLogger } from '@ems/service-runtime';
import type { AdminServiceClient } from './adminClient';
import { SessionTokens } from './sessionTokens';

const REFRESH_AHEAD_MS = 60_000;
/** freshToken never calls the admin service; a refresh would fail loudly here. */
const admin = {} as AdminServiceClient;
const tokens = new SessionTokens(admin, REFRESH_AHEAD_MS, createLogger('test', 'silent'));

function requestWith(auth?: { token: string; expiresAt: number }): Request {
  return { session: auth ? { auth } : {}, sessionID: 'sid' } as unknown as Request;
}

describe('SessionTokens.freshToken', () => {
  it('gives the session token at once while no refresh is due', () => {
    expect(tokens.freshToken(requestWith({ token: 'jwt', expiresAt: Date.now() + REFRESH_AHEAD_MS + 5_000 }))).toBe('jwt');
  });

  it('leaves a token that is due for refresh, or expired, to the async path', () => {
    expect(tokens.freshToken(requestWith({ token: 'jwt', expiresAt: Date.now() + REFRESH_AHEAD_MS - 5_000 }))).toBeUndefined();
    expect(tokens.freshToken(requestWith({ token: 'jwt', expiresAt: Date.now() - 1 }))).toBeUndefined();
  });

  it('has nothing to give without a signed-in session', () => {
    expect(tokens.freshToken(requestWith())).toBeUndefined();
    expect(tokens.freshToken({} as Request)).toBeUndefined();
  });
});
