import { createHash } from 'node:crypto';
import { ChannelListener, SESSIONS_CHANGED_CHANNEL, type Knex } from '@ems/db';

// Defined beside deleteSessionsOfAccount in @ems/db (the router and membership end sessions the same way).
export { NOTIFY_SESSION_SQL, SESSIONS_CHANGED_CHANNEL } from '@ems/db';

/** A session's name in notifications: a hash, so that no session id travels in a NOTIFY (a database may log it). */
export function sessionKey(sid: string): string {
  return createHash('sha256').update(sid, 'utf8').digest('hex').slice(0, 32);
}

interface Entry {
  json: string;
  expire: number;
  cachedAt: number;
  /** The session's sessionKey, by which notifications name it. */
  key: string;
}

/**
 * Session rows a router keeps for a few seconds, so that a busy session does not cost a database
 * read per request. Every router announces the sessions it changes or ends (NOTIFY) and drops
 * the ones any router announces, so a logout or `npm run sessions -- end` applies everywhere at
 * once. While the notification channel is down, nothing is served from the cache.
 */
export class SessionCache {
  /** By session id, so that a read does not hash; `sids` maps notified keys back. */
  private entries = new Map<string, Entry>();
  private sids = new Map<string, string>();
  /** Bumped by every invalidation: a read that began before one does not fill the cache. */
  private generation = 0;
  /** Session changes announced by any router; while it is down nothing is served from memory. */
  private readonly changes: ChannelListener;

  constructor(
    private readonly db: Knex,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {
    // A lost connection is reported without a payload: everything is forgotten.
    this.changes = new ChannelListener(db, SESSIONS_CHANGED_CHANNEL, (key) => (key === undefined ? this.forgetAll() : this.dropKey(key)));
  }

  async listen(): Promise<void> {
    if (this.ttlMs > 0) await this.changes.start();
  }

  /** A fresh copy of a cached session (express-session changes the object it is given). */
  read(sid: string): { sess: Record<string, unknown>; expire: number } | undefined {
    if (!this.changes.listening) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (Date.now() - entry.cachedAt > this.ttlMs || entry.expire <= Date.now()) {
      this.remove(sid);
      return undefined;
    }
    return { sess: JSON.parse(entry.json) as Record<string, unknown>, expire: entry.expire };
  }

  currentGeneration(): number {
    return this.generation;
  }

  /** Caches a row read at `generation`, unless an invalidation happened since. */
  fill(sid: string, sess: object, expire: number, generation: number): void {
    if (!this.changes.listening || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    const key = this.entries.get(sid)?.key ?? sessionKey(sid);
    this.entries.set(sid, { json: JSON.stringify(sess), expire, cachedAt: Date.now(), key });
    this.sids.set(key, sid);
  }

  /** Forgets a session here only (its expiry moved; other routers re-read once theirs looks expired). */
  drop(sid: string): void {
    this.generation += 1;
    this.remove(sid);
  }

  /** Tells every router, this one included, that a session changed or ended. */
  async announce(sid: string): Promise<void> {
    this.drop(sid);
    if (this.ttlMs > 0) await this.db.raw('SELECT pg_notify(?, ?)', [SESSIONS_CHANGED_CHANNEL, sessionKey(sid)]);
  }

  close(): void {
    this.changes.close();
    this.clear();
  }

  private dropKey(key: string): void {
    this.generation += 1;
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

  private forgetAll(): void {
    this.generation += 1;
    this.clear();
  }
}
