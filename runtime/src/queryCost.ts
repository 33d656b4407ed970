import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { GraphQLError, type DocumentNode, type GraphQLSchema } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { PARTNER_PAGE_SIZE } from '@ems/schema';

/**
 * A field with a `first` or `last` argument returns a page of that many items: its own cost and
 * its children's count once per item. The page size is the coerced argument, written as a literal
 * or passed as a variable alike (graphql-armor's cost rule multiplied literals only, so a page
 * size in a variable was counted as 1); absent, the partner API's default page size.
 * Every other field costs 1 plus its children.
 */
export const pageSizeEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  const pages = field.args.some((arg) => arg.name === 'first' || arg.name === 'last');
  if (!pages) return 1 + childComplexity;
  const asked = [args.first, args.last].find((n): n is number => typeof n === 'number');
  return Math.max(asked ?? PARTNER_PAGE_SIZE.default, 0) * (1 + childComplexity);
};

/** graphql-query-complexity's own refusal when an operation expands (through fragments) past its node budget. */
const TOO_MANY_NODES = /^Query exceeds the maximum allowed number of nodes/;

/**
 * The fields (and fragment spreads) the cost walk visits before it stops: fragments spread again
 * and again make a document of 1,000 tokens expand to millions (50,000 take 45 ms, 10,000 take 6).
 * The portal's largest operation expands to under 100; the partner's member sync to under 30.
 */
export const QUERY_COST_MAX_FIELDS = 10_000;

export interface OperationToCost {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/**
 * The operation's cost with its variables; `Infinity` when it expands past QUERY_COST_MAX_FIELDS.
 * `undefined` when its variables do not fit its definitions: execution refuses those itself, with
 * its own error, before any resolver runs.
 */
export function operationCost({ schema, document, operationName, variables }: OperationToCost): number | undefined {
  try {
    return getComplexity({
      schema,
      query: document,
      operationName: operationName ?? undefined,
      variables: variables ?? {},
      estimators: [pageSizeEstimator],
      maxQueryNodes: QUERY_COST_MAX_FIELDS,
    });
  } catch (error) {
    if (error instanceof GraphQLError && TOO_MANY_NODES.test(error.message)) return Infinity;
    if (error instanceof GraphQLError) return undefined;
    throw error;
  }
}

/**
 * Checks the cost once the operation is chosen and before anything runs: the first hook that has
 * the request's variables (validation rules see only the document). `refuse` builds the error
 * (graphqlLimits.ts: 400, GRAPHQL_LIMIT_EXCEEDED, limit 'cost').
 */
export function queryCostPlugin<Ctx extends BaseContext>(
  maxCost: number,
  refuse: (maxCost: number, cost: number) => GraphQLError,
): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          // No operation chosen: Apollo (or the router's operationMustResolve) refuses it.
          if (!operation) return;
          const operationName = operation.name?.value;
          const cost = operationCost({ schema, document, operationName, variables: request.variables });
          if (cost !== undefined && cost > maxCost) throw refuse(maxCost, cost);
        },
      };
    },
  };
}
