import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import express from 'express';
import { DEMO_TENANT_PERIODS, DEMO_TENANTS, DEMO_USERS, type DemoUser } from '@ems/membership/demo';

/**
 * A stand-in for a club's own website: it knows its users' keys and the shared secret, and signs
 * links into the portal the way a real customer website would (md5 for the first demo tenant,
 * hmac-sha256 with timestamp and nonce for the second). Used by `npm start` and the tests.
 */
export function signMd5Link(secret: string, userKey: string): { u: string; h: string } {
  return {
    u: userKey,
    h: createHash('md5')
      .update(secret + userKey)
      .digest('hex'),
  };
}

export function signHmacLink(secret: string, userKey: string, now = new Date()): { u: string; h: string; t: string; n: string } {
  const t = String(Math.floor(now.getTime() / 1000));
  const n = randomBytes(12).toString('base64url');
  return { u: userKey, h: createHmac('sha256', secret).update(`${userKey}:${t}:${n}`).digest('hex'), t, n };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function startCustomerSite(options: {
  port: number;
  host: string;
  portalPort: number;
  secret: string;
  /** The period every link leads to; by default each tenant's own open demo period. */
  periodId?: number;
  /** The members listed; the demo users by default. */
  users?: readonly DemoUser[];
}): Promise<{ url: string; stop(): Promise<void> }> {
  const app = express();
  app.get('/', (_req, res) => {
    const rows = (options.users ?? DEMO_USERS)
      .map((user) => {
        const tenant = DEMO_TENANTS.find((t) => t.id === user.registrationSystemId)!;
        const host = tenant.hosts[0];
        const base = `http://${host}:${options.portalPort}`;
        const signed: { u: string; h: string; t?: string; n?: string } =
          tenant.hashScheme === 'md5' ? signMd5Link(options.secret, user.userKey) : signHmacLink(options.secret, user.userKey);
        const portal = new URL(`${base}/membership/register/${options.periodId ?? DEMO_TENANT_PERIODS[tenant.id] ?? 1}`);
        for (const [k, v] of Object.entries(signed)) if (v) portal.searchParams.set(k, v);
        const gateway = new URL(`${base}/api/auth/external-login`);
        gateway.searchParams.set('userKey', signed.u);
        gateway.searchParams.set('userHash', signed.h);
        if (signed.t && signed.n) {
          gateway.searchParams.set('timestamp', signed.t);
          gateway.searchParams.set('nonce', signed.n);
        }
        gateway.searchParams.set('returnUrl', '/');
        const self = user.persons[0]!;
        return `<tr><td>${escapeHtml(`${self.firstName} ${self.lastName}`)}</td><td><code>${escapeHtml(user.userKey)}</code></td>
        <td>${escapeHtml(tenant.name)} (${tenant.hashScheme})</td>
        <td><a href="${escapeHtml(portal.toString())}">Register for membership</a></td>
        <td><a href="${escapeHtml(gateway.toString())}">Sign in (gateway GET)</a></td></tr>`;
      })
      .join('\n');
    res.setHeader('cache-control', 'no-store');
    res.type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Demo club website</title>
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{padding:.5rem;border-bottom:1px solid #ccc;text-align:left}</style></head>
      <body><h1>Demo club website</h1>
      <p>This page plays the part of a club's own website. It holds the shared secret and signs a link for each of its members.
      hmac-sha256 links carry a timestamp and a single-use nonce: reload the page for fresh ones.</p>
      <table><thead><tr><th>Member</th><th>User key</th><th>Registration system</th><th>Portal</th><th>Gateway</th></tr></thead><tbody>${rows}</tbody></table></body></html>`);
  });
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(options.port, options.host, () => {
      resolve({
        url: `http://localhost:${options.port}`,
        stop: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
    server.once('error', reject);
  });
}
