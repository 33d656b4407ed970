import type { Experimental_DidResolveQueryPlanCallback } from '@apollo/gateway';
import { BREAK, visit, type DocumentNode, type GraphQLSchema, type VariableDefinitionNode } from 'graphql';
import { getVariableValues } from 'graphql/execution/values';

type ResolvedPlan = Parameters<Experimental_DidResolveQueryPlanCallback>[0];

/** A query the planner answers with one fetch from one subgraph, asking for exactly what the client asked. */
export interface SingleFetchPlan {
  serviceName: string;
  /** The supergraph's API schema and the operation's variable definitions: variables are checked as the gateway checks them. */
  schema: GraphQLSchema;
  variableDefinitions: readonly VariableDefinitionNode[];
}

/** Introspection is answered by the gateway from the supergraph, and deferred parts arrive in increments: neither passes. */
const GATEWAY_ONLY_FIELDS = new Set(['__schema', '__type']);
const GATEWAY_ONLY_DIRECTIVES = new Set(['defer', 'stream']);

function needsTheGateway(document: DocumentNode): boolean {
  let found = false;
  const stopAtAny = (names: ReadonlySet<string>) => (node: { name: { value: string } }) => {
    if (!names.has(node.name.value)) return undefined;
    found = true;
    return BREAK;
  };
  visit(document, { Field: stopAtAny(GATEWAY_ONLY_FIELDS), Directive: stopAtAny(GATEWAY_ONLY_DIRECTIVES) });
  return found;
}

/**
 * The service a resolved plan can be passed to as the client wrote it, or null.
 *
 * When the whole query is one fetch from the root of one subgraph, with nothing the gateway adds
 * to it or computes from it afterwards (no required fields, no rewrites, no introspection, no
 * increments), the subgraph's answer to the client's own document is the answer the gateway
 * would build. Only queries: an answer the router cannot pass on is asked again through the
 * gateway (see singleFetchPassThrough), and only a query may be asked twice.
 */
function passThroughService({ queryPlan, requestContext }: Pick<ResolvedPlan, 'queryPlan' | 'requestContext'>): string | null {
  const node = queryPlan.node;
  if (node?.kind !== 'Fetch') return null;
  if (node.operationKind !== 'query' || requestContext.operation.operation !== 'query') return null;
  if (node.requires?.length || node.inputRewrites?.length || node.outputRewrites?.length || node.contextRewrites?.length) return null;
  if (node.hasDefers || requestContext.requestIsBatched) return null;
  if (needsTheGateway(requestContext.document)) return null;
  return node.serviceName;
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** What a pass-through needs from a request body; anything else goes the gateway's way. */
export interface GraphQLBody {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

export function graphQLBody(body: unknown): GraphQLBody | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { query, operationName, variables, extensions } = body as Record<string, unknown>;
  if (typeof query !== 'string' || extensions !== undefined) return null;
  if (operationName !== undefined && operationName !== null && !(typeof operationName === 'string' && GRAPHQL_NAME.test(operationName)))
    return null;
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  return body as GraphQLBody;
}

export interface SingleFetchPlansOptions {
  /** Off for a supergraph with @inaccessible parts: the gateway hides them in its answers. */
  enabled?: boolean;
  /** Oldest entries make room for new ones beyond this many. */
  maxEntries?: number;
  /** Longer queries are never recorded: the table's memory stays bounded. */
  maxQueryLength?: number;
}

/**
 * Single-fetch queries the gateway has planned, by query text and operation name, so the next
 * request for the same query can skip planning and result shaping. A document is only ever
 * recorded after Apollo has parsed and validated it against the supergraph, so the same text is
 * valid again.
 */
export class SingleFetchPlans {
  private readonly plans = new Map<string, SingleFetchPlan>();

  private readonly enabled: boolean;
  private readonly maxEntries: number;
  private readonly maxQueryLength: number;

  constructor(options: SingleFetchPlansOptions = {}) {
    this.enabled = options.enabled ?? true;
    this.maxEntries = options.maxEntries ?? 1000;
    this.maxQueryLength = options.maxQueryLength ?? 16_384;
  }

  /** For ApolloGateway's `experimental_didResolveQueryPlan`; called for every request it plans. */
  readonly record: Experimental_DidResolveQueryPlanCallback = (resolved) => {
    const { query, operationName } = resolved.requestContext.request;
    if (!this.enabled || typeof query !== 'string' || query.length > this.maxQueryLength) return;
    const key = planKey(query, operationName);
    if (this.plans.has(key)) return;
    const serviceName = passThroughService(resolved);
    if (!serviceName) return;
    if (this.plans.size >= this.maxEntries) this.plans.delete(this.plans.keys().next().value!);
    this.plans.set(key, {
      serviceName,
      schema: resolved.operationContext.schema,
      variableDefinitions: resolved.operationContext.operation.variableDefinitions ?? [],
    });
  };

  /** The plan for a request body, when it is a recorded query whose variables the supergraph accepts. */
  match(body: GraphQLBody): SingleFetchPlan | undefined {
    const plan = this.plans.get(planKey(body.query, body.operationName));
    if (!plan) return undefined;
    if (plan.variableDefinitions.length > 0) {
      const { errors } = getVariableValues(plan.schema, plan.variableDefinitions, body.variables ?? {}, { maxErrors: 1 });
      // The gateway words the refusal.
      if (errors) return undefined;
    }
    return plan;
  }

  get size(): number {
    return this.plans.size;
  }
}

function planKey(query: string, operationName: string | null | undefined): string {
  // No name and a name are told apart by the first character; a GraphQL name holds no newline.
  return operationName == null ? `\n${query}` : `#${operationName}\n${query}`;
}
