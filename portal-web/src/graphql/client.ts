import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/**
 * The portal's only API: the router's /graphql on the same origin. The session cookie goes along;
 * no token ever reaches this code (the router keeps the JWT server side).
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    cache: new InMemoryCache({
      possibleTypes: { FormResult: ['Form', 'FormError'] },
      typePolicies: {
        // One registration process is one cache entry: a mutation's answer (or a STEP_CONFLICT's
        // `current`) replaces the form every query of that process shows.
        Form: { keyFields: ['processId'], fields: { people: { merge: false }, options: { merge: false }, estimate: { merge: false } } },
        // Per-step values (answer, hide) belong to the step, not to a person entity.
        FormPerson: { keyFields: false },
        FormOption: { keyFields: false },
        FormEstimate: { keyFields: false },
        FormEstimateLine: { keyFields: false },
        FormError: { keyFields: false },
        PaymentReturn: { keyFields: false },
        OrderLine: { keyFields: false },
        Order: { fields: { lines: { merge: false }, memberships: { merge: false } } },
      },
    }),
  });
}
