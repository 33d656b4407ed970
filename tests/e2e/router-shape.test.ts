import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { browser, signedInBrowser } from '../support/demo';
import { e2eContext } from '../support/stackContext';

/**
 * The router's shape (issue "The house in order"): one middleware order in server.ts that every
 * kind of request goes through, and the portal served as production serves it.
 */
const ctx = e2eContext();
const DIST = path.resolve(__dirname, '..', '..', 'portal-web', 'dist');

/** The router's access lines in the e2e stack's log that mention `marker`, waiting for them a little. */
async function routerLinesWith(
  marker: string,
  expected: number,
): Promise<Array<{ req: { method: string; url: string }; res: { statusCode: number } }>> {
  for (let attempt = 0; ; attempt += 1) {
    const lines = readFileSync(ctx.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('router\t') && line.includes(marker))
      .map((line) => JSON.parse(line.slice('router\t'.length)) as { req: { method: string; url: string }; res: { statusCode: number } });
    if (lines.length >= expected || attempt >= 40) return lines;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('middleware registered in the router’s one place', () => {
  it('sees proxied REST calls, GraphQL calls and sign-in calls (the access log)', async () => {
    const marker = randomUUID();
    const client = await signedInBrowser('anna.berg');
    expect((await client.get(`/services/admin-service/actuator/health?probe=${marker}`)).status).toBe(200);
    expect((await client.get(`/api/forms/membership/1?probe=${marker}`)).status).toBe(200);
    expect((await client.post(`/graphql?probe=${marker}`, { json: { query: '{ viewer { userKey } }' } })).status).toBe(200);
    expect((await client.post(`/api/auth/refresh?probe=${marker}`)).status).toBe(200);
    const lines = await routerLinesWith(marker, 4);
    expect(lines.map((l) => `${l.req.method} ${l.req.url.split('?')[0]} ${l.res.statusCode}`).sort()).toEqual([
      'GET /api/forms/membership/1 200',
      'GET /services/admin-service/actuator/health 200',
      'POST /api/auth/refresh 200',
      'POST /graphql 200',
    ]);
  });

  it('refuses a cross-site write on every kind of path (the origin check, registered once)', async () => {
    const client = await signedInBrowser('anna.berg');
    const crossSite = { origin: 'https://evil.example' };
    for (const [method, url] of [
      ['POST', '/services/admin-service/api/forms/next'],
      ['POST', '/api/forms/next'],
      ['POST', '/graphql'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await client.request(method, url, { headers: crossSite, json: {} });
      expect([url, res.status, res.json<{ code: string }>().code]).toEqual([url, 403, 'CROSS_SITE_REQUEST']);
    }
    // Still signed in: the refused logout did nothing.
    expect((await client.graphql<{ viewer: { userKey: string } }>('{ viewer { userKey } }')).body.data?.viewer.userKey).toBe('anna.berg');
  });
});

describe('the one session mechanism (express-session)', () => {
  it('treats a session cookie with a forged signature, or none, as no session', async () => {
    const client = await signedInBrowser('anna.berg');
    const signed = decodeURIComponent(client.sessionId()!); // s:<sid>.<signature>
    const sidOnly = signed.slice(2, signed.lastIndexOf('.'));
    for (const forged of [`s:${sidOnly}.${'A'.repeat(43)}`, sidOnly, `s:${sidOnly}`]) {
      const res = await browser().get('/api/forms/membership/1', { headers: { cookie: `ems.sid=${encodeURIComponent(forged)}` } });
      expect([forged.length, res.status]).toEqual([forged.length, 401]);
      expect(res.json()).toEqual({ error: 'Not authenticated', message: 'Session not found or expired' });
    }
    expect((await client.get('/api/forms/membership/1')).status).toBe(200);
  });
});

/** A GET whose body is not decoded, so the encoding on the wire can be checked. */
function rawGet(
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(urlPath, ctx.urls.router), { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the portal, served like production', () => {
  it('serves its JavaScript and CSS compressed as the browser accepts, cached as immutable', async () => {
    const index = await rawGet('/', { accept: 'text/html' });
    expect(index.status).toBe(200);
    expect(index.headers['cache-control']).toBe('no-store');
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    expect(index.headers['x-frame-options']).toBe('DENY');
    const assets = [...index.body.toString('utf8').matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const original = readFileSync(path.join(DIST, asset));
      const br = await rawGet(asset, { 'accept-encoding': 'gzip, deflate, br' });
      expect([asset, br.status, br.headers['content-encoding']]).toEqual([asset, 200, 'br']);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
      expect(br.body.length).toBeLessThan(original.length);

      const gzip = await rawGet(asset, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.body).equals(original)).toBe(true);

      const plain = await rawGet(asset, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(original)).toBe(true);
    }
  });

  it('never serves a source map', async () => {
    const index = await rawGet('/', { accept: 'text/html' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index.body.toString('utf8'))![1]!;
    expect((await rawGet(`${script}.map`, {})).status).toBe(404);
    expect(readFileSync(path.join(DIST, script), 'utf8')).not.toMatch(/sourceMappingURL/);
  });

  it('answers an unknown browser route with index.html, uncached', async () => {
    const res = await browser().get('/membership/register/1', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('<div id="root">');
  });
});
