import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { GraphQLError } from 'graphql';
import makeFetchHappen from 'make-fetch-happen';

/** What the router knows of a GraphQL request when it calls a subgraph. */
export type GatewayContext = {
  token: string | null;
  clientAddress: string | undefined;
};

/**
 * Apollo's data source for one subgraph, with the router's headers: the portal's API key and
 * the session's JWT, never anything of the browser's. A subgraph that does not answer within
 * `timeoutMs` fails the fetch instead of holding the request.
 */
export class SubgraphDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(url: string, apiKey: string, timeoutMs: number) {
    // Apollo's own default fetcher, with a deadline per call added.
    super({ url, fetcher: makeFetchHappen.defaults({ maxSockets: Infinity, retry: false, timeout: timeoutMs }) });
    this.apiKey = apiKey;
  }

  private readonly apiKey: string;

  override willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = request.http!.headers;
    headers.set('x-api-key', this.apiKey);
    if (context.token) headers.set('authorization', `Bearer ${context.token}`);
    if (context.clientAddress) headers.set('x-forwarded-for', context.clientAddress);
  }

  /** Apollo's error for a non-2xx answer, without the subgraph's internal URL. */
  override async errorFromResponse(response: Parameters<RemoteGraphQLDataSource['errorFromResponse']>[0]): Promise<GraphQLError> {
    const error = await super.errorFromResponse(response);
    delete (error.extensions.response as { url?: string } | undefined)?.url;
    return error;
  }
}
