import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import type { RequestHandler } from 'express';
import { BREAK, GraphQLError, visit, type DocumentNode } from 'graphql';
import { InputError } from '@ems/schema';
import { findRefusedText, INVALID_CHARACTERS_CODE, INVALID_CHARACTERS_MESSAGE, isAcceptedText, type RefusedText } from '@ems/schema/rules';

/**
 * Where the text rule (`@ems/schema/rules` text.ts) is applied: once where input enters, so no
 * endpoint, resolver or data function has to remember it.
 */

function refusedInRequest(where: string, refused: RefusedText): InputError {
  return new InputError(`Invalid ${where}: ${refused.field} ${INVALID_CHARACTERS_MESSAGE}`, {
    code: INVALID_CHARACTERS_CODE,
    details: { fields: [{ field: refused.field, message: INVALID_CHARACTERS_MESSAGE }] },
  });
}

/** Each decoded path segment; a segment that is not valid percent-encoding is left to express. */
function pathSegments(path: string): string[] {
  return path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return '';
    }
  });
}

/**
 * REST: refuses a request whose path, query or parsed body holds a string (or key) that fails the
 * text rule, with 400 INVALID_CHARACTERS naming the field. Registered after the body parser;
 * route parameters are path segments, so the decoded path covers them before any route runs.
 * A route that parses its own body registers it again after its parser.
 */
export function rejectInvalidText(): RequestHandler {
  return (req, _res, next) => {
    const inPath = findRefusedText(pathSegments(req.path));
    if (inPath) return next(refusedInRequest('path', { field: 'path' }));
    const inQuery = findRefusedText(req.query);
    if (inQuery) return next(refusedInRequest('query', inQuery));
    const inBody = findRefusedText(req.body);
    if (inBody) return next(refusedInRequest('body', { field: inBody.field || 'body' }));
    next();
  };
}

/**
 * Apollo hands every request of a cached query the same parsed document, so each document's
 * literals are checked once, not on every request.
 */
const literalVerdicts = new WeakMap<DocumentNode, string | null>();

function refusedLiteralOnce(document: DocumentNode): string | null {
  let verdict = literalVerdicts.get(document);
  if (verdict === undefined) {
    verdict = refusedLiteral(document);
    literalVerdicts.set(document, verdict);
  }
  return verdict;
}

/** The argument (or variable default) holding the first string literal that fails the rule. */
function refusedLiteral(document: DocumentNode): string | null {
  let holder = 'a string literal';
  let found: string | null = null;
  visit(document, {
    Argument: {
      enter: (node) => void (holder = `argument ${node.name.value}`),
      leave: () => void (holder = 'a string literal'),
    },
    VariableDefinition: {
      enter: (node) => void (holder = `the default of $${node.variable.name.value}`),
      leave: () => void (holder = 'a string literal'),
    },
    StringValue(node) {
      if (isAcceptedText(node.value)) return undefined;
      found = holder;
      return BREAK;
    },
  });
  return found;
}

function invalidGraphQLText(what: string): GraphQLError {
  return new GraphQLError(`Invalid input: ${what} ${INVALID_CHARACTERS_MESSAGE}`, {
    extensions: { code: 'BAD_USER_INPUT', reason: INVALID_CHARACTERS_CODE, http: { status: 400 } },
  });
}

/**
 * GraphQL: refuses an operation whose variables or string literals fail the text rule, with a
 * BAD_USER_INPUT error (HTTP 400) naming the variable or argument, before anything executes.
 * Used by every subgraph and by the router's gateway.
 */
export function invalidTextPlugin<Ctx extends BaseContext>(): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const inVariables = findRefusedText(request.variables ?? {});
          if (inVariables) throw invalidGraphQLText(`variable $${inVariables.field}`);
          const literal = refusedLiteralOnce(document);
          if (literal) throw invalidGraphQLText(literal);
        },
      };
    },
  };
}
