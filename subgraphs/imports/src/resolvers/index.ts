import type { Resolvers } from './types.generated';

// `satisfies`, not a type annotation: checked against the generated signatures, and keeps its own
// shape, which @apollo/subgraph's resolver map accepts.
export const resolvers = {
  Query: {
    importsHealth: () => ({ service: 'imports', status: 'UP' }),
  },
  // Owned here; import jobs arrive with the import issue. An unknown id is null.
  ImportJob: {
    __resolveReference: () => null,
  },
} satisfies Resolvers;
