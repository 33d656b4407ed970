/**
 * GraphQL types, generated (STYLE: "GraphQL types are generated"): resolver types from each
 * subgraph's SDL.
 *
 *   npm run codegen          regenerate
 *   npm run codegen:check    fail when a checked-in generated file is stale (part of `npm test`)
 *
 * The generated files are checked in, skipped by prettier and eslint, and never edited by hand.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

/** Options every subgraph shares: federation-aware resolver types whose parents are what the resolvers return. */
function subgraph(name: 'membership' | 'forms' | 'imports', contextType: string, mappers: Record<string, string> = {}) {
  return {
    [`subgraphs/${name}/src/resolvers/types.generated.ts`]: {
      schema: `subgraphs/${name}/schema.graphql`,
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        federation: true,
        contextType: `../context#${contextType}`,
        mappers,
        useTypeImports: true,
        enumsAsTypes: true,
        // Rows carry numeric ids; GraphQL serialises them as strings.
        scalars: { ID: { input: 'string', output: 'string | number' } },
        // Union members carry their __typename, so `__resolveType` reads it.
        resolversNonOptionalTypename: { unionMember: true },
      },
    },
  };
}

// Mappers: the row or view a resolver returns for a GraphQL type, where it differs from the
// GraphQL shape (numeric ids, lower-case enums, foreign keys instead of objects).
const config: CodegenConfig = {
  overwrite: true,
  generates: {
    ...subgraph('membership', 'MembershipContext', {
      Order: '../data/orders#OrderRow',
      OrderLine: '../data/orders#OrderLineRow',
      Membership: '../data/memberships#MembershipRow',
      Email: '../data/emails#EmailRow',
      Person: '../data/directory#PersonRow',
      Organisation: '../data/directory#OrganisationRow',
      MembershipPeriod: '../domain/registration/period#MembershipPeriodView',
      PaymentReturn: '../domain/payments/paymentReturn#PaymentReturnView',
      Viewer: './parents#ViewerParent',
      RegistrationSystem: './parents#RegistrationSystemParent',
      OrgUser: './parents#OrgUserParent',
      LinkedPerson: './parents#LinkedPersonParent',
    }),
    ...subgraph('forms', 'FormsContext', {
      Form: '../domain/types#FormView',
    }),
    ...subgraph('imports', 'ImportsContext'),
  },
};

export default config;
