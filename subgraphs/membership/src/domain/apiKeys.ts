import type { Knex, Portal } from '@ems/db';
import { generateApiKey, hashApiKey, keyPrefix, MIN_API_KEY_LENGTH } from '@ems/db';
import { ConflictError, InputError, isPartnerScope, NotFoundError, PARTNER_SCOPES, type PartnerScope } from '@ems/schema';
import {
  announceApiKeyChange,
  findApiKey,
  findApiKeyForUpdate,
  findApiKeyIdByHash,
  findOrganisationTenants,
  insertApiKey,
  listApiKeys,
  registrationSystemExists,
  revokeApiKeys,
  setApiKeyExpiry,
  setApiKeySuccessor,
  type ApiKeyRow,
} from '../data/apiKeys';

/**
 * Operating the admin service's API keys (contract rules 6, 8 and 9): a key per portal and
 * environment, rotation with an overlap during which old and new keys both work, and immediate
 * revocation. Keys are stored only as hashes; a new key is returned exactly once, by the
 * function that made it. Each change commits together with a NOTIFY, so running services reload
 * their key cache as soon as (and only if) the change is visible.
 */

export const PORTALS: readonly Portal[] = ['registration', 'admin', 'partner'];
export const DEFAULT_OVERLAP_HOURS = 24;
/** The ConflictError code of a second rotation of the same key (docs/errors.md). */
export const API_KEY_ALREADY_ROTATED = 'API_KEY_ALREADY_ROTATED';
/** `ApiKeyVerifier` ignores longer values; storing one would make a key that never works. */
export const MAX_API_KEY_LENGTH = 512;

export type ApiKeyStatus = 'active' | 'expiring' | 'expired' | 'revoked';

/** Everything about a key that may be shown: never the key, never its hash. */
export interface ApiKeySummary {
  id: number;
  prefix: string;
  portal: Portal;
  label: string | null;
  registrationSystemId: number | null;
  organisationIds: number[] | null;
  /** What a partner key may read; empty for a portal's key. */
  scopes: PartnerScope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  status: ApiKeyStatus;
}

export interface IssuedApiKey {
  apiKey: ApiKeySummary;
  /** The key itself. Only its hash is stored, so this is the one chance to hand it over. */
  key: string;
  /** The key was supplied by the operator rather than generated. */
  imported: boolean;
}

export interface NewApiKeyInput {
  portal: Portal;
  label?: string | null;
  /** Tenant scope; null for a platform key (the portal's own). */
  registrationSystemId?: number | null;
  organisationIds?: number[] | null;
  /** Partner keys only, at least one: what the key may read (PARTNER_SCOPES). */
  scopes?: string[] | null;
  expiresInDays?: number | null;
  /** An operator-generated key to store instead of a generated one. */
  value?: string | null;
}

export interface RotateApiKeyInput {
  /** How long the old key keeps working next to the new one; 0 revokes it at once (emergency rotation). */
  overlapHours?: number;
  /** Defaults to the old key's label. */
  label?: string | null;
  expiresInDays?: number | null;
  value?: string | null;
}

export interface RotatedApiKey {
  issued: IssuedApiKey;
  /** The old key after the rotation. */
  previous: ApiKeySummary;
  /** The old key's status before the rotation (a revoked or expired key is left as it was). */
  previousStatusBefore: ApiKeyStatus;
}

export interface RevokedApiKey {
  apiKey: ApiKeySummary;
  alreadyRevoked: boolean;
}

const HOUR_MS = 3_600_000;

export function summarizeApiKey(row: ApiKeyRow, now = new Date()): ApiKeySummary {
  let status: ApiKeyStatus = 'active';
  if (row.revokedAt) status = 'revoked';
  else if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) status = 'expired';
  else if (row.expiresAt) status = 'expiring';
  return {
    id: row.id,
    prefix: row.prefix,
    portal: row.portal,
    label: row.label,
    registrationSystemId: row.registrationSystemId,
    organisationIds: row.organisationIds,
    scopes: row.scopes,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    status,
  };
}

export async function createApiKey(db: Knex, input: NewApiKeyInput, now = new Date()): Promise<IssuedApiKey> {
  if (!PORTALS.includes(input.portal)) throw new InputError(`portal must be one of ${PORTALS.join(', ')}`);
  const registrationSystemId = input.registrationSystemId ?? null;
  // null: no organisation named (a portal key for all of them). An empty list names none, which
  // must not widen into "all" for any kind of key.
  if (input.organisationIds && input.organisationIds.length === 0) {
    throw new InputError('An empty organisation list names no organisation: give at least one (--orgs), or leave it out', {
      code: 'INVALID_INPUT',
    });
  }
  const organisationIds = input.organisationIds ? [...new Set(input.organisationIds)] : null;
  const scopes = checkPartnerScopes(input.portal, registrationSystemId, organisationIds, input.scopes ?? []);
  return db.transaction(async (trx) => {
    await checkScope(trx, registrationSystemId, organisationIds);
    const issued = await storeKey(trx, {
      portal: input.portal,
      label: normalizeLabel(input.label),
      registrationSystemId,
      organisationIds,
      scopes,
      expiresAt: expiryAfterDays(input.expiresInDays, now),
      value: input.value,
      now,
    });
    await announceApiKeyChange(trx);
    return issued;
  });
}

export async function listApiKeySummaries(db: Knex, options: { includeRevoked: boolean }, now = new Date()): Promise<ApiKeySummary[]> {
  const rows = await listApiKeys(db, options.includeRevoked);
  return rows.map((row) => summarizeApiKey(row, now));
}

/**
 * Step one of rule 9: a new key with the old one's portal and scope, while the old one keeps
 * working for the overlap (never longer than it would have anyway). Removing the old key once
 * every portal uses the new one is `revokeApiKey`.
 *
 * A key is rotated once (409 API_KEY_ALREADY_ROTATED after that): a second rotation would leave
 * two live successors of which the portal gets one, and the other would work unnoticed. The row
 * lock makes a rotation racing this one wait, then see the successor and be refused.
 */
export async function rotateApiKey(db: Knex, id: number, input: RotateApiKeyInput = {}, now = new Date()): Promise<RotatedApiKey> {
  const overlapHours = input.overlapHours ?? DEFAULT_OVERLAP_HOURS;
  if (!Number.isFinite(overlapHours) || overlapHours < 0) throw new InputError('overlap hours must be zero or more');
  return db.transaction(async (trx) => {
    const old = await findApiKeyForUpdate(trx, id);
    if (!old) throw new NotFoundError(`API key ${id} not found`);
    if (old.successorId !== null) {
      throw new ConflictError(`API key ${id} was already rotated: key ${old.successorId} replaces it (rotate that one instead)`, {
        code: API_KEY_ALREADY_ROTATED,
        details: { successorId: old.successorId },
      });
    }
    const issued = await storeKey(trx, {
      portal: old.portal,
      label: input.label === undefined ? old.label : normalizeLabel(input.label),
      registrationSystemId: old.registrationSystemId,
      organisationIds: old.organisationIds,
      scopes: old.scopes,
      expiresAt: expiryAfterDays(input.expiresInDays, now),
      value: input.value,
      now,
    });
    await setApiKeySuccessor(trx, id, issued.apiKey.id);
    const previousStatusBefore = summarizeApiKey(old, now).status;
    if (previousStatusBefore === 'active' || previousStatusBefore === 'expiring') {
      if (overlapHours === 0) {
        await revokeApiKeys(trx, [id], now);
      } else {
        const overlapEnd = new Date(now.getTime() + overlapHours * HOUR_MS);
        if (!old.expiresAt || old.expiresAt > overlapEnd) await setApiKeyExpiry(trx, id, overlapEnd);
      }
    }
    await announceApiKeyChange(trx);
    const previous = await findApiKey(trx, id);
    return { issued, previous: summarizeApiKey(previous ?? old, now), previousStatusBefore };
  });
}

/** Immediate: the last step of a rotation, and the emergency path. */
export async function revokeApiKey(db: Knex, id: number, now = new Date()): Promise<RevokedApiKey> {
  return db.transaction(async (trx) => {
    const revoked = await revokeApiKeys(trx, [id], now);
    const row = await findApiKey(trx, id);
    if (!row) throw new NotFoundError(`API key ${id} not found`);
    if (revoked > 0) await announceApiKeyChange(trx);
    return { apiKey: summarizeApiKey(row, now), alreadyRevoked: revoked === 0 };
  });
}

/** Refuses a value the verifier could never accept, so a mistyped import fails here and not at the portal. */
export function checkApiKeyValue(value: string): void {
  if (value.length < MIN_API_KEY_LENGTH) throw new InputError(`An API key must be at least ${MIN_API_KEY_LENGTH} characters long`);
  if (value.length > MAX_API_KEY_LENGTH) throw new InputError(`An API key must be at most ${MAX_API_KEY_LENGTH} characters long`);
  // Visible ASCII only: the key travels in a header, and `Authorization: ApiKey <key>` ends at whitespace.
  if (!/^[\x21-\x7e]+$/.test(value)) throw new InputError('An API key may contain only visible ASCII characters (no spaces)');
}

interface StoreKeyInput {
  portal: Portal;
  label: string | null;
  registrationSystemId: number | null;
  organisationIds: number[] | null;
  scopes: PartnerScope[];
  expiresAt: Date | null;
  value: string | null | undefined;
  now: Date;
}

async function storeKey(trx: Knex, { value, now, ...row }: StoreKeyInput): Promise<IssuedApiKey> {
  const imported = value !== undefined && value !== null;
  const key = imported ? value : generateApiKey();
  if (imported) checkApiKeyValue(key);
  const keyHash = hashApiKey(key);
  if ((await findApiKeyIdByHash(trx, keyHash)) !== null) {
    throw new ConflictError('This key value is already stored; generate a new one');
  }
  const stored = await insertApiKey(trx, { ...row, prefix: keyPrefix(key), keyHash });
  return { apiKey: summarizeApiKey(stored, now), key, imported };
}

/**
 * A partner key reads for one registration system, some of its organisations and some scopes, all
 * three named (nothing is implied: a partner with no organisation or scope could read nothing);
 * a portal's key has no scopes.
 */
function checkPartnerScopes(
  portal: Portal,
  registrationSystemId: number | null,
  organisationIds: number[] | null,
  scopes: string[],
): PartnerScope[] {
  const unique = [...new Set(scopes)];
  if (portal !== 'partner') {
    if (unique.length) throw new InputError('Only partner keys have scopes');
    return [];
  }
  const unknown = unique.filter((s) => !isPartnerScope(s));
  if (unknown.length) throw new InputError(`Unknown scope(s) ${unknown.join(', ')}: use ${PARTNER_SCOPES.join(', ')}`);
  if (registrationSystemId === null) throw new InputError('A partner key needs a registration system (--tenant)');
  if (!organisationIds) throw new InputError('A partner key needs at least one organisation of its registration system (--orgs)');
  if (!unique.length) throw new InputError(`A partner key needs at least one scope (--scope): ${PARTNER_SCOPES.join(', ')}`);
  return unique.filter(isPartnerScope);
}

async function checkScope(trx: Knex, registrationSystemId: number | null, organisationIds: number[] | null): Promise<void> {
  if (registrationSystemId !== null && !(await registrationSystemExists(trx, registrationSystemId))) {
    throw new InputError(`Registration system ${registrationSystemId} does not exist`);
  }
  if (!organisationIds) return;
  const tenants = await findOrganisationTenants(trx, organisationIds);
  const missing = organisationIds.filter((o) => !tenants.has(o));
  if (missing.length) throw new InputError(`Organisation(s) ${missing.join(', ')} do not exist`);
  if (registrationSystemId === null) return;
  const foreign = organisationIds.filter((o) => tenants.get(o) !== registrationSystemId);
  if (foreign.length)
    throw new InputError(`Organisation(s) ${foreign.join(', ')} do not belong to registration system ${registrationSystemId}`);
}

function normalizeLabel(label: string | null | undefined): string | null {
  const trimmed = label?.trim();
  if (!trimmed) return null;
  if (trimmed.length > 200) throw new InputError('A label must be at most 200 characters long');
  return trimmed;
}

function expiryAfterDays(days: number | null | undefined, now: Date): Date | null {
  if (days === undefined || days === null) return null;
  // At most a hundred years: a key that should never expire has no expiry at all.
  if (!Number.isInteger(days) || days <= 0 || days > 36_500) throw new InputError('expires-in-days must be a whole number from 1 to 36500');
  return new Date(now.getTime() + days * 24 * HOUR_MS);
}
