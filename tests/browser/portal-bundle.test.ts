import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createKnex } from '@ems/db';
import { e2eContext } from '../support/stackContext';
import { JWT_PATTERN } from './support/browser';

/**
 * Contract rules 1, 2 and 7: the shared secret, the API key and the JWT (and the secret that
 * signs it) never reach the browser. This proves it for the built portal, every file of
 * portal-web/dist (source maps included), against the secrets of this e2e run and of the local
 * installation (.data/dev-secrets.json, when there is one). That no response to the browser
 * carries a JWT is checked for every response of every browser test (support/browser.ts).
 */
const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'portal-web', 'dist');
const DEV_SECRETS = path.join(ROOT, '.data', 'dev-secrets.json');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

async function knownSecrets(): Promise<Array<{ source: string; name: string; value: string }>> {
  const ctx = e2eContext();
  const secrets = Object.entries(ctx.secrets).map(([name, value]) => ({ source: 'this e2e run', name, value }));
  if (existsSync(DEV_SECRETS)) {
    const local = JSON.parse(readFileSync(DEV_SECRETS, 'utf8')) as Record<string, string>;
    for (const [name, value] of Object.entries(local)) secrets.push({ source: '.data/dev-secrets.json', name, value });
  }
  // Every customer secret the installation holds, not only the one the demo seed made.
  const knex = createKnex(ctx.databaseUrl, { poolMax: 1 });
  try {
    const rows: Array<{ label: string; secret: string }> = await knex('membership.customer_secrets').select('label', 'secret');
    for (const row of rows)
      secrets.push({ source: 'membership.customer_secrets', name: `customer secret ${row.label}`, value: row.secret });
  } finally {
    await knex.destroy();
  }
  return secrets.filter((s) => typeof s.value === 'string' && s.value.length >= 12);
}

describe('the built portal bundle', () => {
  const files = existsSync(DIST) ? filesUnder(DIST) : [];
  const contents = files.map((file) => ({ file: path.relative(ROOT, file), text: readFileSync(file, 'latin1') }));

  it('exists (npm test builds portal-web/dist before jest)', () => {
    expect(files.map((f) => path.relative(DIST, f))).toContain('index.html');
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  });

  it('contains no customer secret, no API key, no JWT secret nor any other secret of the installation', async () => {
    const secrets = await knownSecrets();
    expect(secrets.map((s) => s.name)).toEqual(expect.arrayContaining(['customerSecret', 'portalApiKey', 'jwtSecret']));
    const found = contents.flatMap(({ file, text }) =>
      secrets.filter(({ value }) => text.includes(value)).map((s) => `${file}: ${s.name} (${s.source})`),
    );
    expect(found).toEqual([]);
  });

  it('contains no JWT-looking string', () => {
    expect(contents.filter(({ text }) => JWT_PATTERN.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('does not speak to the admin service itself (no API-key header, no token endpoint)', () => {
    const found = contents.flatMap(({ file, text }) =>
      [/x-api-key/i, /ApiKey /, /\/api\/auth\/exchange/, /\/auth\/token-exchange/].filter((p) => p.test(text)).map((p) => `${file}: ${p}`),
    );
    expect(found).toEqual([]);
  });
});
