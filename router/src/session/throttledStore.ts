import connectPgSimple from 'connect-pg-simple';
import session, { type SessionData } from 'express-session';
import type { Pool } from 'pg';
import { SessionCache } from './sessionCache';

const PGStore = connectPgSimple(session);

/** Public methods of connect-pg-simple that its type definitions leave out. */
interface PGStoreInternals {
  query(sql: string, params: unknown[], callback: (err: unknown, row?: { sess: unknown; expire: Date }) => void): void;
  quotedTable(): string;
}

/** Where `get` notes the expiry the row had when it was read (never persisted, see `set`). */
const STORED_EXPIRY = '_storedExpiresAt';
type Loaded = SessionData & { [STORED_EXPIRY]?: number };

/**
 * connect-pg-simple, but a rolling session's row is only touched when its stored expiry has
 * fallen more than `touchIntervalMs` behind the new one. With an idle window of 30 minutes and
 * a 60 s interval, a busy session costs one write a minute instead of one per request; the
 * price is that a session may end up to `touchIntervalMs` before the full idle window.
 */
export class ThrottledPgStore extends PGStore {
  constructor(
    options: connectPgSimple.PGStoreOptions,
    private readonly touchIntervalMs: number,
    /** Reads are served from here while fresh; see SessionCache. */
    readonly cache: SessionCache,
  ) {
    super(options);
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    const cached = this.cache.read(sid);
    if (cached) return callback(null, loaded(cached.data as SessionData, cached.expire));
    const epoch = this.cache.currentEpoch();
    const store = this as unknown as PGStoreInternals;
    store.query(`SELECT sess, expire FROM ${store.quotedTable()} WHERE sid = $1 AND expire >= now()`, [sid], (err, row) => {
      if (err) return callback(err);
      if (!row) return callback(null, null);
      const data = deepFreeze((typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as SessionData);
      const expire = new Date(row.expire).getTime();
      this.cache.fill(sid, data, expire, epoch);
      callback(null, loaded(data, expire));
    });
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    super.destroy(sid, (err?: unknown) => {
      if (err) return callback?.(err);
      this.cache.announce(sid).then(() => callback?.(), callback);
    });
  }

  /**
   * A session read from the table is only ever updated, never inserted again: when it was ended
   * meanwhile (logout elsewhere, `npm run sessions -- end`), a request still in flight must not
   * bring it back. New sessions (sign-in) are inserted as usual.
   */
  override set(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    const { [STORED_EXPIRY]: storedExpiry, ...persisted } = sess as Loaded;
    if (storedExpiry === undefined) {
      // A new session: no router can have it cached, so there is nothing to announce.
      super.set(sid, persisted as SessionData, callback);
      return;
    }
    const done = (err?: unknown) => {
      if (err) return callback?.(err);
      this.cache.announce(sid).then(() => callback?.(), callback);
    };
    const store = this as unknown as PGStoreInternals;
    const expires = persisted.cookie?.expires ? new Date(persisted.cookie.expires) : new Date(Date.now() + this.touchIntervalMs);
    store.query(
      `UPDATE ${store.quotedTable()} SET sess = $1, expire = to_timestamp($2) WHERE sid = $3`,
      [persisted, Math.ceil(expires.getTime() / 1000), sid],
      (err) => done(err ?? undefined),
    );
  }

  override touch(sid: string, sess: SessionData, callback?: (err?: unknown) => void): void {
    const stored = (sess as Loaded)[STORED_EXPIRY];
    const next = sess.cookie?.expires ? new Date(sess.cookie.expires).getTime() : Date.now();
    if (stored !== undefined && next - stored < this.touchIntervalMs) {
      callback?.();
      return;
    }
    // Only the expiry moved: drop the local copy; other routers reload once theirs looks expired.
    this.cache.drop(sid);
    super.touch(sid, sess, callback);
  }
}

export function isStoredSession(sess: SessionData | undefined): boolean {
  return (sess as Loaded | undefined)?.[STORED_EXPIRY] !== undefined;
}

/**
 * A request's own session from a stored one: express-session replaces `cookie` with a Cookie
 * object and the request may replace `auth` (a token refresh), so the top level and the cookie
 * are copied; nested values are shared, frozen, so that nothing can change them in place.
 * Copying costs a fraction of parsing the row's JSON again for every request.
 */
function loaded(stored: SessionData, expire: number): SessionData {
  const sess: Loaded = { ...stored, cookie: { ...stored.cookie } };
  sess[STORED_EXPIRY] = expire;
  return sess;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

export function createSessionStore(pool: Pool, touchIntervalSeconds: number, cacheSeconds = 0): ThrottledPgStore {
  return new ThrottledPgStore(
    { pool, schemaName: 'gateway', tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 300 },
    touchIntervalSeconds * 1000,
    new SessionCache(pool, cacheSeconds * 1000),
  );
}
