import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { RequestHandler } from 'express';
import type { Knex } from '@ems/db';
import { ServiceUnavailableError } from '@ems/schema';
import { clientGoneSignal } from './http';

/**
 * The statements a GraphQL read (a query: the operators' lists and searches, the partner API, a
 * member's screens) runs have a time limit and end with their caller. Every data function takes
 * the service's one knex instance, so the rule lives where that instance takes a connection: a
 * read's statements run on a pool whose connections carry `statement_timeout`, and the
 * connections a read holds are cancelled (`pg_cancel_backend`, knex's cancel) when its client, the
 * router, hangs up. Mutations, REST, workers and CLIs are unchanged: a write waiting on a lock (an
 * import's number lock, a payer's order) must not fail half-way because a read would be slow.
 */

type Connection = object;

/** One GraphQL request's database use; only a read's is limited. */
class RequestQueries {
  /** Set once the operation is known to be a query (queryKindPlugin). */
  read = false;
  /** The connections the request holds, each with the way to cancel its statement. */
  readonly held = new Map<Connection, () => Promise<unknown>>();
  readonly cancelling = new Map<Connection, Promise<unknown>>();

  constructor(readonly signal: AbortSignal) {
    signal.addEventListener('abort', () => this.cancelAll(), { once: true });
  }

  private cancelAll(): void {
    for (const [connection, cancel] of this.held) {
      if (!this.cancelling.has(connection))
        this.cancelling.set(
          connection,
          cancel().catch(() => undefined),
        );
    }
  }
}

const currentRequest = new AsyncLocalStorage<RequestQueries>();

export const QUERY_TIMEOUT = 'QUERY_TIMEOUT';

/** PostgreSQL's query_canceled: a statement timeout, or our cancel when the caller went away. */
const QUERY_CANCELED = '57014';

/** What the caller of a cancelled read is told (never the statement: knex's message quotes it). */
export function queryTimeoutOfDatabase(err: unknown): ServiceUnavailableError | null {
  const e = err as { code?: unknown; severity?: unknown } | null;
  if (!e || e.code !== QUERY_CANCELED || typeof e.severity !== 'string') return null;
  return new ServiceUnavailableError('The query took too long. Narrow the search or try again later.', { code: QUERY_TIMEOUT });
}

/**
 * Makes `db` take a read's connections from `readDb` (same database, `statement_timeout` set),
 * remembers which a read holds, and cancels their statements when its caller goes away. Outside a
 * GraphQL read nothing changes. A cancel is awaited before its connection goes back to the pool,
 * so it can never reach another request's statement.
 */
export function limitReadQueries(db: Knex, readDb: Knex): void {
  const client = db.client as { acquireConnection(): Promise<Connection>; releaseConnection(c: Connection): Promise<void> };
  const readClient = readDb.client as typeof client & { cancelQuery(c: Connection): Promise<unknown> };
  const acquire = client.acquireConnection.bind(client);
  const release = client.releaseConnection.bind(client);
  const holders = new WeakMap<Connection, RequestQueries>();

  client.acquireConnection = async () => {
    const request = currentRequest.getStore();
    if (!request?.read) return acquire();
    if (request.signal.aborted) throw new ServiceUnavailableError('The request was abandoned by its caller.', { code: QUERY_TIMEOUT });
    const connection = await readClient.acquireConnection();
    // The caller may have gone while the read waited for a busy pool: the cancel ran before there
    // was a statement to cancel, so this one must not start (it would run to statement_timeout).
    if (request.signal.aborted) {
      await readClient.releaseConnection(connection);
      throw new ServiceUnavailableError('The request was abandoned by its caller.', { code: QUERY_TIMEOUT });
    }
    holders.set(connection, request);
    request.held.set(connection, () => readClient.cancelQuery(connection));
    return connection;
  };

  client.releaseConnection = async (connection) => {
    const request = holders.get(connection);
    if (!request) return release(connection);
    holders.delete(connection);
    request.held.delete(connection);
    await request.cancelling.get(connection);
    return readClient.releaseConnection(connection);
  };
}

/**
 * Express: runs the rest of a `/graphql` request as one request's database use, abandoned when
 * the client closes the connection before its answer is sent. After the body parser: a body
 * stream's events would not carry the request's async context.
 */
export function requestQueries(): RequestHandler {
  return (_req, res, next) => {
    currentRequest.run(new RequestQueries(clientGoneSignal(res)), next);
  };
}

/** Apollo: marks the request a read once its operation is known, before any resolver runs. */
export function queryKindPlugin<Ctx extends BaseContext>(): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          const request = currentRequest.getStore();
          if (request) request.read = operation?.operation === 'query';
        },
      };
    },
  };
}
