import session, { type SessionData } from 'express-session';
import type { Knex } from '@ems/db';
import { SessionCache } from './sessionCache';

/** Where `get` notes the expiry the row had when it was read; never stored (see `set`). */
const STORED_EXPIRY = 'storedExpiresAt';
type Loaded = SessionData & { [STORED_EXPIRY]?: number };
type Callback = (err?: unknown) => void;

const TABLE = 'gateway.session';
const PRUNE_EVERY_MS = 5 * 60_000;

/**
 * express-session's store in PostgreSQL (table `gateway.session`, created by our migration),
 * shared by every router. Two rules beyond a plain store:
 *
 * - A rolling session's row is written only when its stored expiry has fallen `touchIntervalMs`
 *   behind the new one: a busy session costs one write a minute, not one per request, and may
 *   end up to that much before its full idle window.
 * - A session read from the table is only ever updated, never inserted again: a request still
 *   in flight when the session was ended (logout elsewhere, `npm run sessions -- end`) must not
 *   bring it back. New sessions (sign-in) are inserted.
 * - Reads are served for a few seconds from a per-router cache (see SessionCache); every change
 *   or end of a session is announced to all routers.
 */
export class PgSessionStore extends session.Store {
  private readonly pruner: NodeJS.Timeout;

  readonly cache: SessionCache;

  constructor(
    private readonly db: Knex,
    private readonly touchIntervalMs: number,
    cacheMs = 0,
  ) {
    super();
    this.cache = new SessionCache(db, cacheMs);
    this.pruner = setInterval(() => void this.pruneExpired().catch(() => undefined), PRUNE_EVERY_MS).unref();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    const cached = this.cache.read(sid);
    if (cached) return callback(null, { ...cached.sess, [STORED_EXPIRY]: cached.expire } as Loaded);
    const generation = this.cache.currentGeneration();
    this.db(TABLE)
      .where({ sid })
      .andWhere('expire', '>=', this.db.fn.now())
      .first('sess', 'expire')
      .then((row?: { sess: SessionData; expire: Date }) => {
        if (!row) return callback(null, null);
        const expire = new Date(row.expire).getTime();
        this.cache.fill(sid, row.sess, expire, generation);
        callback(null, { ...row.sess, [STORED_EXPIRY]: expire } as Loaded);
      }, callback);
  }

  override set(sid: string, sess: SessionData, callback: Callback = () => undefined): void {
    const { [STORED_EXPIRY]: storedExpiry, ...persisted } = sess as Loaded;
    const expire = expiryOf(persisted, this.touchIntervalMs);
    const row = { sess: JSON.stringify(persisted), expire };
    const write =
      storedExpiry === undefined
        ? this.db(TABLE)
            .insert({ sid, ...row })
            .onConflict('sid')
            .merge()
        : this.db(TABLE).where({ sid }).update(row);
    // A new session: no router can hold it yet. A changed one: every router drops its copy.
    write.then(() => (storedExpiry === undefined ? undefined : this.cache.announce(sid))).then(() => callback(), callback);
  }

  override touch(sid: string, sess: SessionData, callback: Callback = () => undefined): void {
    const stored = (sess as Loaded)[STORED_EXPIRY];
    const expire = expiryOf(sess, this.touchIntervalMs);
    if (stored !== undefined && expire.getTime() - stored < this.touchIntervalMs) return callback();
    this.cache.drop(sid);
    this.db(TABLE)
      .where({ sid })
      .update({ expire })
      .then(() => callback(), callback);
  }

  override destroy(sid: string, callback: Callback = () => undefined): void {
    this.db(TABLE)
      .where({ sid })
      .delete()
      .then(() => this.cache.announce(sid))
      .then(() => callback(), callback);
  }

  /** Expired rows are never read (see `get`); this only keeps the table small. */
  async pruneExpired(): Promise<number> {
    return this.db(TABLE).where('expire', '<', this.db.fn.now()).delete();
  }

  close(): void {
    clearInterval(this.pruner);
    this.cache.close();
  }
}

/** Whether the request's session was read from the store, not made just now. */
export function isStoredSession(req: { session?: object }): boolean {
  return req.session !== undefined && STORED_EXPIRY in req.session;
}

function expiryOf(sess: SessionData, fallbackMs: number): Date {
  return sess.cookie?.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + fallbackMs);
}
