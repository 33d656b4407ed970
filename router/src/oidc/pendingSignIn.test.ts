import { openPendingSignIn, pendingSignInKey, sealPendingSignIn } from './pendingSignIn';

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
