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
}

export function generateDevSecrets(): DevSecrets {
  return {
    jwtSecret: randomBytes(64).toString('base64url'),
    sessionSecret: randomBytes(32).toString('base64url'),
    portalApiKey: generateApiKey(),
    customerSecret: randomBytes(24).toString('base64url'),
  };
}

export function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets = generateDevSecrets();
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
