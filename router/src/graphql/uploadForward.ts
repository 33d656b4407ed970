import type { RequestHandler } from 'express';
import type { Dispatcher } from 'undici';
import type { Logger } from '@ems/service-runtime';
import type { SessionTokens } from '../auth/sessionTokens';
import { upstreamUnavailable, UPSTREAM_TIMEOUT_MS } from '../proxy/adminProxy';
import { BROWSER_CREDENTIALS, routerCredentials } from '../proxy/credentials';
import { forward } from '../proxy/forward';

export interface UploadForwardDeps {
  /** The imports subgraph, the only one that takes files. */
  importsUrl: string;
  apiKey: string;
  dispatcher: Dispatcher;
  tokens: SessionTokens;
  logger: Logger;
  /** UPLOAD_MAX_BYTES: the most a request body may carry upstream. */
  maxBodyBytes: number;
}

/** Apollo Server's own words and shape for a request its `csrfPrevention` blocks. */
const CSRF_BLOCKED = {
  errors: [
    {
      message:
        "This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a 'content-type' header (with a type that is not one of application/x-www-form-urlencoded, multipart/form-data, text/plain) or provide a non-empty value for one of the following headers: x-apollo-operation-name, apollo-require-preflight\n",
      extensions: { code: 'BAD_REQUEST' },
    },
  ],
};

/**
 * GraphQL multipart requests (file uploads, the GraphQL multipart request spec) go straight to the
 * imports subgraph's `/graphql`: `@apollo/gateway` does not forward them
 * (apollographql/federation#1385). Mounted after the origin check, body limit and session like
 * every `/graphql` call, it adds the CSRF rule of Apollo's `csrfPrevention` (multipart/form-data is
 * a "simple" content type a cross-site form can send, so a preflight-forcing header is required)
 * and needs a signed-in session. The body streams through, never held whole, and the subgraph's
 * answer streams back. Anything that is not multipart goes on to the gateway.
 */
export function uploadForward(deps: UploadForwardDeps): RequestHandler {
  const target = new URL(deps.importsUrl);
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    const preflight = [req.headers['apollo-require-preflight'], req.headers['x-apollo-operation-name']];
    if (!preflight.some((value) => typeof value === 'string' && value.length > 0)) {
      res.set('Connection', 'close').status(400).json(CSRF_BLOCKED);
      return;
    }
    deps.tokens
      .requireToken(req)
      .then((token) =>
        forward(req, res, {
          target,
          path: `${target.pathname.replace(/\/+$/, '')}/graphql`,
          strip: BROWSER_CREDENTIALS,
          add: routerCredentials(deps.apiKey, token),
          dispatcher: deps.dispatcher,
          timeoutMs: UPSTREAM_TIMEOUT_MS,
          maxBodyBytes: deps.maxBodyBytes,
          onUnavailable: upstreamUnavailable(deps.logger, res),
        }),
      )
      .catch((err: unknown) => {
        // The body has not been read: close after the answer rather than read it all.
        res.set('Connection', 'close');
        next(err);
      });
  };
}
