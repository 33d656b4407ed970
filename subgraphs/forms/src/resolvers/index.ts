import { Form } from './Form';
import { FormResult } from './FormResult';
import { Mutation } from './Mutation';
import { Query } from './Query';
import type { Resolvers } from './types.generated';

// `satisfies`, not a type annotation: each map is checked against the generated signatures, and
// keeps its own shape, which @apollo/subgraph's resolver map accepts (the generated `__isTypeOf`
// signature is not one it knows).
export const resolvers = { Query, Mutation, FormResult, Form } satisfies Resolvers;
