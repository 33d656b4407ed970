import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { QUERY_COST_MAX_FIELDS, queryCostPlugin } from './queryCost';
import { GraphQLError, type GraphQLFormattedError, type ValidationContext, type ValidationRule } from 'graphql';

export const GRAPHQL_LIMIT_EXCEEDED = 'GRAPHQL_LIMIT_EXCEEDED';

/**
 * The limits every GraphQL operation meets, at the router and again at each subgraph (the router
 * must not be the only line). The portal's largest operations (the registration form's
 * `FormResult_result` documents) measure depth 6, 150 tokens, no alias, no directive, and cost 54
 * (queryCost.ts; the operators' audit log, a page of 50, costs 700); a subgraph sees them one
 * `_entities` level deeper. Each limit leaves that at least twice over, and room for the partner
 * API's connections (`edges { node { ... } }`).
 */
export const GRAPHQL_LIMITS = {
  /** Nested fields, counted through fragments (fragments themselves add no level). */
  depth: 12,
  /** Aliased fields (`__typename` aliases are free): 1,000 aliases of one field was defect 3. */
  aliases: 20,
  /**
   * queryCost.ts: 1 per field plus its children, times the page size of a field with `first`/`last`
   * (variables included; 100 when absent). The partner API's documented member sync at its largest
   * page (500) costs 12,001; nested pages (events of 500, each with 100 participants or more) cost
   * over 200,000 and are refused.
   */
  cost: 50_000,
  /** Lexical tokens of the document, counted by the parser itself (nothing else runs first). */
  tokens: 1000,
  directives: 20,
} as const;

/** Which limit a refusal names, from graphql-armor's message ("Query depth limit of 12 exceeded, found 13."). */
const LIMIT_NAMES: [RegExp, string][] = [
  [/^Query depth limit/, 'depth'],
  [/^Aliases limit/, 'aliases'],
  [/^Directives limit/, 'directives'],
];

/** graphql-js's parse error for `parseOptions.maxTokens` (graphql@16 spells it "more that"). */
const TOKEN_LIMIT_PARSE_ERROR = /^Syntax Error: Document contains more tha[nt] \d+ tokens\. Parsing aborted\.$/;

/** A refusal by one of the limits; Apollo wraps it as a validation error, `formatLimitError` restores its code. */
export class GraphQLLimitError extends GraphQLError {
  readonly limit: string;
  constructor(message: string, limit: string) {
    // `http`: the status when thrown from a plugin's hook (the cost check); Apollo answers 500 otherwise.
    super(message, { extensions: { code: GRAPHQL_LIMIT_EXCEEDED, limit, http: { status: 400 } } });
    this.limit = limit;
  }
}

/** The cost check's refusal, in the words graphql-armor used for it (clients may match them). */
function costLimitError(maxCost: number, cost: number): GraphQLLimitError {
  const found = Number.isFinite(cost) ? String(cost) : `more than ${QUERY_COST_MAX_FIELDS} fields`;
  return new GraphQLLimitError(`Query Cost limit of ${maxCost} exceeded, found ${found}.`, 'cost');
}

function limitError(armorError: GraphQLError): GraphQLLimitError {
  const message = armorError.message.replace(/^Syntax Error: /, '');
  const limit = LIMIT_NAMES.find(([pattern]) => pattern.test(message))?.[1] ?? 'unknown';
  return new GraphQLLimitError(message, limit);
}

/**
 * graphql-js's suggestions, in every form it words them: `Did you mean "a" or "b"?`, `Did you mean
 * the enum value "PAID"?`, `Did you mean to use an inline fragment on "A"?`. armor's own mask
 * matches the first form only, so enum values and type names still came through.
 */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/** Drops the suggestion from an error's message (names in `[^?]` never hold a question mark). */
export function withoutSuggestion(message: string): string {
  return message.replace(SUGGESTION, '');
}

/**
 * Suggestions hidden from every error of a request: validation's (unknown fields, arguments,
 * types, enum literals) and execution's (a variable's unknown enum value). Where introspection is
 * off, a suggestion would describe the schema one guess at a time.
 */
function hideSuggestions<Ctx extends BaseContext>(): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors }) {
          for (const error of errors) error.message = withoutSuggestion(error.message);
        },
      };
    },
  };
}

/** armor's rules report to the validation context, as our error (armor's own says BAD_USER_INPUT). */
const reportToContext = (ctx: ValidationContext | null, error: GraphQLError) => ctx?.reportError(limitError(error));
const validationRule = { propagateOnRejection: false, onReject: [reportToContext] };

/**
 * graphql-armor's Apollo protections with our limits: validation rules for depth, aliases and
 * directives; suggestions hidden (hideSuggestions); graphql-js's parser counts tokens; the cost is
 * checked by a plugin once the variables are known (queryCost.ts). Apollo's batching (array
 * bodies) stays off.
 */
export function graphqlLimits<Ctx extends BaseContext>(): {
  validationRules: ValidationRule[];
  plugins: ApolloServerPlugin<Ctx>[];
  parseOptions: { maxTokens: number };
  allowBatchedHttpRequests: false;
} {
  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.depth, flattenFragments: true, ...validationRule },
    maxAliases: { n: GRAPHQL_LIMITS.aliases, ...validationRule },
    // armor's cost rule sees the document only: a page size passed as a variable counted as 1.
    costLimit: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.directives, ...validationRule },
    // Counted by graphql-js's own parser option below: armor's Apollo plugin for tokens throws
    // from a hook, which Apollo answers as an unexpected error instead of a refusal.
    maxTokens: { enabled: false },
    // Suggestions are hidden by hideSuggestions, which knows all of graphql-js's wordings.
    blockFieldSuggestion: { enabled: false },
  }).protect();
  return {
    validationRules: armor.validationRules,
    plugins: [
      hideSuggestions<Ctx>(),
      ...(armor.plugins as ApolloServerPlugin<Ctx>[]),
      queryCostPlugin<Ctx>(GRAPHQL_LIMITS.cost, costLimitError),
    ],
    parseOptions: { maxTokens: GRAPHQL_LIMITS.tokens },
    allowBatchedHttpRequests: false,
  };
}

/** Puts the limit's own code back on a refusal (Apollo gives every validation error GRAPHQL_VALIDATION_FAILED). */
export function formatLimitError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError | undefined {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (original instanceof GraphQLError && TOKEN_LIMIT_PARSE_ERROR.test(original.message)) {
    return {
      message: `Token limit of ${GRAPHQL_LIMITS.tokens} exceeded.`,
      extensions: { code: GRAPHQL_LIMIT_EXCEEDED, limit: 'tokens' },
    };
  }
  if (!(original instanceof GraphQLLimitError)) return undefined;
  return { message: original.message, locations: formatted.locations, extensions: { code: GRAPHQL_LIMIT_EXCEEDED, limit: original.limit } };
}
