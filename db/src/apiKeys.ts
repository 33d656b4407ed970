import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { PartnerScope } from '@ems/schema';
import { ChannelListener } from './channelListener';

/** The contract's minimum length for an API key (rotation rule 9). */
export const MIN_API_KEY_LENGTH = 32;
export type Portal = 'registration' | 'admin' | 'partner';

export interface ApiKeyIdentity {
  id: number;
  portal: Portal;
  registrationSystemId: number | null;
  organisationIds: number[] | null;
  /** What a partner key may read (empty for a portal's key). */
  scopes: PartnerScope[];
  /** When the key stops working (null: never); a partner token never outlives it. */
  expiresAt: Date | null;
}

interface ActiveKey extends ApiKeyIdentity {
  hash: Buffer;
}

/** A new random key: 48 url-safe characters (288 bits). */
export function generateApiKey(): string {
  return `ems_${randomBytes(33).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function keyPrefix(key: string): string {
  return key.slice(0, 10);
}

export const API_KEYS_CHANGED_CHANNEL = 'ems_api_keys_changed';

/**
 * Checks presented API keys against the active (unrevoked, unexpired) stored hashes. The hashes
 * are cached in memory and reloaded after `cacheSeconds` or at once when the keys command
 * announces a change (LISTEN/NOTIFY), so a revoked key stops working within moments and a
 * request never waits on the database. Every stored hash is compared, in constant time, so the
 * time taken says nothing about which key (or how much of it) matched.
 */
export class ApiKeyVerifier {
  private keys: ActiveKey[] = [];
  private loadedAt = 0;
  /** Counts announced changes: a load that a change overtook is not fresh (it may hold a revoked key). */
  private generation = 0;
  private loading: Promise<void> | null = null;
  private lastUsedWrites = new Map<number, number>();
  /** Every change (and a lost connection) makes the next verify reload. */
  private readonly changes: ChannelListener;

  constructor(
    private readonly knex: Knex,
    private readonly cacheSeconds = 30,
  ) {
    this.changes = new ChannelListener(knex, API_KEYS_CHANGED_CHANNEL, () => {
      this.generation++;
      this.loadedAt = 0;
    });
  }

  /**
   * Subscribes to key changes; call once at start-up. While the listening connection is down (a
   * database restart), the cache falls back to its time limit and the subscription is renewed.
   */
  async listen(): Promise<void> {
    await this.changes.start();
  }

  async close(): Promise<void> {
    this.changes.close();
  }

  async verify(presented: string | undefined | null): Promise<ApiKeyIdentity | null> {
    if (!presented || presented.length < MIN_API_KEY_LENGTH || presented.length > 512) return null;
    await this.refreshIfStale();
    const hash = Buffer.from(hashApiKey(presented), 'hex');
    const now = Date.now();
    let match: ActiveKey | null = null;
    for (const key of this.keys) {
      if (timingSafeEqual(key.hash, hash) && (key.expiresAt === null || key.expiresAt.getTime() > now)) {
        match = key;
      }
    }
    if (!match) return null;
    this.recordUse(match.id, now);
    const { id, portal, registrationSystemId, organisationIds, scopes, expiresAt } = match;
    return { id, portal, registrationSystemId, organisationIds, scopes, expiresAt };
  }

  private async refreshIfStale(): Promise<void> {
    if (Date.now() - this.loadedAt < this.cacheSeconds * 1000) return;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    const rows: Array<{
      id: number;
      keyHash: string;
      portal: Portal;
      registrationSystemId: number | null;
      organisationIds: number[] | null;
      scopes: PartnerScope[];
      expiresAt: Date | null;
    }> = await this.knex('membership.api_keys')
      .select('id', 'keyHash', 'portal', 'registrationSystemId', 'organisationIds', 'scopes', 'expiresAt')
      .whereNull('revokedAt');
    this.keys = rows.map((r) => ({ ...r, hash: Buffer.from(r.keyHash, 'hex') }));
    // A change announced while the rows were read may not be in them: the next verify reads again.
    this.loadedAt = generation === this.generation ? Date.now() : 0;
  }

  /** `last_used_at` is informational: written at most once a minute per key, off the request path. */
  private recordUse(id: number, now: number): void {
    const last = this.lastUsedWrites.get(id) ?? 0;
    if (now - last < 60_000) return;
    this.lastUsedWrites.set(id, now);
    this.knex('membership.api_keys')
      .where({ id })
      .update({ lastUsedAt: new Date(now) })
      .catch(() => this.lastUsedWrites.delete(id));
  }
}
