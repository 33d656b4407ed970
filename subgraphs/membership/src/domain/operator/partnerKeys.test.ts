import type { Knex } from '@ems/db';
import type { Club } from '../../testing/fixtures';
import type { operatorGraphql } from '../../testing/operatorGraphql';
import { useOperatorTestbed } from '../../testing/operatorTestbed';

/** Partner API keys in the admin portal (issue 20): made, rotated and revoked by the operators of their organisations only. */
const bed = useOperatorTestbed();
let knex: Knex;
let club: Club;
let otherTenant: Club;
let as: ReturnType<typeof operatorGraphql>;
let otherOrganisation: number;

beforeAll(async () => {
  ({ knex, club, otherTenant, as } = bed);
  otherOrganisation = (await knex('membership.organisations').where({ registrationSystemId: club.tenantId, name: 'Other Club' }).first())
    .id;
});

const RESULT = `__typename ... on PartnerApiKeyDone { key apiKey { id prefix label scopes status expiresAt organisations { id } } previous { id status expiresAt } }
  ... on PartnerApiKeyError { code message }`;
const CREATE = `mutation($input: PartnerApiKeyInput!) { createPartnerApiKey(input: $input) { ${RESULT} } }`;
const ROTATE = `mutation($id: ID!, $h: Int) { rotatePartnerApiKey(id: $id, overlapHours: $h) { ${RESULT} } }`;
const REVOKE = `mutation($id: ID!) { revokePartnerApiKey(id: $id) { ${RESULT} } }`;
const LIST = `query($r: Boolean) { operatorApiKeys(includeRevoked: $r) { id label status } }`;

interface Done {
  __typename: string;
  key?: string | null;
  code?: string;
  message?: string;
  apiKey?: { id: string; prefix: string; label: string; scopes: string[]; status: string; organisations: Array<{ id: string }> };
  previous?: { id: string; status: string; expiresAt: string | null } | null;
}

async function run(userKey: string, tenant: Club, source: string, variables: Record<string, unknown>): Promise<Done> {
  const res = await as<Record<string, Done>>(userKey, tenant, source, variables);
  expect(res.errors).toBeUndefined();
  return Object.values(res.data!)[0]!;
}

async function list(userKey: string, tenant: Club, includeRevoked = false) {
  const res = await as<{ operatorApiKeys: Array<{ id: string; label: string; status: string }> }>(userKey, tenant, LIST, {
    r: includeRevoked,
  });
  return res.data!.operatorApiKeys;
}

describe('partner API keys', () => {
  let created: Done;

  beforeAll(async () => {
    created = await run(club.operator.userKey, club, CREATE, {
      input: { label: 'Timing partner', scopes: ['members:read', 'events:read'], expiresInDays: 30 },
    });
  });

  it("creates a key for the operator's organisation, shown once, logged without the key", async () => {
    expect(created).toMatchObject({
      __typename: 'PartnerApiKeyDone',
      apiKey: {
        label: 'Timing partner',
        scopes: ['members:read', 'events:read'],
        status: 'expiring',
        organisations: [{ id: String(club.organisationId) }],
      },
    });
    expect(created.key).toMatch(/^[\x21-\x7e]{32,}$/);
    expect(created.key!.startsWith(created.apiKey!.prefix)).toBe(true);
    expect(await list(club.operator.userKey, club)).toEqual([{ id: created.apiKey!.id, label: 'Timing partner', status: 'expiring' }]);
    const [entry] = await knex('membership.auditLog').where({ action: 'apiKey.created', subjectId: created.apiKey!.id });
    expect(entry.after).toMatchObject({ prefix: created.apiKey!.prefix, scopes: ['members:read', 'events:read'] });
    expect(JSON.stringify(await knex('membership.auditLog').select('before', 'after'))).not.toContain(created.key);
  });

  it('refuses an unknown scope, a missing name and an organisation the operator does not run', async () => {
    expect(await run(club.operator.userKey, club, CREATE, { input: { label: 'X', scopes: ['members:write'] } })).toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(await run(club.operator.userKey, club, CREATE, { input: { label: ' ', scopes: ['members:read'] } })).toMatchObject({
      code: 'INVALID_INPUT',
    });
    const foreign = await run(club.operator.userKey, club, CREATE, {
      input: { label: 'X', scopes: ['members:read'], organisationIds: [String(otherOrganisation)] },
    });
    expect(foreign).toMatchObject({ code: 'INVALID_INPUT', message: 'You can only give a key organisations you run.' });
  });

  it('refuses an empty organisation list instead of giving the key all the operator’s organisations', async () => {
    const keysBefore = await knex('membership.apiKeys').count<{ count: string }[]>('* as count');
    const refused = await run(club.operator.userKey, club, CREATE, {
      input: { label: 'Empty', scopes: ['members:read'], organisationIds: [] },
    });
    expect(refused).toMatchObject({ __typename: 'PartnerApiKeyError', code: 'INVALID_INPUT' });
    expect(await knex('membership.apiKeys').count<{ count: string }[]>('* as count')).toEqual(keysBefore);
  });

  it("another organisation's or tenant's operator neither sees nor changes the key", async () => {
    const id = created.apiKey!.id;
    for (const [userKey, tenant] of [
      [club.otherOperator.userKey, club],
      [otherTenant.operator.userKey, otherTenant],
      [club.family.userKey, club],
    ] as const) {
      expect(await list(userKey, tenant, true)).toEqual([]);
      expect(await run(userKey, tenant, ROTATE, { id })).toMatchObject({ code: 'NOT_FOUND' });
      expect(await run(userKey, tenant, REVOKE, { id })).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await knex('membership.apiKeys').where({ id }).first()).revokedAt).toBeNull();
  });

  it('rotates with an overlap, then revokes the old key at once', async () => {
    const rotated = await run(club.operator.userKey, club, ROTATE, { id: created.apiKey!.id, h: 2 });
    expect(rotated.key).toBeTruthy();
    expect(rotated.key).not.toBe(created.key);
    expect(rotated.previous).toMatchObject({ id: created.apiKey!.id, status: 'expiring' });
    expect(Date.parse(rotated.previous!.expiresAt!) - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    const revoked = await run(club.operator.userKey, club, REVOKE, { id: created.apiKey!.id });
    expect(revoked.apiKey).toMatchObject({ status: 'revoked' });
    expect(revoked.key).toBeNull();
    expect((await list(club.operator.userKey, club)).map((k) => k.id)).toEqual([rotated.apiKey!.id]);
    expect((await list(club.operator.userKey, club, true)).map((k) => k.status).sort()).toEqual(['active', 'revoked']);
    const actions = await knex('membership.auditLog').where({ subjectType: 'apiKey' }).orderBy('id').select('action');
    expect(actions.map((a: { action: string }) => a.action)).toEqual(['apiKey.created', 'apiKey.rotated', 'apiKey.revoked']);
  });

  it('rotates a key once: a second rotation, also a double click, is ALREADY_ROTATED and makes no key', async () => {
    const key = await run(club.operator.userKey, club, CREATE, { input: { label: 'Results partner', scopes: ['events:read'] } });
    const id = key.apiKey!.id;
    const clicks = await Promise.all([run(club.operator.userKey, club, ROTATE, { id }), run(club.operator.userKey, club, ROTATE, { id })]);
    expect(clicks.map((c) => c.__typename).sort()).toEqual(['PartnerApiKeyDone', 'PartnerApiKeyError']);
    expect(clicks.find((c) => c.__typename === 'PartnerApiKeyError')).toMatchObject({
      code: 'ALREADY_ROTATED',
      message: expect.stringMatching(/already been rotated/),
    });
    expect(await run(club.operator.userKey, club, ROTATE, { id, h: 0 })).toMatchObject({ code: 'ALREADY_ROTATED' });
    expect((await list(club.operator.userKey, club)).filter((k) => k.label === 'Results partner')).toHaveLength(2);
    const rotations = await knex('membership.auditLog').where({ action: 'apiKey.rotated', subjectId: id });
    expect(rotations).toHaveLength(1);
  });
});
