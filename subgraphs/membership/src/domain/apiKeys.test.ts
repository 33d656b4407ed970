import { ApiKeyVerifier, hashApiKey, MIN_API_KEY_LENGTH, type Knex } from '@ems/db';
import { ConflictError, InputError, NotFoundError } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { parseKeysCommand, runKeysCommand, UsageError, type KeysCommand } from '../cli/keys';
import { createApiKey, listApiKeySummaries, revokeApiKey, rotateApiKey } from './apiKeys';

const HOUR_MS = 3_600_000;

let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let tenantId: number;
let otherTenantId: number;
let orgId: number;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  [tenantId, otherTenantId] = (
    await knex('membership.registrationSystems')
      .insert([{ name: 'Tenant A' }, { name: 'Tenant B' }])
      .returning('id')
  ).map((r: { id: number }) => r.id) as [number, number];
  [orgId] = (
    await knex('membership.organisations').insert({ registrationSystemId: tenantId, name: 'Club', slug: 'club' }).returning('id')
  ).map((r: { id: number }) => r.id) as [number];
});

afterAll(async () => {
  await db.drop();
});

async function storedRow(id: number): Promise<Record<string, unknown>> {
  return knex('membership.apiKeys').where({ id }).first();
}

/** A verifier that reloads on every call, so it sees the database as it is now. */
function freshVerifier(): ApiKeyVerifier {
  return new ApiKeyVerifier(knex, 0);
}

describe('create (rule 9: a random value of 32 or more characters, stored only as a hash)', () => {
  it('generates a key of at least 32 characters and stores only its hash and prefix', async () => {
    const { key, apiKey, imported } = await createApiKey(knex, { portal: 'registration', label: 'staging portal' });
    expect(imported).toBe(false);
    expect(key.length).toBeGreaterThanOrEqual(MIN_API_KEY_LENGTH);
    const row = await storedRow(apiKey.id);
    expect(row.keyHash).toBe(hashApiKey(key));
    expect(row.prefix).toBe(key.slice(0, 10));
    expect(Object.values(row)).not.toContain(key);
    expect(await freshVerifier().verify(key)).toMatchObject({ id: apiKey.id, portal: 'registration', registrationSystemId: null });
  });

  it('generates a different key each time', async () => {
    const a = await createApiKey(knex, { portal: 'admin' });
    const b = await createApiKey(knex, { portal: 'admin' });
    expect(a.key).not.toBe(b.key);
  });

  it('imports an operator-generated value of 32 characters or more', async () => {
    const value = 'operator-generated-key-0123456789-abc';
    const { apiKey, imported } = await createApiKey(knex, { portal: 'admin', value });
    expect(imported).toBe(true);
    expect((await storedRow(apiKey.id)).keyHash).toBe(hashApiKey(value));
    expect(await freshVerifier().verify(value)).toMatchObject({ id: apiKey.id, portal: 'admin' });
  });

  it('refuses a value shorter than 32 characters and stores nothing', async () => {
    const before = await knex('membership.apiKeys').count<{ count: string }[]>('* as count');
    const short = 'x'.repeat(MIN_API_KEY_LENGTH - 1);
    await expect(createApiKey(knex, { portal: 'registration', value: short })).rejects.toThrow(InputError);
    const after = await knex('membership.apiKeys').count<{ count: string }[]>('* as count');
    expect(after[0]?.count).toBe(before[0]?.count);
  });

  it('refuses a value with whitespace (it could never be presented in a header)', async () => {
    await expect(createApiKey(knex, { portal: 'registration', value: `${'a'.repeat(20)} ${'b'.repeat(20)}` })).rejects.toThrow(InputError);
  });

  it('refuses a value that is already stored', async () => {
    const value = 'duplicate-value-0123456789-0123456789';
    await createApiKey(knex, { portal: 'registration', value });
    await expect(createApiKey(knex, { portal: 'admin', value })).rejects.toThrow('already stored');
  });

  it('scopes a key to a tenant and organisations, and sets its expiry', async () => {
    const now = new Date();
    const { key, apiKey } = await createApiKey(
      knex,
      { portal: 'partner', registrationSystemId: tenantId, organisationIds: [orgId], scopes: ['events:read'], expiresInDays: 30 },
      now,
    );
    expect(apiKey.expiresAt?.getTime()).toBe(now.getTime() + 30 * 24 * HOUR_MS);
    expect(await freshVerifier().verify(key)).toEqual({
      id: apiKey.id,
      portal: 'partner',
      registrationSystemId: tenantId,
      organisationIds: [orgId],
      scopes: ['events:read'],
      expiresAt: apiKey.expiresAt,
    });
  });

  it('refuses an unknown tenant, an unknown organisation and an organisation of another tenant', async () => {
    await expect(createApiKey(knex, { portal: 'registration', registrationSystemId: 999_999 })).rejects.toThrow('does not exist');
    await expect(createApiKey(knex, { portal: 'registration', organisationIds: [999_999] })).rejects.toThrow('do not exist');
    await expect(
      createApiKey(knex, { portal: 'registration', registrationSystemId: otherTenantId, organisationIds: [orgId] }),
    ).rejects.toThrow('do not belong');
  });
});

describe('an empty organisation list names no organisation (never "all of them")', () => {
  it.each(['partner', 'registration', 'admin'] as const)(
    'a %s key with organisationIds [] is refused as bad input and nothing is stored',
    async (portal) => {
      const before = await knex('membership.apiKeys').count<{ count: string }[]>('* as count');
      const made = createApiKey(knex, {
        portal,
        registrationSystemId: tenantId,
        organisationIds: [],
        scopes: portal === 'partner' ? ['events:read'] : [],
      });
      await expect(made).rejects.toBeInstanceOf(InputError);
      await expect(made).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      expect(await knex('membership.apiKeys').count<{ count: string }[]>('* as count')).toEqual(before);
    },
  );

  it('the CLI refuses an empty --orgs before anything touches the database', () => {
    for (const orgs of ['', ',', ' , ']) {
      expect(() => parseKeysCommand(['create', 'partner', '--tenant', '1', '--orgs', orgs, '--scope', 'events:read'])).toThrow(UsageError);
    }
  });
});

describe('partner keys: one registration system, some of its organisations, some scopes', () => {
  const partner = (extra: Partial<Parameters<typeof createApiKey>[1]> = {}) =>
    createApiKey(knex, { portal: 'partner', registrationSystemId: tenantId, organisationIds: [orgId], scopes: ['members:read'], ...extra });

  it('stores the scopes (each once) and the verifier reports them', async () => {
    const { key, apiKey } = await partner({ scopes: ['members:read', 'members:pii', 'members:read'] });
    expect(apiKey.scopes).toEqual(['members:read', 'members:pii']);
    expect((await storedRow(apiKey.id)).scopes).toEqual(['members:read', 'members:pii']);
    expect(await freshVerifier().verify(key)).toMatchObject({ portal: 'partner', scopes: ['members:read', 'members:pii'] });
  });

  it.each([
    ['no scope', { scopes: [] }, /at least one scope/],
    ['an unknown scope', { scopes: ['members:write'] }, /Unknown scope\(s\) members:write/],
    ['no registration system', { registrationSystemId: null }, /needs a registration system/],
    ['no organisation', { organisationIds: null }, /at least one organisation/],
  ])('refuses %s and stores nothing', async (_name, extra, message) => {
    const before = await knex('membership.apiKeys').count<{ count: string }[]>('* as count');
    await expect(partner(extra as never)).rejects.toThrow(message);
    const after = await knex('membership.apiKeys').count<{ count: string }[]>('* as count');
    expect(after[0]?.count).toBe(before[0]?.count);
  });

  it('refuses an organisation of another registration system', async () => {
    await expect(partner({ registrationSystemId: otherTenantId })).rejects.toThrow('do not belong');
  });

  it('refuses scopes on a portal key', async () => {
    await expect(createApiKey(knex, { portal: 'registration', scopes: ['members:read'] })).rejects.toThrow('Only partner keys have scopes');
  });

  it('a portal key has no scopes', async () => {
    const { key } = await createApiKey(knex, { portal: 'registration' });
    expect(await freshVerifier().verify(key)).toMatchObject({ scopes: [] });
  });
});

describe('list never shows a key or its hash', () => {
  it('shows id, prefix, portal, label, scope and dates but neither the key nor the hash', async () => {
    const { key, apiKey } = await createApiKey(knex, { portal: 'registration', label: 'listed', registrationSystemId: tenantId });
    const hash = hashApiKey(key);
    const summaries = await listApiKeySummaries(knex, { includeRevoked: false });
    const listed = summaries.find((s) => s.id === apiKey.id);
    expect(listed).toMatchObject({
      prefix: key.slice(0, 10),
      portal: 'registration',
      label: 'listed',
      registrationSystemId: tenantId,
      status: 'active',
    });
    expect(Object.keys(listed ?? {})).not.toContain('keyHash');
    const serialized = JSON.stringify(summaries);
    expect(serialized).not.toContain(hash);
    expect(serialized).not.toContain(key);
  });

  it('leaves revoked keys out unless asked for', async () => {
    const { apiKey } = await createApiKey(knex, { portal: 'admin' });
    await revokeApiKey(knex, apiKey.id);
    expect((await listApiKeySummaries(knex, { includeRevoked: false })).map((s) => s.id)).not.toContain(apiKey.id);
    expect((await listApiKeySummaries(knex, { includeRevoked: true })).find((s) => s.id === apiKey.id)?.status).toBe('revoked');
  });
});

describe('rotate (rule 9: old and new keys both work during the overlap)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('makes a new key with the same portal and scope, and both keys work until the overlap ends', async () => {
    const old = await createApiKey(knex, {
      portal: 'partner',
      label: 'partner A',
      registrationSystemId: tenantId,
      organisationIds: [orgId],
      scopes: ['members:read', 'events:read'],
    });
    const rotatedAt = new Date();
    const { issued, previous } = await rotateApiKey(knex, old.apiKey.id, {}, rotatedAt);

    expect(issued.key).not.toBe(old.key);
    expect(issued.apiKey).toMatchObject({
      portal: 'partner',
      label: 'partner A',
      registrationSystemId: tenantId,
      organisationIds: [orgId],
      scopes: ['members:read', 'events:read'],
    });
    expect(previous.expiresAt?.getTime()).toBe(rotatedAt.getTime() + 24 * HOUR_MS);

    const verifier = freshVerifier();
    expect(await verifier.verify(old.key)).toMatchObject({ id: old.apiKey.id });
    expect(await verifier.verify(issued.key)).toMatchObject({
      id: issued.apiKey.id,
      registrationSystemId: tenantId,
      scopes: ['members:read', 'events:read'],
    });

    // Just before the overlap ends both still work; just after, only the new key does.
    jest.spyOn(Date, 'now').mockReturnValue(rotatedAt.getTime() + 24 * HOUR_MS - 60_000);
    expect(await verifier.verify(old.key)).not.toBeNull();
    jest.spyOn(Date, 'now').mockReturnValue(rotatedAt.getTime() + 24 * HOUR_MS + 60_000);
    expect(await verifier.verify(old.key)).toBeNull();
    expect(await verifier.verify(issued.key)).toMatchObject({ id: issued.apiKey.id });
  });

  it('the old key fails as soon as it is revoked, before the overlap ends', async () => {
    const old = await createApiKey(knex, { portal: 'registration' });
    const { issued } = await rotateApiKey(knex, old.apiKey.id, { overlapHours: 24 });
    const verifier = freshVerifier();
    expect(await verifier.verify(old.key)).not.toBeNull();

    await revokeApiKey(knex, old.apiKey.id);
    expect(await verifier.verify(old.key)).toBeNull();
    expect(await verifier.verify(issued.key)).not.toBeNull();
  });

  it('honours --overlap-hours and never lengthens an earlier expiry', async () => {
    const now = new Date();
    const a = await createApiKey(knex, { portal: 'admin' });
    expect((await rotateApiKey(knex, a.apiKey.id, { overlapHours: 2 }, now)).previous.expiresAt?.getTime()).toBe(
      now.getTime() + 2 * HOUR_MS,
    );
    // A key that expires within the overlap keeps its earlier end.
    const b = await createApiKey(knex, { portal: 'admin', expiresInDays: 1 }, now);
    expect((await rotateApiKey(knex, b.apiKey.id, { overlapHours: 48 }, now)).previous.expiresAt?.getTime()).toBe(
      now.getTime() + 24 * HOUR_MS,
    );
  });

  it('with an overlap of 0 revokes the old key at once (emergency rotation)', async () => {
    const old = await createApiKey(knex, { portal: 'registration' });
    const { issued, previous, previousStatusBefore } = await rotateApiKey(knex, old.apiKey.id, { overlapHours: 0 });
    expect(previousStatusBefore).toBe('active');
    expect(previous.status).toBe('revoked');
    const verifier = freshVerifier();
    expect(await verifier.verify(old.key)).toBeNull();
    expect(await verifier.verify(issued.key)).not.toBeNull();
  });

  it('refuses an unknown key id', async () => {
    await expect(rotateApiKey(knex, 999_999)).rejects.toThrow(NotFoundError);
  });
});

describe('a key is rotated once (a second rotation would leave two live successors)', () => {
  const alreadyRotated = (successorId: number) =>
    expect.objectContaining({
      status: 409,
      code: 'API_KEY_ALREADY_ROTATED',
      options: expect.objectContaining({ details: { successorId } }),
    });

  async function keyCount(): Promise<number> {
    return Number((await knex('membership.apiKeys').count<{ count: string }[]>('* as count'))[0]?.count);
  }

  it('refuses to rotate a key that has a successor, stores no key and leaves its overlap as it was', async () => {
    const old = await createApiKey(knex, { portal: 'registration' });
    const { issued, previous } = await rotateApiKey(knex, old.apiKey.id, { overlapHours: 2 });
    const before = await keyCount();

    const second = rotateApiKey(knex, old.apiKey.id, { overlapHours: 48 });
    await expect(second).rejects.toThrow(ConflictError);
    await expect(second).rejects.toEqual(alreadyRotated(issued.apiKey.id));
    expect(await keyCount()).toBe(before);
    expect((await storedRow(old.apiKey.id)).expiresAt).toEqual(previous.expiresAt);
    // The successor is a key like any other: it may be rotated in turn.
    await expect(rotateApiKey(knex, issued.apiKey.id)).resolves.toBeDefined();
  });

  it('refuses to rotate a key again after an emergency rotation revoked it', async () => {
    const old = await createApiKey(knex, { portal: 'registration' });
    const { issued } = await rotateApiKey(knex, old.apiKey.id, { overlapHours: 0 });
    await expect(rotateApiKey(knex, old.apiKey.id, { overlapHours: 0 })).rejects.toEqual(alreadyRotated(issued.apiKey.id));
  });

  it('of two rotations of the same key at once, one makes the successor and the other is refused', async () => {
    const old = await createApiKey(knex, { portal: 'admin' });
    const before = await keyCount();
    const first = await knex.transaction();
    try {
      const firstRotation = await rotateApiKey(first, old.apiKey.id);
      const second = rotateApiKey(knex, old.apiKey.id).then(
        () => null,
        (err: unknown) => err,
      );
      // The second waits for the first's row lock; were there none, it would have made a key by now.
      await waitUntilBlockedOnALock();
      await first.commit();
      expect(await second).toEqual(alreadyRotated(firstRotation.issued.apiKey.id));
    } finally {
      if (!first.isCompleted()) await first.rollback();
    }
    expect(await keyCount()).toBe(before + 1);
    expect((await storedRow(old.apiKey.id)).successorId).not.toBeNull();
  });

  /** Until a backend of this database waits for a lock, or a second has passed (then the assertions after it tell). */
  async function waitUntilBlockedOnALock(): Promise<void> {
    const deadline = Date.now() + 1000;
    while (Date.now() < deadline) {
      const { rows } = await knex.raw(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (rows[0].waiting > 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
});

describe('revoke is immediate for running services', () => {
  it('a verifier with a long cache refuses the key once the change is announced (NOTIFY)', async () => {
    const { key, apiKey } = await createApiKey(knex, { portal: 'registration' });
    const verifier = new ApiKeyVerifier(knex, 3600);
    await verifier.listen();
    try {
      expect(await verifier.verify(key)).not.toBeNull();
      await revokeApiKey(knex, apiKey.id);
      // The notification arrives asynchronously; without it the cached hash would stay valid for an hour.
      const deadline = Date.now() + 5000;
      let result = await verifier.verify(key);
      while (result !== null && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        result = await verifier.verify(key);
      }
      expect(result).toBeNull();
    } finally {
      await verifier.close();
    }
  });

  it('a verifier with a long cache and no LISTEN still accepts the revoked key (why the NOTIFY matters)', async () => {
    const { key, apiKey } = await createApiKey(knex, { portal: 'registration' });
    const verifier = new ApiKeyVerifier(knex, 3600);
    expect(await verifier.verify(key)).not.toBeNull();
    await revokeApiKey(knex, apiKey.id);
    expect(await verifier.verify(key)).not.toBeNull();
    expect(await freshVerifier().verify(key)).toBeNull();
  });

  it('reports a key that was already revoked, and an unknown id', async () => {
    const { apiKey } = await createApiKey(knex, { portal: 'admin' });
    expect((await revokeApiKey(knex, apiKey.id)).alreadyRevoked).toBe(false);
    expect((await revokeApiKey(knex, apiKey.id)).alreadyRevoked).toBe(true);
    await expect(revokeApiKey(knex, 999_999)).rejects.toThrow(NotFoundError);
  });
});

describe('keys command', () => {
  function capture() {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), readStdin: async () => '' } };
  }

  async function run(argv: string[], stdin = '') {
    const c = capture();
    const command = parseKeysCommand(argv) as Exclude<KeysCommand, { kind: 'help' }>;
    const code = await runKeysCommand(command, knex, { ...c.io, readStdin: async () => stdin });
    return { code, stdout: c.out.join('\n'), stderr: c.err.join('\n') };
  }

  it('create prints the new key exactly once, with the warning, and never its hash', async () => {
    const { code, stdout } = await run(['create', 'registration', '--label', 'cli', '--tenant', String(tenantId)]);
    expect(code).toBe(0);
    const key = /^ {4}(\S+)$/m.exec(stdout)?.[1] ?? '';
    expect(key.length).toBeGreaterThanOrEqual(MIN_API_KEY_LENGTH);
    expect(stdout.split(key).length - 1).toBe(1);
    expect(stdout).toMatch(/shown only once/);
    expect(stdout).not.toContain(hashApiKey(key));
    expect(await freshVerifier().verify(key)).toMatchObject({ portal: 'registration', registrationSystemId: tenantId });
  });

  it('create --value - reads the key from stdin and does not echo it', async () => {
    const value = 'from-stdin-0123456789-0123456789-xyz';
    const { code, stdout } = await run(['create', '--portal', 'admin', '--value', '-'], `${value}\n`);
    expect(code).toBe(0);
    expect(stdout).not.toContain(value);
    expect(await freshVerifier().verify(value)).toMatchObject({ portal: 'admin' });
  });

  it('a value shorter than 32 characters is a usage error (exit 2, stderr)', async () => {
    const { code, stdout, stderr } = await run(['create', 'registration', '--value', 'too-short']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/at least 32/);
    expect(stdout).toBe('');
  });

  it('list prints neither keys nor hashes', async () => {
    const created = await run([
      'create',
      'partner',
      '--label',
      'to-list',
      '--tenant',
      String(tenantId),
      '--orgs',
      String(orgId),
      '--scope',
      'events:read',
      '--scope',
      'members:read,imports:read',
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('scopes events:read, members:read, imports:read');
    expect(created.stdout).toMatch(/Hand it to the partner/);
    const key = /^ {4}(\S+)$/m.exec(created.stdout)?.[1] ?? '';
    const { code, stdout } = await run(['list', '--all']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ID\s+PREFIX\s+PORTAL\s+LABEL\s+TENANT\s+ORGS\s+SCOPES/);
    expect(stdout).toMatch(/to-list.*events:read,members:read,imports:read/);
    expect(stdout).not.toContain(key);
    for (const row of await knex('membership.apiKeys').select('keyHash')) expect(stdout).not.toContain(row.keyHash);
  });

  it('rotate prints only the new key and how long the old one keeps working', async () => {
    const first = await run(['create', 'registration']);
    const oldKey = /^ {4}(\S+)$/m.exec(first.stdout)?.[1] ?? '';
    const id = /API key (\d+) created/.exec(first.stdout)?.[1] ?? '';
    const { code, stdout } = await run(['rotate', id, '--overlap-hours', '1']);
    expect(code).toBe(0);
    const newKey = /^ {4}(\S+)$/m.exec(stdout)?.[1] ?? '';
    expect(newKey).not.toBe(oldKey);
    expect(stdout).not.toContain(oldKey);
    expect(stdout).toContain(`revoke ${id}`);
  });

  it('rotate of a key rotated before fails with exit 1, naming its successor, and prints no key', async () => {
    const first = await run(['create', 'registration']);
    const id = /API key (\d+) created/.exec(first.stdout)?.[1] ?? '';
    const rotated = await run(['rotate', id]);
    const successor = /API key (\d+) created to replace/.exec(rotated.stdout)?.[1] ?? '';
    const { code, stdout, stderr } = await run(['rotate', id]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`keys: API key ${id} was already rotated: key ${successor} replaces it (rotate that one instead)`);
  });

  it('create partner without a scope is refused (exit 2) naming the scopes to choose from', async () => {
    const { code, stderr } = await run(['create', 'partner', '--tenant', String(tenantId), '--orgs', String(orgId)]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/at least one scope \(--scope\): members:read, members:pii, events:read, imports:read/);
  });

  it('revoke of an unknown id fails with exit 1', async () => {
    const { code, stderr } = await run(['revoke', '999999']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/not found/);
  });

  it.each([
    [[]],
    [['frobnicate']],
    [['create']],
    [['create', 'browser']],
    [['create', 'registration', '--tenant', 'one']],
    [['create', 'registration', '--orgs', '1,,2']],
    [['create', 'registration', '--bogus']],
    [['rotate']],
    [['rotate', '1', '--overlap-hours', '-1']],
    [['revoke', 'abc']],
    [['list', 'extra']],
  ])('usage error for %j', (argv) => {
    expect(() => parseKeysCommand(argv)).toThrow(UsageError);
  });
});
