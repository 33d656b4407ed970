import type { Request } from 'express';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { graphql } from 'graphql';
import { PNG } from 'pngjs';
import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { createContextFactory } from '../../context';
import { resolvers } from '../../resolvers';
import { typeDefs } from '../../server';
import { seedClub, type Club } from '../../testing/fixtures';
import { LOGO_MAX_BYTES } from '../clubIdentity/logoImage';
import { organisationLogoPaths } from '../clubIdentity/logos';
import type { PaymentService } from '../payments/service';
import { scopeForUserKey } from '../scope';
import { setOperatorOrganisationLogo } from './organisationLogo';

/**
 * Issue 23: an operator sets or replaces their organisation's logo; the image is checked like
 * every logo, the change is audited (organisation.logo_changed) in its transaction, and nobody
 * changes another organisation's logo.
 */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let club: Club;

function png(size: number): string {
  const image = new PNG({ width: size, height: size });
  image.data.fill(120);
  return PNG.sync.write(image).toString('base64');
}
const scopeOf = (userKey: string) => scopeForUserKey(knex, club.tenantId, userKey);
const auditEntries = () =>
  knex('membership.auditLog')
    .where({ action: 'organisation.logo_changed' })
    .orderBy('id')
    .select('organisationId', 'before', 'after', 'actorUserKey');
const currentLogo = async () => (await organisationLogoPaths(knex, [club.organisationId])).get(club.organisationId) ?? null;

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  club = await seedClub(knex);
});
afterAll(async () => {
  await db.drop();
});

it('an operator sets the logo, then replaces it; each change is audited with the hashes before and after', async () => {
  const scope = await scopeOf(club.operator.userKey);
  const first = await setOperatorOrganisationLogo(knex, scope, String(club.organisationId), png(8));
  expect(first).toEqual({ ok: true, organisationId: club.organisationId, logoUrl: expect.stringMatching(/\/[0-9a-f]{64}$/) });
  const second = await setOperatorOrganisationLogo(knex, scope, String(club.organisationId), png(9));
  if (!first.ok || !second.ok) throw new Error('expected both changes');
  expect(await currentLogo()).toBe(second.logoUrl);
  const hash = (url: string) => url.split('/').pop();
  expect(await auditEntries()).toEqual([
    {
      organisationId: club.organisationId,
      before: null,
      after: { sha256: hash(first.logoUrl), mediaType: 'image/png', bytes: expect.any(Number) },
      actorUserKey: club.operator.userKey,
    },
    {
      organisationId: club.organisationId,
      before: { sha256: hash(first.logoUrl) },
      after: { sha256: hash(second.logoUrl), mediaType: 'image/png', bytes: expect.any(Number) },
      actorUserKey: club.operator.userKey,
    },
  ]);
});

it.each([
  [
    'an SVG',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64'),
    'UNSUPPORTED_FORMAT',
  ],
  ['text that is not base64', 'not base64!', 'UNSUPPORTED_FORMAT'],
  ['an image over 200 kB', Buffer.concat([Buffer.from(png(4), 'base64'), Buffer.alloc(LOGO_MAX_BYTES)]).toString('base64'), 'TOO_LARGE'],
  ['nothing', '', 'EMPTY'],
])('%s is refused (%s), and nothing changes', async (_name, imageBase64, code) => {
  const before = { logo: await currentLogo(), audit: (await auditEntries()).length };
  const result = await setOperatorOrganisationLogo(knex, await scopeOf(club.operator.userKey), String(club.organisationId), imageBase64);
  expect(result).toEqual({ ok: false, code, message: expect.any(String) });
  expect({ logo: await currentLogo(), audit: (await auditEntries()).length }).toEqual(before);
});

it("another organisation's operator, a member, and an anonymous caller find no such organisation", async () => {
  for (const userKey of [club.otherOperator.userKey, club.family.userKey]) {
    expect(await setOperatorOrganisationLogo(knex, await scopeOf(userKey), String(club.organisationId), png(4))).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  }
  expect(await setOperatorOrganisationLogo(knex, null, String(club.organisationId), png(4))).toMatchObject({
    ok: false,
    code: 'NOT_FOUND',
  });
});

it('Mutation.setOrganisationLogo answers the organisation with its new logo, or the refusal', async () => {
  const schema = buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
  const claims = { userKey: club.operator.userKey, registrationSystemId: club.tenantId } as AccessTokenClaims;
  const req = { auth: { user: claims, authorities: [] } } as unknown as Request;
  const source = `mutation($id: ID!, $image: String!) { setOrganisationLogo(organisationId: $id, imageBase64: $image) {
    __typename ... on OrganisationLogoSet { organisation { id logoUrl } } ... on OrganisationLogoError { code message } } }`;
  const run = async (image: string) => {
    const contextValue = await createContextFactory(knex, { payments: {} as PaymentService, localOutbox: false })(req);
    const res = await graphql({ schema, source, variableValues: { id: String(club.organisationId), image }, contextValue });
    expect(res.errors).toBeUndefined();
    return (res.data as { setOrganisationLogo: unknown }).setOrganisationLogo;
  };
  const set = await run(png(11));
  expect(set).toEqual({
    __typename: 'OrganisationLogoSet',
    organisation: { id: String(club.organisationId), logoUrl: await currentLogo() },
  });
  expect(await run(Buffer.from('GIF89a').toString('base64'))).toEqual({
    __typename: 'OrganisationLogoError',
    code: 'UNSUPPORTED_FORMAT',
    message: 'The logo must be a PNG, JPEG or WebP image (SVG and other formats are not accepted).',
  });
});
