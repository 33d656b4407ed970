import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import {
  BREAK,
  getNamedType,
  GraphQLError,
  isInputObjectType,
  isListType,
  isNonNullType,
  typeFromAST,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { isFilterTextTooLong, TEXT_TOO_LONG_CODE, TEXT_TOO_LONG_MESSAGE } from '@ems/schema/rules';

/**
 * Where the filter text rule (`@ems/schema/rules` filterText.ts) is applied to GraphQL: once, for
 * every query (a read) at the router and at each subgraph, so that no search, filter or lookup of
 * any subgraph can be forgotten. Every `String` and `ID` a query takes is text the client chose:
 * a filter's text, or an id or a pagination cursor (`after: ID`), which here are numbers, uuids and
 * short cursors, far under the limit. Numbers, enums and custom scalars have their own parsers.
 */

const TEXT_TYPES = new Set(['String', 'ID']);

function isString(type: GraphQLInputType | null | undefined): boolean {
  return !!type && TEXT_TYPES.has(getNamedType(type).name);
}

/**
 * The path of the first string over the limit in a variable's value, walked along the variable's
 * declared type (a variable may only stand where its type fits, so the declared type is the one
 * that counts), or null.
 */
function longTextInValue(value: unknown, type: GraphQLInputType, path: string): string | null {
  if (value === null || value === undefined) return null;
  if (isNonNullType(type)) return longTextInValue(value, type.ofType, path);
  if (isListType(type)) {
    const items = Array.isArray(value) ? value : [value];
    for (let i = 0; i < items.length; i += 1) {
      const found = longTextInValue(items[i], type.ofType, `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object') return null;
    for (const [name, field] of Object.entries(type.getFields())) {
      const found = longTextInValue((value as Record<string, unknown>)[name], field.type, `${path}.${name}`);
      if (found) return found;
    }
    return null;
  }
  return isString(type) && typeof value === 'string' && isFilterTextTooLong(value) ? path : null;
}

/** The argument or input field holding the first string literal over the limit, or null. */
function longTextLiteral(schema: GraphQLSchema, document: DocumentNode): string | null {
  const typeInfo = new TypeInfo(schema);
  let variable: string | null = null;
  let found: string | null = null;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      // A mutation's text is what it stores, with rules of its own.
      OperationDefinition: (node) => (node.operation === 'query' ? undefined : false),
      VariableDefinition: {
        enter: (node) => void (variable = node.variable.name.value),
        leave: () => void (variable = null),
      },
      StringValue(node) {
        if (!isString(typeInfo.getInputType()) || !isFilterTextTooLong(node.value)) return undefined;
        const argument = typeInfo.getArgument();
        found = variable ? `the default of $${variable}` : argument ? `argument ${argument.name}` : 'a string literal';
        return BREAK;
      },
    }),
  );
  return found;
}

/** Apollo hands every request of a cached query the same parsed document: its literals are checked once. */
const literalVerdicts = new WeakMap<DocumentNode, string | null>();

function longTextLiteralOnce(schema: GraphQLSchema, document: DocumentNode): string | null {
  let verdict = literalVerdicts.get(document);
  if (verdict === undefined) {
    verdict = longTextLiteral(schema, document);
    literalVerdicts.set(document, verdict);
  }
  return verdict;
}

/** The variable holding the first string over the limit, as `$filter.text`, or null. */
function longTextVariable(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>): string | null {
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (!type) continue;
    const name = definition.variable.name.value;
    const found = longTextInValue(variables[name], type, `$${name}`);
    if (found) return found;
  }
  return null;
}

function textTooLong(what: string): GraphQLError {
  return new GraphQLError(`Invalid input: ${what} ${TEXT_TOO_LONG_MESSAGE}`, {
    extensions: { code: 'BAD_USER_INPUT', reason: TEXT_TOO_LONG_CODE, http: { status: 400 } },
  });
}

/**
 * GraphQL: refuses a query whose string arguments (literals, variables, their defaults) hold more
 * than the filter text rule allows, with BAD_USER_INPUT (HTTP 400) naming the argument or
 * variable, before any resolver, and so any SQL, runs. Used by every subgraph and the router.
 */
export function filterTextPlugin<Ctx extends BaseContext>(): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation, schema }) {
          if (operation?.operation !== 'query') return;
          const inVariables = longTextVariable(schema, operation, request.variables ?? {});
          if (inVariables) throw textTooLong(`variable ${inVariables}`);
          const literal = longTextLiteralOnce(schema, document);
          if (literal) throw textTooLong(literal);
        },
      };
    },
  };
}
