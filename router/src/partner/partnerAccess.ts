import type { ApolloServerPlugin } from '@apollo/server';
import type { RequestHandler } from 'express';
import { GraphQLError, NoSchemaIntrospectionCustomRule, validate, type DocumentNode } from 'graphql';
import { AUTH_ERRORS, AuthenticationError, InputError } from '@ems/schema';
import type { RateLimit } from '@ems/service-runtime';
import type { PartnerGrant, PartnerTokens } from './partnerTokens';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set for a call authenticated by a partner key (docs/partner-api.md). */
    partner?: PartnerGrant;
  }
}

export interface PartnerAccessDeps {
  tokens: PartnerTokens;
  /** Requests per partner key and window, shared by every router. */
  limit: RateLimit;
  /** The name of the session cookie, which a partner call must not carry. */
  sessionCookie: string;
  /**
   * Whether this router serves the partner API: the registration portal's does (docs/partner-api.md,
   * "The call"); the admin portal's (PORTAL=admin) is the operators' and refuses every key.
   */
  servesPartnerApi: boolean;
}

/**
 * Partner systems call `POST /graphql` with `Authorization: ApiKey <partner key>` and no cookie.
 * The key is exchanged for a partner token (cached, see PartnerTokens), counted against its rate
 * limit and marked on the response (`res.locals.partner`): the gateway forwards the partner token
 * as the bearer, and the origin check does not apply (nothing ambient to forge). Only partner
 * keys are taken (the admin service refuses a portal's key), only on `/graphql`, and only by the
 * router that serves the partner API: on the admin portal's a key would give a partner the
 * operators' router, its origin and its limits.
 */
export function partnerAccess(deps: PartnerAccessDeps): RequestHandler {
  const cookie = new RegExp(`(?:^|;)\\s*${deps.sessionCookie.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=`);
  return (req, res, next) => {
    const authorization = req.get('authorization') ?? '';
    if (!/^ApiKey\b/i.test(authorization)) return next();
    if (!deps.servesPartnerApi) {
      return next(
        new AuthenticationError('API keys are not accepted by the admin portal; partners call the registration portal', {
          code: 'API_KEY_NOT_ACCEPTED_HERE',
        }),
      );
    }
    if (req.baseUrl !== '/graphql') {
      return next(new AuthenticationError('API keys are accepted on /graphql only', { code: 'API_KEY_NOT_ACCEPTED_HERE' }));
    }
    if (cookie.test(req.get('cookie') ?? '')) {
      return next(new InputError('Send a partner key or a session cookie, not both', { code: 'AMBIGUOUS_CREDENTIALS' }));
    }
    const key = /^ApiKey\s+(\S+)$/i.exec(authorization)?.[1];
    if (!key) return next(new AuthenticationError(AUTH_ERRORS.invalidApiKey.message));
    deps.tokens
      .grantFor(key)
      .then(async (grant) => {
        await deps.limit.consume(grant.keyHash);
        res.locals.partner = grant;
        next();
      })
      .catch(next);
  };
}

/** The context the introspection rule reads. */
interface CallerContext {
  partner: boolean;
}

/**
 * Introspection for partner keys always (their tools read the schema), for everyone else only
 * where GRAPHQL_INTROSPECTION allows it (never in production). Apollo's own switch is per server
 * and its validation is cached per document, so the caller is checked here, per request, with
 * graphql-js's rule and Apollo's words; the verdict is remembered per (cached) document.
 */
export function introspectionFor<Ctx extends CallerContext>(everyone: boolean): ApolloServerPlugin<Ctx> {
  const introspects = new WeakMap<DocumentNode, boolean>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, document, schema }) {
          if (everyone || contextValue.partner) return;
          let found = introspects.get(document);
          if (found === undefined) {
            found = validate(schema, document, [NoSchemaIntrospectionCustomRule]).length > 0;
            introspects.set(document, found);
          }
          if (!found) return;
          throw new GraphQLError(
            'GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. To enable introspection, pass introspection: true to ApolloServer in production',
            { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } },
          );
        },
      };
    },
  };
}
