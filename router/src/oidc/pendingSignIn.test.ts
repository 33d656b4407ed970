import type { Request, Response } from 'express';
import type { Knex } from '@ems/db';
import { RateLimit } from '@ems/service-runtime';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import { SignInLimits } from '../auth/signInLimits';
import { openPendingSignIn, PendingSignInCookie, pendingSignInKey, sealPendingSignIn } from './pendingSignIn';

describe('a pending OpenID sign-in sealed in a cookie', () => {
  const key = pendingSignInKey('a-session-secret-of-at-least-32-characters');
  const pending = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/members' };
  const now = Date.parse('2026-05-01T10:00:00Z');
  let sealed: string;
  beforeAll(async () => {
    sealed = await sealPendingSignIn(key, 'ems-admin.sid.oidc', pending, now + 600_000);
  });

  it('opens with the same key and cookie name until it expires', async () => {
    expect(await openPendingSignIn(key, 'ems-admin.sid.oidc', sealed, now)).toEqual(pending);
    expect(await openPendingSignIn(key, 'ems-admin.sid.oidc', sealed, now + 600_000)).toBeNull();
  });

  it('shows nothing of what it carries', () => {
    for (const part of sealed.split('.')) expect(Buffer.from(part, 'base64url').toString('latin1')).not.toMatch(/members|codeVerifier/);
  });

  it('is nothing under another key, another cookie name, or changed in any byte', async () => {
    expect(
      await openPendingSignIn(pendingSignInKey('another-session-secret-of-32-characters!'), 'ems-admin.sid.oidc', sealed, now),
    ).toBeNull();
    expect(await openPendingSignIn(key, 'ems.sid.oidc', sealed, now)).toBeNull();
    const parts = sealed.split('.');
    for (const [index, part] of parts.entries()) {
      const raw = Buffer.from(part, 'base64url');
      for (let i = 0; i < raw.length; i += 7) {
        const changed = Buffer.from(raw);
        changed[i] = changed[i]! ^ 1;
        const tampered = parts.map((p, k) => (k === index ? changed.toString('base64url') : p)).join('.');
        expect(await openPendingSignIn(key, 'ems-admin.sid.oidc', tampered, now)).toBeNull();
      }
    }
    for (const junk of ['', 'x', 'A'.repeat(5000), '%%%', `${parts[0]}....`])
      expect(await openPendingSignIn(key, 'ems-admin.sid.oidc', junk, now)).toBeNull();
  });
});

describe('a pending sign-in cookie replayed (issue 37 review, defect 1)', () => {
  const secret = 'a-session-secret-of-at-least-32-characters';
  const pending = { state: 's', nonce: 'n', codeVerifier: 'v', returnTo: '/members' };
  let db: { knex: Knex; drop(): Promise<void> };
  beforeAll(async () => {
    db = await migratedScratchDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** The browser's side of keep and take: the cookie a response sets, sent back on a request from `ip`. */
  function exchange(ip: string, cookie?: string) {
    const set: Record<string, string> = {};
    const req = { ip, socket: { remoteAddress: ip }, secure: false, get: () => cookie } as unknown as Request;
    const res = {
      cookie: (name: string, value: string) => (set[name] = value),
      clearCookie: () => undefined,
    } as unknown as Response;
    return { req, res, set };
  }

  it('is taken once, in any router: a saved copy finds nothing, so a replayed callback gives nothing back', async () => {
    const uses = () =>
      new RateLimit(db.knex, { schema: 'gateway', name: 'pending-sign-in', points: 1, windowSeconds: 600, message: 'used' });
    const [routerA, routerB] = [uses(), uses()].map((u) => new PendingSignInCookie(secret, 'ems.sid.oidc', '/cb', u));
    const start = exchange('192.0.2.20');
    await routerA!.keep(start.req, start.res, pending);
    const saved = `ems.sid.oidc=${start.set['ems.sid.oidc']}`;
    // The callback comes from another address than the start: the start's address is what it carries.
    const first = exchange('198.51.100.7', saved);
    expect(await routerA!.take(first.req, first.res)).toEqual({ ...pending, startedFrom: '192.0.2.20' });
    const replayed = exchange('198.51.100.7', saved);
    expect(await routerB!.take(replayed.req, replayed.res)).toBeNull();
    expect(await routerA!.take(replayed.req, replayed.res)).toBeNull();
  });

  it('each seal is its own: two sign-ins started alike are each taken once', async () => {
    const cookie = new PendingSignInCookie(
      secret,
      'ems.sid.oidc',
      '/cb',
      new RateLimit(db.knex, { schema: 'gateway', name: 'pending-sign-in', points: 1, windowSeconds: 600, message: 'used' }),
    );
    const [a, b] = [exchange('192.0.2.21'), exchange('192.0.2.21')];
    await cookie.keep(a.req, a.res, pending);
    await cookie.keep(b.req, b.res, pending);
    for (const started of [a, b]) {
      const back = exchange('192.0.2.21', `ems.sid.oidc=${started.set['ems.sid.oidc']}`);
      expect(await cookie.take(back.req, back.res)).toMatchObject(pending);
    }
  });

  it('a give-back at the callback goes to the address that started the sign-in', async () => {
    const limits = SignInLimits.inDatabase(db.knex, { perAddress: 1, perUserKey: 5, windowSeconds: 60 });
    const starter = exchange('192.0.2.30').req;
    await limits.attempt(starter);
    await limits.giveBack('192.0.2.30');
    await limits.attempt(starter);
    await expect(limits.attempt(starter)).rejects.toMatchObject({ status: 429 });
  });
});
