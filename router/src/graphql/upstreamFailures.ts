import { types } from 'node:util';
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from '@ems/service-runtime';

/**
 * A subgraph call that failed below GraphQL: no answer in time, no connection, a broken answer.
 * Apollo Gateway passes the HTTP client's own error on (undici's "Headers Timeout Error",
 * "connect ECONNREFUSED 127.0.0.1:4001"), which names the router's internals; the client gets
 * one of two texts of ours in the error shape, and the log keeps the original.
 */
export const UPSTREAM_FAILURES = {
  timeout: { status: 504, code: 'UPSTREAM_TIMEOUT', message: 'A service did not answer in time. Please try again later.' },
  unavailable: { status: 502, code: 'UPSTREAM_UNAVAILABLE', message: 'A service is unavailable. Please try again later.' },
} as const;

type UpstreamFailure = keyof typeof UPSTREAM_FAILURES;

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * What kind of upstream failure an operation's error is, or null for a subgraph's own answer (its
 * errors, and a non-2xx answer, reach here as GraphQLErrors over the JSON it sent; a failed call
 * is the HTTP client's Error, wrapped by Apollo Server).
 */
export function upstreamFailureOf(error: unknown): UpstreamFailure | null {
  const original = innermost(error);
  // A subgraph's own error reaches here as the JSON it sent (a plain object), a failed call as an
  // Error; `isNativeError`, not `instanceof Error`: Node's own errors may come from another realm.
  if (original instanceof GraphQLError || !types.isNativeError(original)) return null;
  const code = (original as { code?: unknown }).code;
  return typeof code === 'string' && TIMEOUT_CODES.has(code) ? 'timeout' : 'unavailable';
}

function innermost(error: unknown): unknown {
  let current = error;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}

/** The client's view of an upstream failure; null leaves the error as it is. */
export function formatUpstreamFailure(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError | null {
  const failure = upstreamFailureOf(error);
  if (!failure) return null;
  const { code, message } = UPSTREAM_FAILURES[failure];
  return { message, path: formatted.path, extensions: { code } };
}

function hasNoData(data: Record<string, unknown> | null | undefined): boolean {
  return !data || Object.values(data).every((value) => value === null);
}

/**
 * Logs each upstream failure with the client's error (never sent), and answers an operation that
 * got nothing but upstream failures with 504 (a timeout among them) or 502, as the REST proxy does.
 */
export function upstreamFailuresPlugin<Ctx extends BaseContext>(logger: Logger): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      let failures: UpstreamFailure[] = [];
      return {
        async didEncounterErrors({ errors, operationName }) {
          failures = errors.map(upstreamFailureOf).filter((f): f is UpstreamFailure => f !== null);
          if (failures.length < errors.length) failures = [];
          for (const error of errors) {
            if (upstreamFailureOf(error)) logger.warn({ err: innermost(error), operationName }, 'subgraph call failed');
          }
        },
        async willSendResponse({ response }) {
          if (failures.length === 0 || response.body.kind !== 'single' || !hasNoData(response.body.singleResult.data)) return;
          response.http.status = UPSTREAM_FAILURES[failures.includes('timeout') ? 'timeout' : 'unavailable'].status;
        },
      };
    },
  };
}
