import type { Request, RequestHandler } from 'express';
import { graphQLBody, type SingleFetchPlans } from './singleFetchPlans';
import type { SubgraphAnswer, SubgraphDataSource } from './subgraphDataSource';

export interface PassThroughDeps {
  plans: SingleFetchPlans;
  /** The data source of each subgraph, by the supergraph's service name. */
  dataSources: ReadonlyMap<string, SubgraphDataSource>;
  /** The gateway's context for this request: the same token and client address the gateway would send. */
  contextFor: (req: Request) => Record<string, unknown>;
}

/**
 * `/graphql`, after the session gate and the JSON body parser and before Apollo: a query the
 * gateway has already planned as one fetch from one subgraph goes to that subgraph as the client
 * wrote it, and the subgraph's answer goes back as it is. Parsing, validation, planning,
 * execution and result shaping are skipped; they are most of what `/graphql` costs the router.
 *
 * Only a clean answer (200, a JSON media type, `data` and nothing else) is passed on. Anything
 * else (errors, a refusal, an unreachable subgraph) is asked again through Apollo, which words
 * it exactly as it would have: the browser sees one behaviour, whichever way the request went.
 * That second asking is why only queries pass (see singleFetchPlans).
 *
 * The body parser only reads `application/json`, which is not a CORS-simple type: a body it has
 * parsed passes Apollo's CSRF prevention too.
 */
export function singleFetchPassThrough(deps: PassThroughDeps): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const body = graphQLBody(req.body);
    const plan = body && deps.plans.match(body);
    const dataSource = plan && deps.dataSources.get(plan.serviceName);
    if (!body || !dataSource) return next();
    const upstreamBody = Buffer.from(JSON.stringify({ query: body.query, operationName: body.operationName, variables: body.variables }));
    const accept = typeof req.headers.accept === 'string' && req.headers.accept !== '' ? req.headers.accept : 'application/json';
    dataSource.passThrough(upstreamBody, deps.contextFor(req), accept).then(
      (answer) => {
        if (!isCleanAnswer(answer)) return next();
        res.statusCode = 200;
        res.setHeader('content-type', answer.contentType);
        // As Apollo answers a response without a cache policy.
        res.setHeader('cache-control', 'no-store');
        res.end(answer.text);
      },
      () => next(),
    );
  };
}

const JSON_MEDIA_TYPE = /^application\/(graphql-response\+)?json\b/;

/** A 200 whose only member is `data`: what the gateway would have answered, byte for byte. */
export function isCleanAnswer(answer: SubgraphAnswer): boolean {
  if (answer.status !== 200 || !JSON_MEDIA_TYPE.test(answer.contentType)) return false;
  const { text } = answer;
  if (!text.startsWith('{"data":') || !text.trimEnd().endsWith('}')) return false;
  // Most answers say neither word anywhere; for the rest, read the object to be sure.
  if (!text.includes('"errors"') && !text.includes('"extensions"')) return true;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return Object.keys(parsed).length === 1;
  } catch {
    return false;
  }
}
