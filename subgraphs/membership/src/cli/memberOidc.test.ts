import type { Knex } from '@ems/db';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { seedMembershipDemo } from '../demo';
import { findTenantMemberOidc } from '../data/memberOidc';
import { runMemberOidcCommand } from './memberOidc';

/** `npm run member-oidc`: a tenant's member provider (rule 12), its secret from stdin and never printed. */
let db: Awaited<ReturnType<typeof migratedScratchDatabase>>;
let knex: Knex;
const SECRET = 'member-client-secret-0123456789';

beforeAll(async () => {
  db = await migratedScratchDatabase();
  knex = db.knex;
  await seedMembershipDemo(knex, { customerSecret: 's'.repeat(40), portalApiKey: 'k'.repeat(40) });
});
afterAll(async () => {
  await db.drop();
});

async function run(argv: string[], stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMemberOidcCommand(argv, knex, { out: (t) => out.push(t), err: (t) => err.push(t), readStdin: async () => stdin });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run member-oidc', () => {
  it('sets, shows and removes a provider; the secret comes from stdin and is never shown', async () => {
    const set = await run(
      ['set', '1', '--issuer', 'https://id.riverside.example/', '--client-id', 'portal', '--name', 'Riverside ID'],
      `${SECRET}\n`,
    );
    expect(set).toMatchObject({ code: 0, err: '' });
    expect(await findTenantMemberOidc(knex, 1)).toMatchObject({
      issuerUrl: 'https://id.riverside.example',
      clientSecret: SECRET,
      displayName: 'Riverside ID',
      anonymousAllowed: true,
    });
    const show = await run(['show', '1']);
    expect(show.out).toContain('"Riverside ID", issuer https://id.riverside.example, client portal, anonymous registration offered');
    expect(show.out + set.out).not.toContain(SECRET);
    expect((await run(['remove', '1'])).out).toContain('member sign-in removed');
    expect(await findTenantMemberOidc(knex, 1)).toBeNull();
  });

  it('refuses a plain-http issuer off the loopback, a short secret and an unknown tenant, changing nothing', async () => {
    const args = (tenant: string, issuer: string) => [
      'set',
      tenant,
      '--issuer',
      issuer,
      '--client-id',
      'portal',
      '--name',
      'Club ID',
      '--no-anonymous',
    ];
    expect((await run(args('1', 'http://id.example.org'), SECRET)).code).toBe(2);
    expect((await run(args('1', 'https://id.example.org'), 'short')).code).toBe(2);
    expect((await run(args('99', 'https://id.example.org'), SECRET)).err).toContain('Registration system not found');
    expect(await findTenantMemberOidc(knex, 1)).toBeNull();
    expect((await run(args('1', 'http://127.0.0.1:4011'), SECRET)).code).toBe(0);
    expect(await findTenantMemberOidc(knex, 1)).toMatchObject({ anonymousAllowed: false });
    expect((await run(['set'])).code).toBe(2);
  });
});
