import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/**
 * The admin portal's only GraphQL API: its router's /graphql on the same origin, with the session
 * cookie; the operator's token stays in the router's session.
 */
export function createAdminApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    cache: new InMemoryCache(),
  });
}
