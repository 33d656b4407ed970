import session, { type SessionData } from 'express-session';
import type { Knex } from '@ems/db';

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
 */
export class PgSessionStore extends session.Store {
  private readonly pruner: NodeJS.Timeout;

  constructor(
    private readonly db: Knex,
    private readonly touchIntervalMs: number,
  ) {
    super();
    this.pruner = setInterval(() => void this.pruneExpired().catch(() => undefined), PRUNE_EVERY_MS).unref();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.db(TABLE)
      .where({ sid })
      .andWhere('expire', '>=', this.db.fn.now())
      .first('sess', 'expire')
      .then((row?: { sess: SessionData; expire: Date }) => {
        if (!row) return callback(null, null);
        callback(null, { ...row.sess, [STORED_EXPIRY]: new Date(row.expire).getTime() } as Loaded);
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
    write.then(() => callback(), callback);
  }

  override touch(sid: string, sess: SessionData, callback: Callback = () => undefined): void {
    const stored = (sess as Loaded)[STORED_EXPIRY];
    const expire = expiryOf(sess, this.touchIntervalMs);
    if (stored !== undefined && expire.getTime() - stored < this.touchIntervalMs) return callback();
    this.db(TABLE)
      .where({ sid })
      .update({ expire })
      .then(() => callback(), callback);
  }

  override destroy(sid: string, callback: Callback = () => undefined): void {
    this.db(TABLE)
      .where({ sid })
      .delete()
      .then(() => callback(), callback);
  }

  /** Expired rows are never read (see `get`); this only keeps the table small. */
  async pruneExpired(): Promise<number> {
    return this.db(TABLE).where('expire', '<', this.db.fn.now()).delete();
  }

  close(): void {
    clearInterval(this.pruner);
  }
}

/** Whether the request's session was read from the store, not made just now. */
export function isStoredSession(req: { session?: object }): boolean {
  return req.session !== undefined && STORED_EXPIRY in req.session;
}

function expiryOf(sess: SessionData, fallbackMs: number): Date {
  return sess.cookie?.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + fallbackMs);
}
