import { createHash } from 'node:crypto';
import { API_KEYS_CHANGED_CHANNEL, ChannelListener, type Knex } from '@ems/db';
import { AUTH_ERRORS, AuthenticationError, ForbiddenError, UpstreamError } from '@ems/schema';
import type { AdminServiceClient } from '../auth/adminClient';

/** A partner token is used until this long before it expires, then exchanged again. */
const REFRESH_AHEAD_MS = 30_000;
const MAX_ENTRIES = 10_000;

export interface PartnerGrant {
  /** A hash of the key: how the cache and the rate limit name it (never the key itself). */
  keyHash: string;
  token: string;
  useUntil: number;
}

/**
 * The partner tokens this router holds, by a hash of the partner key, each until shortly before
 * it expires; exchanges of one key run once at a time. Revocation: every change of any key is
 * announced on the key channel (NOTIFY) and empties the cache of every router at once, and while
 * this router is not listening it caches nothing. The token never leaves the router, so a
 * revoked key's token, still valid at the subgraphs, is no longer presented by anyone.
 */
export class PartnerTokens {
  private readonly grants = new Map<string, PartnerGrant>();
  private readonly exchanges = new Map<string, Promise<PartnerGrant>>();
  /** Bumped by every key change: an exchange that began before one is not cached. */
  private generation = 0;
  private readonly keyChanges: ChannelListener;

  constructor(
    db: Knex,
    private readonly admin: Pick<AdminServiceClient, 'partnerToken'>,
  ) {
    this.keyChanges = new ChannelListener(db, API_KEYS_CHANGED_CHANNEL, () => this.clear());
  }

  listen(): Promise<void> {
    return this.keyChanges.start();
  }

  close(): void {
    this.keyChanges.close();
    this.clear();
  }

  async grantFor(key: string): Promise<PartnerGrant> {
    const keyHash = createHash('sha256').update(key, 'utf8').digest('base64url');
    const held = this.grants.get(keyHash);
    if (held && held.useUntil > Date.now()) return held;
    return this.exchanges.get(keyHash) ?? this.startExchange(key, keyHash);
  }

  private startExchange(key: string, keyHash: string): Promise<PartnerGrant> {
    const generation = this.generation;
    const exchange = this.exchange(key, keyHash);
    this.exchanges.set(keyHash, exchange);
    const done = () => this.exchanges.get(keyHash) === exchange && this.exchanges.delete(keyHash);
    exchange.then((grant) => {
      done();
      this.keep(grant, generation);
    }, done);
    return exchange;
  }

  private async exchange(key: string, keyHash: string): Promise<PartnerGrant> {
    const result = await this.admin.partnerToken(key);
    if (result.ok) return { keyHash, token: result.value.token, useUntil: Date.parse(result.value.expiresAt) - REFRESH_AHEAD_MS };
    if (result.status === 403) throw new ForbiddenError(result.body.message ?? 'Forbidden', { code: 'PARTNER_KEY_INCOMPLETE' });
    if (result.status < 500) throw new AuthenticationError(AUTH_ERRORS.invalidApiKey.message);
    throw new UpstreamError('Upstream service unavailable', { code: 'UPSTREAM_UNAVAILABLE' });
  }

  private keep(grant: PartnerGrant, generation: number): void {
    if (generation !== this.generation || !this.keyChanges.listening || grant.useUntil <= Date.now()) return;
    if (this.grants.size >= MAX_ENTRIES) this.grants.clear();
    this.grants.set(grant.keyHash, grant);
  }

  private clear(): void {
    this.generation += 1;
    this.grants.clear();
    this.exchanges.clear();
  }
}
