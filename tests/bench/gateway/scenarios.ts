import { prepareRequest, type BenchResponse, type PreparedRequest } from '../lib/http';

/** How the bench reaches the stack: the router (with a session) or the subgraph directly. */
export interface BenchTargets {
  routerUrl: string;
  /** Host header for the router: the tenant is resolved from the host name. */
  routerHost: string;
  membershipUrl: string;
  formsUrl: string;
  /** The bare Node proxy in front of the membership service (see bareProxyProcess.ts). */
  bareProxyUrl: string;
  /** The same in front of the forms service. */
  formsBareProxyUrl: string;
  /** Apollo Gateway with its defaults on the same supergraph (see bareGatewayProcess.ts). */
  bareGatewayUrl: string;
  /** The membership period whose registration form the REST scenario reads. */
  periodId: number;
  portalApiKey: string;
  /** One signed-in session per entry; worker i uses entry i mod length. */
  sessions: ReadonlyArray<{ userKey: string; cookie: string }>;
  /** A JWT per user key, from the admin service's exchange, for direct calls. */
  tokens: ReadonlyMap<string, string>;
}

/**
 * `bare proxy`: the floor, what any Node proxy hop costs here (see bareProxyProcess.ts).
 * `bare gateway`: the floor for GraphQL, what a federated gateway hop costs (see bareGatewayProcess.ts).
 */
export type Via = 'router' | 'direct' | 'bare proxy' | 'bare gateway';

/** One way of sending a scenario's request: what to send from a worker and what must come back. */
export interface ScenarioTarget {
  via: Via;
  /** Requests through the router that carry a session cookie (the session-writes denominator). */
  authenticatedRouterRequests: boolean;
  requestFor(worker: number): { request: PreparedRequest; check(res: BenchResponse): void };
}

export interface Scenario {
  name: string;
  description: string;
  router: ScenarioTarget;
  direct: ScenarioTarget;
  /** Measured beside the others for reference only; they have no target. */
  floors: ScenarioTarget[];
}

/** The contract's path prefix of the admin service behind the router (and the bare proxy). */
export const SERVICES_PREFIX = '/services/admin-service';

export const VIEWER_QUERY = '{ viewer { userKey linkedPersons { person { firstName } } } }';

function expectViewer(userKey: string) {
  const marker = `"userKey":"${userKey}"`;
  return (res: BenchResponse) => {
    if (res.status !== 200) throw new Error(`GraphQL answered ${res.status}: ${res.body.slice(0, 200)}`);
    if (res.body.includes('"errors"') || !res.body.includes(marker)) throw new Error(`unexpected GraphQL body: ${res.body.slice(0, 200)}`);
  };
}

/** Users of the demo club who may register (carla.jensen belongs to another club: 403). */
export const FORM_USERS: ReadonlySet<string> = new Set(['anna.berg', 'ben.meyer']);

function expectForm(res: BenchResponse): void {
  if (res.status !== 200 || !res.body.includes('"processId"')) throw new Error(`form answered ${res.status}: ${res.body.slice(0, 200)}`);
}

function expectHealthUp(res: BenchResponse): void {
  if (res.status !== 200 || !res.body.includes('"status":"UP"'))
    throw new Error(`health answered ${res.status}: ${res.body.slice(0, 200)}`);
}

/** Prepares each worker's request once; workers beyond the sessions share them round-robin. */
function perSession(
  t: BenchTargets,
  build: (session: { userKey: string; cookie: string }) => ReturnType<ScenarioTarget['requestFor']>,
  only: (userKey: string) => boolean = () => true,
) {
  const built = t.sessions.filter((s) => only(s.userKey)).map(build);
  if (built.length === 0) throw new Error('no signed-in session fits this scenario');
  return (worker: number) => built[worker % built.length]!;
}

export function gatewayScenarios(t: BenchTargets): Scenario[] {
  const routerHeaders = (cookie: string) => ({ host: t.routerHost, cookie: `ems.sid=${cookie}` });
  const token = (userKey: string) => {
    const value = t.tokens.get(userKey);
    if (!value) throw new Error(`no token for ${userKey}`);
    return value;
  };
  return [
    {
      name: 'graphql viewer',
      description: `POST /graphql ${VIEWER_QUERY}`,
      router: {
        via: 'router',
        authenticatedRouterRequests: true,
        requestFor: perSession(t, (s) => ({
          request: prepareRequest({
            method: 'POST',
            url: `${t.routerUrl}/graphql`,
            headers: routerHeaders(s.cookie),
            json: { query: VIEWER_QUERY },
          }),
          check: expectViewer(s.userKey),
        })),
      },
      direct: {
        via: 'direct',
        authenticatedRouterRequests: false,
        requestFor: perSession(t, (s) => ({
          request: prepareRequest({
            method: 'POST',
            url: `${t.membershipUrl}/graphql`,
            headers: { 'x-api-key': t.portalApiKey, authorization: `Bearer ${token(s.userKey)}` },
            json: { query: VIEWER_QUERY },
          }),
          check: expectViewer(s.userKey),
        })),
      },
      floors: [
        {
          via: 'bare proxy',
          authenticatedRouterRequests: false,
          requestFor: perSession(t, (s) => ({
            request: prepareRequest({
              method: 'POST',
              url: `${t.bareProxyUrl}/graphql`,
              headers: { authorization: `Bearer ${token(s.userKey)}` },
              json: { query: VIEWER_QUERY },
            }),
            check: expectViewer(s.userKey),
          })),
        },
        {
          via: 'bare gateway',
          authenticatedRouterRequests: false,
          requestFor: perSession(t, (s) => ({
            request: prepareRequest({
              method: 'POST',
              url: `${t.bareGatewayUrl}/`,
              headers: { authorization: `Bearer ${token(s.userKey)}` },
              json: { query: VIEWER_QUERY },
            }),
            check: expectViewer(s.userKey),
          })),
        },
      ],
    },
    {
      name: 'rest form',
      description: `GET /services/admin-service/api/forms/membership/${t.periodId}?userKey=… (the portal reading its registration form)`,
      router: {
        via: 'router',
        authenticatedRouterRequests: true,
        requestFor: perSession(
          t,
          (s) => ({
            request: prepareRequest({
              method: 'GET',
              url: `${t.routerUrl}${SERVICES_PREFIX}/api/forms/membership/${t.periodId}?userKey=${s.userKey}`,
              headers: routerHeaders(s.cookie),
            }),
            check: expectForm,
          }),
          (userKey) => FORM_USERS.has(userKey),
        ),
      },
      direct: {
        via: 'direct',
        authenticatedRouterRequests: false,
        requestFor: perSession(
          t,
          (s) => ({
            request: prepareRequest({
              method: 'GET',
              url: `${t.formsUrl}/api/forms/membership/${t.periodId}?userKey=${s.userKey}`,
              headers: { 'x-api-key': t.portalApiKey, authorization: `Bearer ${token(s.userKey)}` },
            }),
            check: expectForm,
          }),
          (userKey) => FORM_USERS.has(userKey),
        ),
      },
      floors: [
        {
          via: 'bare proxy',
          authenticatedRouterRequests: false,
          requestFor: perSession(
            t,
            (s) => ({
              request: prepareRequest({
                method: 'GET',
                url: `${t.formsBareProxyUrl}${SERVICES_PREFIX}/api/forms/membership/${t.periodId}?userKey=${s.userKey}`,
                headers: { authorization: `Bearer ${token(s.userKey)}` },
              }),
              check: expectForm,
            }),
            (userKey) => FORM_USERS.has(userKey),
          ),
        },
      ],
    },
    {
      name: 'rest health',
      description: 'GET /services/admin-service/actuator/health (SELECT 1 on the database)',
      router: {
        via: 'router',
        authenticatedRouterRequests: true,
        requestFor: perSession(t, (s) => ({
          request: prepareRequest({
            method: 'GET',
            url: `${t.routerUrl}${SERVICES_PREFIX}/actuator/health`,
            headers: routerHeaders(s.cookie),
          }),
          check: expectHealthUp,
        })),
      },
      direct: {
        via: 'direct',
        authenticatedRouterRequests: false,
        requestFor: perSession(t, () => ({
          request: prepareRequest({ method: 'GET', url: `${t.membershipUrl}/actuator/health` }),
          check: expectHealthUp,
        })),
      },
      floors: [
        {
          via: 'bare proxy',
          authenticatedRouterRequests: false,
          requestFor: perSession(t, (s) => ({
            request: prepareRequest({
              method: 'GET',
              url: `${t.bareProxyUrl}${SERVICES_PREFIX}/actuator/health`,
              headers: routerHeaders(s.cookie),
            }),
            check: expectHealthUp,
          })),
        },
      ],
    },
  ];
}
