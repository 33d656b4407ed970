import type { Request } from 'express';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { graphql, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { formatGraphQLError, type Logger } from '@ems/service-runtime';
import { createContextFactory } from '../context';
import { PaymentService } from '../domain/payments/service';
import { resolvers } from '../resolvers';
import { typeDefs } from '../server';
import type { Club } from './fixtures';

/** A resolver's unexpected error fails the test through its assertion, not through a log line. */
const quietLogger = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as Logger;

/**
 * The membership subgraph's schema run in-process for resolver tests of the operators' queries
 * and mutations: `as(userKey, club)` executes a document with that user's token claims, as the
 * router would pass them, on a real database.
 */
export function operatorGraphql(knex: Knex) {
  let schema: GraphQLSchema | null = null;
  const format = formatGraphQLError(quietLogger);
  const payments = new PaymentService({ db: knex, providers: {} as never, portalUrl: null });
  return async function as<Data = Record<string, unknown>>(
    userKey: string,
    tenant: Pick<Club, 'tenantId'>,
    source: string,
    variableValues: Record<string, unknown> = {},
  ): Promise<{ data?: Data | null; errors?: GraphQLFormattedError[] }> {
    schema ??= buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
    const claims = { userKey, registrationSystemId: tenant.tenantId, authorities: ['ROLE_OPERATOR'] } as unknown as AccessTokenClaims;
    const req = { auth: { user: claims, authorities: claims.authorities } } as unknown as Request;
    const contextValue = await createContextFactory(knex, { payments, localOutbox: false })(req);
    const result = await graphql({ schema, source, variableValues, contextValue });
    // Errors as the subgraph's server formats them (the contract's codes), so tests see what clients do.
    return {
      data: result.data as Data | null | undefined,
      errors: result.errors?.map((error) => format(error.toJSON(), error)),
    };
  };
}
