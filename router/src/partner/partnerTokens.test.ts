import { API_KEYS_CHANGED_CHANNEL } from '@ems/db';
import type { TokenResponse } from '@ems/schema';
import { migratedScratchDatabase } from '../../../tests/support/scratchDatabase';
import type { AdminResult } from '../auth/adminClient';
import { PartnerTokens } from './partnerTokens';

/**
 * The router's partner tokens on a real PostgreSQL (LISTEN/NOTIFY on a database of its own); the
 * admin service is a stand-in that counts exchanges. tests/e2e/partner-access.test.ts runs the
 * same through two routers.
 */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
beforeAll(async () => {
  db = await migratedScratchDatabase();
});
afterAll(() => db.drop());

const KEY = `ems_${'k'.repeat(44)}`;

function adminStandIn(validitySeconds = 300) {
  const calls: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  let answer: AdminResult<TokenResponse> | null = null;
  return {
    calls,
    /** Holds the next exchanges until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise((r) => (release = r));
      return release;
    },
    refuse(status: number) {
      answer = { ok: false, status, body: { message: 'refused' } };
    },
    async partnerToken(key: string): Promise<AdminResult<TokenResponse>> {
      calls.push(key);
      await gate;
      if (answer) return answer;
      const expiresAt = new Date(Date.now() + validitySeconds * 1000).toISOString();
      return { ok: true, value: { token: `token-${calls.length}`, expiresIn: validitySeconds, expiresAt } };
    },
  };
}

/** Runs `test` on a listening PartnerTokens, closed afterwards. */
async function withTokens(admin: ReturnType<typeof adminStandIn>, test: (tokens: PartnerTokens) => Promise<void>) {
  const tokens = new PartnerTokens(db.knex, admin);
  await tokens.listen();
  try {
    await test(tokens);
  } finally {
    tokens.close();
  }
}

const notify = () => db.knex.raw(`NOTIFY ${API_KEYS_CHANGED_CHANNEL}`);

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('not within 2 s');
}

it('keeps a token for its key: one exchange for many calls, named by a hash of the key', async () => {
  const admin = adminStandIn();
  await withTokens(admin, async (tokens) => {
    const grants = await Promise.all([tokens.grantFor(KEY), tokens.grantFor(KEY), tokens.grantFor(KEY)]);
    expect(await tokens.grantFor(KEY)).toBe(grants[0]);
    expect(admin.calls).toHaveLength(1);
    expect(grants[0]!.token).toBe('token-1');
    expect(grants[0]!.keyHash).not.toContain(KEY);
    expect(grants[0]!.keyHash).toHaveLength(43);
  });
});

it('drops every token when any key changes (NOTIFY), so a revoked key is asked about again', async () => {
  const admin = adminStandIn();
  await withTokens(admin, async (tokens) => {
    await tokens.grantFor(KEY);
    await notify();
    await eventually(async () => (await tokens.grantFor(KEY)).token === 'token-2');
    admin.refuse(401);
    await notify();
    await eventually(() =>
      tokens.grantFor(KEY).then(
        () => false,
        (err: Error) => err.message === 'Invalid API key',
      ),
    );
  });
});

it('does not keep a token whose exchange began before a key change', async () => {
  const admin = adminStandIn();
  await withTokens(admin, async (tokens) => {
    const release = admin.hold();
    const inFlight = tokens.grantFor(KEY);
    await notify();
    await new Promise((r) => setTimeout(r, 200));
    release();
    await inFlight;
    await tokens.grantFor(KEY);
    expect(admin.calls).toHaveLength(2);
  });
});

it('keeps nothing while it is not listening (a change could not reach it)', async () => {
  const admin = adminStandIn();
  const tokens = new PartnerTokens(db.knex, admin);
  try {
    await tokens.grantFor(KEY);
    await tokens.grantFor(KEY);
    expect(admin.calls).toHaveLength(2);
  } finally {
    tokens.close();
  }
});

it('keeps no token that is about to expire (a key that expires soon)', async () => {
  const admin = adminStandIn(20);
  await withTokens(admin, async (tokens) => {
    await tokens.grantFor(KEY);
    await tokens.grantFor(KEY);
    expect(admin.calls).toHaveLength(2);
  });
});

it.each([
  [401, 401, 'Invalid API key'],
  [400, 401, 'Invalid API key'],
  [403, 403, 'refused'],
  [503, 502, 'Upstream service unavailable'],
])('answers an admin service %i as %i', async (status, expected, message) => {
  const admin = adminStandIn();
  admin.refuse(status);
  await withTokens(admin, async (tokens) => {
    await expect(tokens.grantFor(KEY)).rejects.toMatchObject({ status: expected, message });
    await expect(tokens.grantFor(KEY)).rejects.toMatchObject({ status: expected });
    expect(admin.calls).toHaveLength(2);
  });
});

it('forgets its tokens when the listening connection drops, and keeps tokens again once it listens again', async () => {
  const admin = adminStandIn();
  await withTokens(admin, async (tokens) => {
    await tokens.grantFor(KEY);
    await db.knex.raw(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN ${API_KEYS_CHANGED_CHANNEL}'`,
    );
    await eventually(async () => (await tokens.grantFor(KEY)).token !== 'token-1');
    // Back to one exchange for many calls once the listener is renewed (after about a second).
    await eventually(async () => {
      const before = admin.calls.length;
      await tokens.grantFor(KEY);
      await tokens.grantFor(KEY);
      return admin.calls.length - before <= 1;
    });
  });
});
