import type { Request } from 'express';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { graphql } from 'graphql';
import type { AccessTokenClaims } from '@ems/schema';
import { seedClub, type Club } from '../../../membership/src/testing/fixtures';
import { createContextFactory } from '../context';
import { insertSourceSystemUnlessNameTaken } from '../data/sourceSystems';
import { membershipEvents } from '../flows/eventParticipants/membershipPort';
import { resolvers } from '../resolvers';
import { typeDefs } from '../server';
import { csvUpload, importsFixture, uploadParticipants, type ImportsFixture } from '../testing/fixture';
import { OperatorScope } from './access';
import { getImport, sourceSystems, templateVariants } from './commands';
import { createImportSourceSystem, SOURCE_SYSTEM_CREATED } from './sourceSystemCreation';

/**
 * createImportSourceSystem: an operator adds a source system for one of their organisations; its
 * operators see it and may import from it, others do not; its name is unique in the registration
 * system in any case, also when two operators create it at once. Real PostgreSQL.
 */
let f: ImportsFixture;
let otherOrganisationId: number;

beforeAll(async () => {
  f = await importsFixture();
  otherOrganisationId = (await f.knex('membership.orgUsers').where({ accountId: f.club.otherOperator.accountId }).first('organisationId'))
    .organisationId;
});
afterAll(() => f.drop());

const create = (scope: OperatorScope, name: string, organisationId: number | null = null) =>
  createImportSourceSystem(f.deps, scope, { name, organisationId });
const namesListedFor = async (scope: OperatorScope) => (await sourceSystems(f.deps, scope)).map((s) => s.name);
const rowCount = async () => Number((await f.knex('imports.sourceSystems').count({ n: '*' }))[0]!.n);
const auditCount = async () => Number((await f.knex('membership.auditLog').count({ n: '*' }))[0]!.n);

/** Nothing is written by a refused creation: no source system, no audit entry. */
async function expectRefusedWithoutWriting(creation: () => Promise<unknown>, refusal: { code: string; status: number }) {
  const [rows, entries] = [await rowCount(), await auditCount()];
  await expect(creation()).rejects.toMatchObject(refusal);
  expect([await rowCount(), await auditCount()]).toEqual([rows, entries]);
}

describe('a new source system', () => {
  it('is the named organisation’s: listed for its operators after this system’s own export, and in the audit log', async () => {
    const created = await create(f.operator(), '  Race   Timing ', f.club.organisationId);
    expect(created).toEqual({
      id: expect.any(Number),
      registrationSystemId: f.club.tenantId,
      organisationId: f.club.organisationId,
      name: 'Race Timing',
      isSelf: false,
    });
    expect(await namesListedFor(f.operator())).toEqual(['This system (own export)', 'Race Timing']);
    expect(await templateVariants(f.deps, f.operator(), created.id)).toEqual([]);
    const entries = await f.knex('membership.auditLog').where({ action: SOURCE_SYSTEM_CREATED, subjectId: String(created.id) });
    expect(entries).toEqual([
      expect.objectContaining({
        registrationSystemId: f.club.tenantId,
        organisationId: f.club.organisationId,
        actorAccountId: f.club.operator.accountId,
        actorUserKey: f.club.operator.userKey,
        subjectType: 'import_source_system',
        before: null,
        after: { name: 'Race Timing', organisationId: f.club.organisationId },
      }),
    ]);
  });

  it('is the operator’s only organisation’s when they name none', async () => {
    expect(await create(f.operator(), 'Old Club Database')).toMatchObject({ organisationId: f.club.organisationId });
    expect(await create(f.otherOperator(), 'Other Club Timing')).toMatchObject({ organisationId: otherOrganisationId });
  });

  it('is not listed for an operator of another organisation, who may neither read nor import from it', async () => {
    const created = await create(f.operator(), 'Private Timing');
    expect(await namesListedFor(f.otherOperator())).not.toContain('Private Timing');
    await expect(templateVariants(f.deps, f.otherOperator(), created.id)).rejects.toMatchObject({ code: 'SOURCE_SYSTEM_NOT_FOUND' });
    const [event] = await f
      .knex('membership.events')
      .insert({ organisationId: otherOrganisationId, name: 'Other Race', startsOn: '2026-06-01' })
      .returning('id');
    await expect(
      uploadParticipants(
        f.deps,
        f.otherOperator(),
        { eventId: String((event as { id: number }).id), sourceSystemId: String(created.id) },
        csvUpload('First name,Last name\nA,B\n'),
      ),
    ).rejects.toMatchObject({ code: 'UNKNOWN_SOURCE_SYSTEM' });
  });

  it('is an external source its operators import from: its keys may be trusted and read as External ID', async () => {
    const created = await create(f.operator(), 'Timing Company');
    const event = await f.event();
    const job = await uploadParticipants(
      f.deps,
      f.operator(),
      { eventId: String(event.id), sourceSystemId: String(created.id), trustPKs: 'true' },
      csvUpload('Athlete ID,Given,Family\nTC-1,Anna,Berg\n'),
    );
    // "Given" is no known name, so the columns stage asks; "Athlete ID" is read as External ID,
    // a column only an external source has.
    const view = await getImport(f.operator(), job.id);
    expect(view).toMatchObject({ sourceSystemId: created.id, state: 'COLUMNS_NEEDED' });
    expect(view.columns).toMatchObject({
      mappings: expect.arrayContaining([expect.objectContaining({ header: 'Athlete ID', field: 'externalId' })]),
    });
  });

  it('is of one registration system: another may use the same name, and does not see it', async () => {
    const other: Club = await seedClub(f.knex);
    const operatorThere = new OperatorScope(f.knex, membershipEvents, {
      registrationSystemId: other.tenantId,
      userKey: other.operator.userKey,
    });
    await create(f.operator(), 'Shared Name Timing');
    expect(await create(operatorThere, 'Shared Name Timing')).toMatchObject({ registrationSystemId: other.tenantId });
    expect(await namesListedFor(operatorThere)).toEqual(['This system (own export)', 'Shared Name Timing']);
  });
});

describe('who may create one', () => {
  it('not a user who operates no organisation', async () => {
    const member = new OperatorScope(f.knex, membershipEvents, { registrationSystemId: f.club.tenantId, userKey: f.club.family.userKey });
    await expectRefusedWithoutWriting(() => create(member, 'Member Timing'), { code: 'NOT_AN_OPERATOR', status: 403 });
  });

  it('an organisation the operator does not run is not found: another of the registration system, another’s, none', async () => {
    const elsewhere = await seedClub(f.knex);
    for (const organisationId of [otherOrganisationId, elsewhere.organisationId, 999_999]) {
      await expectRefusedWithoutWriting(() => create(f.operator(), 'Not Mine', organisationId), {
        code: 'ORGANISATION_NOT_FOUND',
        status: 404,
      });
    }
  });

  it('an operator of several organisations names one (ORGANISATION_REQUIRED), and may create for each', async () => {
    const [account] = await f
      .knex('membership.accounts')
      .insert({ registrationSystemId: f.club.tenantId, externalUserId: 'two.clubs' })
      .returning('id');
    const accountId = (account as { id: number }).id;
    await f.knex('membership.orgUsers').insert(
      [f.club.organisationId, otherOrganisationId].map((organisationId) => ({
        accountId,
        organisationId,
        roles: ['ROLE_USER', 'ROLE_ORG_ADMIN'],
      })),
    );
    const twoClubs = new OperatorScope(f.knex, membershipEvents, { registrationSystemId: f.club.tenantId, userKey: 'two.clubs' });
    await expectRefusedWithoutWriting(() => create(twoClubs, 'Which Club'), { code: 'ORGANISATION_REQUIRED', status: 400 });
    expect(await create(twoClubs, 'For The Other Club', otherOrganisationId)).toMatchObject({ organisationId: otherOrganisationId });
    expect(await namesListedFor(f.otherOperator())).toContain('For The Other Club');
    expect(await namesListedFor(f.operator())).not.toContain('For The Other Club');
  });
});

describe('its name', () => {
  it.each([
    ['empty', '  ', 'SOURCE_SYSTEM_NAME_REQUIRED'],
    ['over 100 characters', 'x'.repeat(101), 'SOURCE_SYSTEM_NAME_TOO_LONG'],
    ['with a control character', 'Bad\u0007Bell', 'INVALID_CHARACTERS'],
    ['this system’s own export', 'this system (own export)', 'SOURCE_SYSTEM_NAME_RESERVED'],
  ])('is refused %s, and nothing is written', async (_case, name, code) => {
    await expectRefusedWithoutWriting(() => create(f.operator(), name), { code, status: 400 });
  });

  it('is unique in the registration system whatever its case, also across its organisations (SOURCE_SYSTEM_EXISTS)', async () => {
    await create(f.operator(), 'Club Register');
    for (const [scope, name] of [
      [f.operator, 'Club Register'],
      [f.operator, 'CLUB register'],
      [f.otherOperator, ' club  register '],
    ] as const) {
      await expectRefusedWithoutWriting(() => create(scope(), name), { code: 'SOURCE_SYSTEM_EXISTS', status: 409 });
    }
  });

  it('two created at once: one source system, and the other refused', async () => {
    const results = await Promise.allSettled([create(f.operator(), 'Twice Timing'), create(f.otherOperator(), 'twice timing')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual([
      expect.objectContaining({ code: 'SOURCE_SYSTEM_EXISTS' }),
    ]);
    expect(await f.knex('imports.sourceSystems').whereRaw('lower(name) = ?', ['twice timing']).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('taken by a creation not yet committed: the second waits for it, then is refused (the unique index decides, not a read)', async () => {
    const first = await f.knex.transaction();
    try {
      await insertSourceSystemUnlessNameTaken(first, {
        registrationSystemId: f.club.tenantId,
        organisationId: otherOrganisationId,
        name: 'Race Day Timing',
        isSelf: false,
      });
      const second = create(f.operator(), 'race day timing');
      second.catch(() => undefined);
      await waitUntilBlockedOnALock();
      await first.commit();
      await expect(second).rejects.toMatchObject({ code: 'SOURCE_SYSTEM_EXISTS' });
    } finally {
      if (!first.isCompleted()) await first.rollback();
    }
    expect(await namesListedFor(f.operator())).not.toContain('race day timing');
  });
});

describe('through GraphQL (createImportSourceSystem)', () => {
  const schema = buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
  const MUTATION = `mutation($name: String!, $organisationId: ID) {
    createImportSourceSystem(name: $name, organisationId: $organisationId) { id name isSelf organisationId templateVariants { key } } }`;

  async function run(variables: Record<string, unknown>) {
    const user = { userKey: f.club.operator.userKey, registrationSystemId: f.club.tenantId } as AccessTokenClaims;
    const contextValue = await createContextFactory(f.deps)({ auth: { user, authorities: [] } } as unknown as Request);
    const result = await graphql({ schema, source: MUTATION, contextValue, variableValues: variables });
    return {
      data: result.data?.createImportSourceSystem ?? null,
      codes: result.errors?.map((e) => (e.originalError as { code?: string } | undefined)?.code),
    };
  }

  it('answers the new source system, and refusals with their codes (an id that is none: not found)', async () => {
    expect(await run({ name: 'GraphQL Timing', organisationId: String(f.club.organisationId) })).toEqual({
      data: {
        id: expect.any(String),
        name: 'GraphQL Timing',
        isSelf: false,
        organisationId: String(f.club.organisationId),
        templateVariants: [],
      },
      codes: undefined,
    });
    expect((await run({ name: 'graphql timing' })).codes).toEqual(['SOURCE_SYSTEM_EXISTS']);
    expect((await run({ name: 'Elsewhere', organisationId: 'riverside' })).codes).toEqual(['ORGANISATION_NOT_FOUND']);
    expect((await run({ name: 'Elsewhere', organisationId: '99999999999' })).codes).toEqual(['ORGANISATION_NOT_FOUND']);
  });
});

/** Until a backend of this database waits for a lock, or a second has passed (then the assertions after it tell). */
async function waitUntilBlockedOnALock(): Promise<void> {
  const deadline = Date.now() + 1000;
  while (Date.now() < deadline) {
    const { rows } = await f.knex.raw(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0].waiting > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
