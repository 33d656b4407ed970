import http from 'node:http';
import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import { GraphQLError } from 'graphql';
import type { Dispatcher } from 'undici';
import { describeUpstreamError } from '../upstream/dispatcher';

export interface SubgraphAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** What the router adds to a subgraph call; derived from the request's context by the caller. */
export type UpstreamHeaders = (context: Record<string, unknown> | undefined) => Record<string, string>;

export interface SubgraphDataSourceOptions {
  url: string;
  headers: UpstreamHeaders;
  /** The router's client for its subgraphs (see upstream/dispatcher). */
  dispatcher: Dispatcher;
  /** A subgraph that has not answered by then fails the fetch instead of holding the request. */
  timeoutMs: number;
}

/**
 * One subgraph's GraphQL endpoint, called through the router's undici dispatcher.
 *
 * Apollo's RemoteGraphQLDataSource goes through fetch: web streams and a node-fetch Request
 * built per call only for error reporting. A profile of the router under load put that
 * machinery at about an eighth of its CPU, time the subgraph then waited for on a 2-core machine.
 * This does the same exchange (POST the operation as JSON, read the JSON answer) on undici's
 * lowest layer, with the headers the router decides on and nothing else: the browser's own
 * headers never get here.
 */
export class SubgraphDataSource implements GraphQLDataSource<Record<string, unknown>> {
  private readonly target: URL;

  constructor(private readonly options: SubgraphDataSourceOptions) {
    this.target = new URL(options.url);
  }

  async process({ request, context }: GraphQLDataSourceProcessOptions<Record<string, unknown>>): Promise<GatewayGraphQLResponse> {
    if (!request.query) throw new Error('Missing query');
    const body = Buffer.from(
      JSON.stringify({
        query: request.query,
        variables: request.variables,
        operationName: request.operationName,
        extensions: request.extensions,
      }),
    );
    const { status, text } = await this.post(body, { ...this.options.headers(context), accept: 'application/json' });
    if (status < 200 || status > 299) throw upstreamError(status, text);
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error(`Expected a JSON object from the subgraph, received: ${text.slice(0, 200)}`);
    return parsed as GatewayGraphQLResponse;
  }

  /**
   * A client's own request body, sent as it is with the headers the router decides on (and the
   * client's Accept, so the subgraph picks the media type the gateway would have picked). For
   * singleFetchPassThrough; the caller decides whether the answer can go back unchanged.
   */
  passThrough(body: Buffer, context: Record<string, unknown>, accept: string): Promise<SubgraphAnswer> {
    return this.post(body, { ...this.options.headers(context), accept });
  }

  private post(body: Buffer, headers: Record<string, string>): Promise<SubgraphAnswer> {
    const { dispatcher, timeoutMs } = this.options;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let status = 0;
      let contentType = '';
      dispatcher.dispatch(
        {
          origin: this.target.origin,
          method: 'POST',
          path: this.target.pathname,
          headers: { ...headers, 'content-type': 'application/json' },
          body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        {
          // Methods, not arrow properties: under tsx each named arrow costs a `name` redefinition
          // per call (docs/decisions.md, "Closures on the hot path").
          // undici tells its handler kinds apart by this method; nothing to do when the call starts.
          onRequestStart() {},
          onResponseStart(_controller, statusCode, responseHeaders) {
            status = statusCode;
            const type = responseHeaders['content-type'];
            contentType = typeof type === 'string' ? type : '';
          },
          onResponseData(_controller, chunk) {
            chunks.push(chunk);
          },
          onResponseEnd() {
            resolve({ status, contentType, text: Buffer.concat(chunks).toString('utf8') });
          },
          onResponseError(_controller, err) {
            reject(describeUpstreamError(err, timeoutMs, 'subgraph'));
          },
        },
      );
    });
  }
}

/**
 * A non-2xx answer, shaped as RemoteGraphQLDataSource shapes it (status as message, 401 and 403
 * as codes) but without the subgraph's internal URL, which is no business of the browser.
 */
function upstreamError(status: number, text: string): GraphQLError {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  const statusText = http.STATUS_CODES[status] ?? '';
  const code = status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : undefined;
  return new GraphQLError(`${status}: ${statusText}`, {
    extensions: { ...(code ? { code } : {}), response: { status, statusText, body } },
  });
}
