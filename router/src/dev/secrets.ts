import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateApiKey } from '@ems/db';

/** Secrets of a local installation, generated on first start and kept (mode 0600) under `.data/`. */
export interface DevSecrets {
  jwtSecret: string;
  sessionSecret: string;
  portalApiKey: string;
  customerSecret: string;
  /** Signs the built-in payment provider's webhooks. */
  paymentWebhookSecret: string;
  /** The admin portal's router: its key for the admin service, and the secret of its own session cookie. */
  adminPortalApiKey: string;
  adminSessionSecret: string;
  /** The admin router as a client of the demo OpenID provider, the provider's cookie key, and the demo operators' password. */
  oidcClientSecret: string;
  demoIdpCookieKey: string;
  demoIdpPassword: string;
  /** The member portal's router as a client of the demo OpenID provider (Hillside's member sign-in, rule 12). */
  memberOidcClientSecret: string;
}

export function generateDevSecrets(): DevSecrets {
  return {
    jwtSecret: randomBytes(64).toString('base64url'),
    sessionSecret: randomBytes(32).toString('base64url'),
    portalApiKey: generateApiKey(),
    customerSecret: randomBytes(24).toString('base64url'),
    paymentWebhookSecret: randomBytes(32).toString('base64url'),
    adminPortalApiKey: generateApiKey(),
    adminSessionSecret: randomBytes(32).toString('base64url'),
    oidcClientSecret: randomBytes(32).toString('base64url'),
    demoIdpCookieKey: randomBytes(32).toString('base64url'),
    demoIdpPassword: randomBytes(9).toString('base64url'),
    memberOidcClientSecret: randomBytes(32).toString('base64url'),
  };
}

export function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json');
  mkdirSync(dataDir, { recursive: true });
  const existing = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>) : {};
  // Secrets added by later versions are generated on the way; existing ones are kept.
  const secrets: DevSecrets = { ...generateDevSecrets(), ...existing };
  if (Object.keys(existing).length === Object.keys(secrets).length) return secrets;
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
