import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';

export const SESSIONS_CHANGED_CHANNEL = 'ems_sessions_changed';

/**
 * The name a session goes by in the cache and in change notifications: a hash, so that the
 * session id itself never travels in a NOTIFY (which a database may log).
 */
export function sessionKey(sid: string): string {
  return createHash('sha256').update(sid, 'utf8').digest('hex').slice(0, 32);
}

/** SQL that announces a changed or ended session, for statements that delete sessions in bulk. */
export const NOTIFY_SESSION_SQL = `pg_notify('${SESSIONS_CHANGED_CHANNEL}', left(encode(sha256(convert_to(sid, 'UTF8')), 'hex'), 32))`;

interface Entry {
  /** The row's session, parsed once and frozen: every request reading it gets its own copy. */
  data: object;
  expire: number;
  cachedAt: number;
  /** The session's sessionKey, under which notifications name it. */
  key: string;
}

/**
 * A short-lived cache of session rows in one router process, so that a busy session does not
 * cost a database read per request. Every router announces the sessions it changes or ends
 * (NOTIFY) and drops the ones others announce, so a logout or `npm run sessions -- end` applies
 * everywhere at once. While the notification channel is down, nothing is cached.
 */
export class SessionCache {
  /** By session id, so that a read does not hash; `sids` maps notified keys back. */
  private entries = new Map<string, Entry>();
  private sids = new Map<string, string>();
  /** Bumped on every invalidation: a read that began before one does not fill the cache. */
  private epoch = 0;
  private listening = false;
  private closed = false;
  private client: PoolClient | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  async listen(): Promise<void> {
    if (this.ttlMs <= 0) return;
    this.closed = false;
    try {
      const client = await this.pool.connect();
      client.on('notification', (msg) => {
        if (msg.payload) this.dropKey(msg.payload);
      });
      client.on('error', () => this.lost(client));
      await client.query(`LISTEN ${SESSIONS_CHANGED_CHANNEL}`);
      this.client = client;
      this.listening = true;
    } catch {
      this.retry();
    }
  }

  close(): void {
    this.closed = true;
    this.listening = false;
    this.clear();
    this.client?.release(true);
    this.client = null;
  }

  currentEpoch(): number {
    return this.epoch;
  }

  read(sid: string): { data: object; expire: number } | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    const now = Date.now();
    if (now - entry.cachedAt > this.ttlMs || entry.expire <= now) {
      this.remove(sid);
      return undefined;
    }
    return entry;
  }

  /** Caches a row read at `epoch`, unless an invalidation happened since. */
  fill(sid: string, data: object, expire: number, epoch: number): void {
    if (!this.enabled || epoch !== this.epoch) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    const key = this.entries.get(sid)?.key ?? sessionKey(sid);
    this.entries.set(sid, { data, expire, cachedAt: Date.now(), key });
    this.sids.set(key, sid);
  }

  drop(sid: string): void {
    this.epoch += 1;
    this.remove(sid);
  }

  /** Tells every router (this one included) that a session changed or ended. */
  async announce(sid: string): Promise<void> {
    this.drop(sid);
    if (this.ttlMs <= 0) return;
    await this.pool.query('SELECT pg_notify($1, $2)', [SESSIONS_CHANGED_CHANNEL, sessionKey(sid)]);
  }

  private dropKey(key: string): void {
    this.epoch += 1;
    const sid = this.sids.get(key);
    if (sid !== undefined) this.remove(sid);
  }

  private remove(sid: string): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    this.sids.delete(entry.key);
  }

  private clear(): void {
    this.entries.clear();
    this.sids.clear();
  }

  private lost(client: PoolClient): void {
    this.listening = false;
    this.clear();
    this.epoch += 1;
    client.release(true);
    if (this.client === client) this.client = null;
    this.retry();
  }

  private retry(): void {
    if (this.closed) return;
    setTimeout(() => void this.listen(), 1000).unref();
  }
}
