/**
 * Browser headers that never reach a subgraph: its credentials are the session's business, and
 * the router sends its own in their place.
 */
export const BROWSER_CREDENTIALS: ReadonlySet<string> = new Set(['cookie', 'authorization', 'x-api-key', 'proxy-authorization']);

/**
 * What the router tells a subgraph on every call, REST, GraphQL and uploads alike: the portal's
 * API key and, when the session holds one, the user's JWT as a bearer token.
 */
export function routerCredentials(apiKey: string, token: string | null): Record<string, string> {
  return token ? { 'x-api-key': apiKey, authorization: `Bearer ${token}` } : { 'x-api-key': apiKey };
}
