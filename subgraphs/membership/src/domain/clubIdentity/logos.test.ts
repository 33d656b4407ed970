import type { Request } from 'express';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { graphql, type GraphQLSchema } from 'graphql';
import { PNG } from 'pngjs';
import type { Knex } from '@ems/db';
import { AppError, InputError, type AccessTokenClaims } from '@ems/schema';
import { migratedScratchDatabase } from '../../../../../tests/support/scratchDatabase';
import { createContextFactory } from '../../context';
import type { PaymentService } from '../payments/service';
import { resolvers } from '../../resolvers';
import { typeDefs } from '../../server';
import { seedClub, type Club } from '../../testing/fixtures';
import { LOGO_MAX_BYTES } from './logoImage';
import { organisationLogoPaths, publicOrganisationLogo, setOrganisationLogo } from './logos';
import { tenantPublicIdentity } from './publicIdentity';

/**
 * Issue 23: an organisation's logo, stored in PostgreSQL, public at an address naming its content;
 * only PNG, JPEG and WebP (told by their bytes), at most 200 kB; and the tenant's public identity.
 */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
let club: Club;
let otherTenant: Club;

function png(size = 4): Buffer {
  const image = new PNG({ width: size, height: size });
  image.data.fill(200);
  return PNG.sync.write(image);
}
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 0x01, 0x01, 0xff, 0xd9]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);

/** The error a call threw, in the contract's REST shape. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const err: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.status, body: err.toBody() };
}

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  club = await seedClub(knex);
  otherTenant = await seedClub(knex);
});

afterAll(async () => {
  await db.drop();
});

describe('the logo is stored with its media type and content hash and served by that hash', () => {
  it.each([
    ['PNG', png(), 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])('a %s logo is kept as it was sent', async (_name, bytes, mediaType) => {
    const url = await setOrganisationLogo(knex, club.organisationId, bytes);
    const sha256 = url.split('/').pop()!;
    expect(url).toBe(`/services/admin-service/organisation-logos/${club.organisationId}/${sha256}`);
    const stored = await publicOrganisationLogo(knex, String(club.organisationId), sha256);
    expect(stored).toEqual({ organisationId: club.organisationId, mediaType, sha256, content: bytes });
  });

  it('a new logo replaces the old one, whose address then finds nothing', async () => {
    const first = await setOrganisationLogo(knex, club.organisationId, png(4));
    const second = await setOrganisationLogo(knex, club.organisationId, png(5));
    expect(second).not.toBe(first);
    expect(await publicOrganisationLogo(knex, String(club.organisationId), first.split('/').pop()!)).toBeNull();
    expect((await organisationLogoPaths(knex, [club.organisationId])).get(club.organisationId)).toBe(second);
  });

  it("another organisation's id with the hash, or a malformed address, finds nothing", async () => {
    const sha256 = (await setOrganisationLogo(knex, club.organisationId, png(6))).split('/').pop()!;
    expect(await publicOrganisationLogo(knex, String(otherTenant.organisationId), sha256)).toBeNull();
    expect(await publicOrganisationLogo(knex, `${club.organisationId}.0`, sha256)).toBeNull();
    expect(await publicOrganisationLogo(knex, '99999999999', sha256)).toBeNull();
    expect(await publicOrganisationLogo(knex, String(club.organisationId), sha256.toUpperCase())).toBeNull();
  });
});

describe('only PNG, JPEG and WebP of at most 200 kB are accepted, told by their bytes', () => {
  const before = async () => (await organisationLogoPaths(knex, [otherTenant.organisationId])).get(otherTenant.organisationId);

  it('an SVG is refused (it can carry script)', async () => {
    expect(await refusal(setOrganisationLogo(knex, otherTenant.organisationId, SVG))).toEqual({
      status: 400,
      body: {
        error: 'Bad Request',
        message: 'The logo must be a PNG, JPEG or WebP image (SVG and other formats are not accepted).',
        code: 'LOGO_UNSUPPORTED_FORMAT',
      },
    });
    expect(await before()).toBeUndefined();
  });

  it('other bytes are refused whatever they claim to be: a GIF, text, a PNG signature cut short', async () => {
    for (const bytes of [GIF, Buffer.from('hello'), png().subarray(0, 6)]) {
      const { body } = await refusal(setOrganisationLogo(knex, otherTenant.organisationId, bytes));
      expect(body).toMatchObject({ error: 'Bad Request', code: 'LOGO_UNSUPPORTED_FORMAT' });
    }
    expect(await before()).toBeUndefined();
  });

  it('a PNG over 200 kB is refused; one of exactly 200 kB is kept', async () => {
    const tooBig = Buffer.concat([png(), Buffer.alloc(LOGO_MAX_BYTES + 1 - png().length)]);
    expect(await refusal(setOrganisationLogo(knex, otherTenant.organisationId, tooBig))).toEqual({
      status: 400,
      body: {
        error: 'Bad Request',
        message: 'The logo is too large: at most 200 kB.',
        code: 'LOGO_TOO_LARGE',
        details: { maxBytes: LOGO_MAX_BYTES, bytes: LOGO_MAX_BYTES + 1 },
      },
    });
    expect(await before()).toBeUndefined();
    await setOrganisationLogo(knex, otherTenant.organisationId, tooBig.subarray(0, LOGO_MAX_BYTES));
    expect(await before()).toMatch(/^\/services\/admin-service\/organisation-logos\/\d+\/[0-9a-f]{64}$/);
  });

  it('an empty file is refused', async () => {
    await expect(setOrganisationLogo(knex, otherTenant.organisationId, Buffer.alloc(0))).rejects.toBeInstanceOf(InputError);
  });
});

describe("the tenant's public identity", () => {
  beforeAll(async () => {
    await knex('membership.organisations')
      .where({ id: club.organisationId })
      .update({ contactEmail: 'office@test.example', contactPhone: '+44 1', websiteUrl: 'https://test.example/' });
  });

  it('names the registration system and its clubs with logo and contact, and the period asked about', async () => {
    const logoUrl = await setOrganisationLogo(knex, club.organisationId, png(7));
    const identity = await tenantPublicIdentity(knex, club.tenantId, club.periodId);
    const period = await knex('membership.membershipPeriods').where({ id: club.periodId }).first('name');
    expect(identity).toEqual({
      registrationSystem: { name: expect.stringMatching(/^Tenant \d+$/) },
      organisations: [
        { id: expect.any(Number), name: 'Other Club', logoUrl: null, contactEmail: null, contactPhone: null, websiteUrl: null },
        {
          id: club.organisationId,
          name: 'Test Club',
          logoUrl,
          contactEmail: 'office@test.example',
          contactPhone: '+44 1',
          websiteUrl: 'https://test.example/',
        },
      ],
      period: { id: club.periodId, name: (period as { name: string }).name, organisationId: club.organisationId },
    });
  });

  it("another tenant's period is not named (nor is a period that does not exist)", async () => {
    expect((await tenantPublicIdentity(knex, otherTenant.tenantId, club.periodId)).period).toBeNull();
    expect((await tenantPublicIdentity(knex, club.tenantId, 987654321)).period).toBeNull();
  });

  it('an unknown registration system is a 404 in the contract shape', async () => {
    const { status, body } = await refusal(tenantPublicIdentity(knex, 987654321, null));
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Not Found', message: 'Unknown registration system', code: 'TENANT_NOT_FOUND' });
  });
});

describe('Organisation.logoUrl', () => {
  let schema: GraphQLSchema;
  beforeAll(() => {
    schema = buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
  });

  async function clubOfPeriod(userKey: string, tenant: Club, periodId: number) {
    const claims = { userKey, registrationSystemId: tenant.tenantId } as AccessTokenClaims;
    const req = { auth: { user: claims, authorities: [] } } as unknown as Request;
    const contextValue = await createContextFactory(knex, { payments: {} as PaymentService, localOutbox: false })(req);
    const source = `query($id: Int!) { membershipPeriod(id: $id) { organisation { name logoUrl } } }`;
    const res = await graphql({ schema, source, variableValues: { id: periodId }, contextValue });
    expect(res.errors).toBeUndefined();
    return (res.data as { membershipPeriod: { organisation: { name: string; logoUrl: string | null } } }).membershipPeriod.organisation;
  }

  it("is the club's current logo's public path", async () => {
    const logoUrl = await setOrganisationLogo(knex, club.organisationId, png(8));
    expect(await clubOfPeriod(club.family.userKey, club, club.periodId)).toEqual({ name: 'Test Club', logoUrl });
  });

  it('is null for a club without a logo', async () => {
    await knex('membership.organisationLogos').where({ organisationId: otherTenant.organisationId }).delete();
    expect(await clubOfPeriod(otherTenant.family.userKey, otherTenant, otherTenant.periodId)).toEqual({ name: 'Test Club', logoUrl: null });
  });
});
