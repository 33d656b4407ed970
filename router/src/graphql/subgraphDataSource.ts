import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GraphQLError } from 'graphql';
import type { Dispatcher } from 'undici';
import { routerCredentials } from '../proxy/credentials';

/** What the router knows of a GraphQL request when it calls a subgraph. */
export type GatewayContext = {
  /** The session's JWT, or a partner call's partner token. */
  token: string | null;
  /** A partner key authenticated the call. */
  partner: boolean;
  clientAddress: string | undefined;
  /** Aborted when the client goes away: its subgraph calls are dropped, and the subgraphs cancel their work. */
  signal?: AbortSignal;
};

/**
 * The signal of the operation a subgraph call is made for. Apollo's `fetcher` is shared by every
 * operation and gets only a URL and Apollo's request init, so the call's signal is handed to it
 * here, for the span of that one call (`process`).
 */
const callSignal = new AsyncLocalStorage<AbortSignal | undefined>();

type Fetcher = RemoteGraphQLDataSource['fetcher'];

/**
 * Apollo's `fetcher` option, on the router's undici client (the one the REST proxy uses, with
 * keep-alive pools per subgraph). Apollo's default (make-fetch-happen) and Node's fetch both
 * cost the router 0.5-0.6 ms more per subgraph call than undici's request API on this machine
 * (a side-by-side probe of the three against the same subgraph). A subgraph that has not
 * answered within `timeoutMs` fails the call; a client that goes away aborts it.
 */
function undiciFetcher(dispatcher: Dispatcher, timeoutMs: number): Fetcher {
  return async (url, init) => {
    const target = new URL(url);
    const res = await dispatcher.request({
      origin: target.origin,
      path: target.pathname + target.search,
      method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: init?.headers,
      body: init?.body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: callSignal.getStore(),
    });
    const body = await res.body.text();
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
    return new Response(body, { status: res.statusCode, statusText: http.STATUS_CODES[res.statusCode], headers }) as unknown as Awaited<
      ReturnType<Fetcher>
    >;
  };
}

/**
 * Apollo's data source for one subgraph, with the router's headers: the portal's API key and
 * the session's JWT, never anything of the browser's.
 */
export class SubgraphDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  private readonly apiKey: string;

  constructor(url: string, apiKey: string, dispatcher: Dispatcher, timeoutMs: number) {
    super({ url, fetcher: undiciFetcher(dispatcher, timeoutMs) });
    this.apiKey = apiKey;
  }

  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = request.http!.headers;
    for (const [name, value] of Object.entries(routerCredentials(this.apiKey, context.token))) headers.set(name, value);
    if (context.clientAddress) headers.set('x-forwarded-for', context.clientAddress);
  }

  override process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    return callSignal.run(options.context.signal, () => super.process(options));
  }

  /** Apollo's error for a non-2xx answer, without the subgraph's internal URL. */
  override async errorFromResponse(response: Parameters<RemoteGraphQLDataSource['errorFromResponse']>[0]): Promise<GraphQLError> {
    const error = await super.errorFromResponse(response);
    delete (error.extensions.response as { url?: string } | undefined)?.url;
    return error;
  }
}
