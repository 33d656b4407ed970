import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Knex } from '@ems/db';
import { TooManyRequestsError } from '@ems/schema';

export interface RateLimitSettings {
  /** Attempts allowed per key in one window. */
  points: number;
  windowSeconds: number;
}

/**
 * A fixed-window counter per key in PostgreSQL (rate-limiter-flexible's Postgres store), so every
 * process on the database shares it: two routers count one client's attempts together. The
 * `<schema>.rate_limits` table comes from our migration (20261122100000_rate_limits), not the store.
 */
/** The limits' table in each owning schema (created by our migration, not by the store). */
const TABLE = 'rate_limits';

export class RateLimit {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    db: Knex,
    opts: RateLimitSettings & {
      /** The owning process's schema (`gateway` for the router, `membership` for the pay link). */
      schema: string;
      /** Names the limit inside the table: `sign-in:address`, `pay-link:address`, ... */
      name: string;
      /** The message of the 429 answer. */
      message: string;
    },
  ) {
    this.message = opts.message;
    this.db = db;
    this.schema = opts.schema;
    this.limiter = new RateLimiterPostgres({
      storeClient: db,
      storeType: 'knex',
      schemaName: opts.schema,
      tableName: TABLE,
      tableCreated: true,
      keyPrefix: opts.name,
      points: opts.points,
      duration: opts.windowSeconds,
    });
  }

  private readonly message: string;
  private readonly db: Knex;
  private readonly schema: string;

  /** Counts one attempt; throws TooManyRequestsError (429, Retry-After) once the window's points are spent. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(storedKey(key));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new TooManyRequestsError(this.message, err.msBeforeNext / 1000);
      throw err;
    }
  }

  /**
   * Gives one attempt back (a sign-in that succeeded does not count against the user key), never
   * below nothing: the store's `reward` subtracts without bound, so refunds the key has not paid
   * for (a replay, a refund after the window ended) would bank attempts for later. One guarded
   * UPDATE, atomic against concurrent refunds; nothing when the key has no live points.
   */
  async refund(key: string): Promise<void> {
    await this.db
      .withSchema(this.schema)
      .table(TABLE)
      .where({ key: this.limiter.getKey(storedKey(key)) })
      .where('points', '>', 0)
      .where((live) => live.whereNull('expire').orWhere('expire', '>', Date.now()))
      .decrement('points', 1);
  }

  /** Express middleware counting every request by `keyOf(req)`. */
  middleware(keyOf: (req: Request) => string): RequestHandler {
    return (req, _res, next) => {
      this.consume(keyOf(req)).then(() => next(), next);
    };
  }
}

/**
 * The client's address behind the router: the last X-Forwarded-For entry is the one the router
 * itself appended (the client as it sees it, `req.ip`); entries before it could be anything.
 */
export function forwardedClientAddress(req: Request): string {
  const forwarded = req.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return forwarded || req.socket.remoteAddress || '';
}

/** Keys are hashed: the table's key is varchar(255), and a user key is personal data. */
function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
