import { z } from 'zod';

export type ServiceName = 'membership' | 'forms' | 'imports';

export interface RouteEntry {
  prefix: string;
  service: ServiceName;
}

/**
 * Which subgraph owns an admin-service path. The longest matching prefix wins; `/` catches the
 * rest (the admin service proper). Configurable with ROUTE_TABLE (same JSON shape).
 */
export const DEFAULT_ROUTE_TABLE: RouteEntry[] = [
  { prefix: '/api/forms', service: 'forms' },
  { prefix: '/api/imports', service: 'imports' },
  { prefix: '/api/event-participants', service: 'imports' },
  { prefix: '/api/result-sets', service: 'imports' },
  // Only the import's own resources: other /api/memberships paths stay with membership.
  { prefix: '/api/memberships/import', service: 'imports' },
  { prefix: '/', service: 'membership' },
];

/**
 * Upstream paths that issue tokens. They answer with a JWT in the body, so they are never
 * reachable through the browser-facing proxy (contract rule 2: no API response carries it).
 */
const TOKEN_ISSUING_PREFIXES = ['/auth', '/api/auth'];

const routeTableSchema = z
  .array(z.object({ prefix: z.string().startsWith('/'), service: z.enum(['membership', 'forms', 'imports']) }))
  .min(1);

export function parseRouteTable(json: string | undefined): RouteEntry[] {
  if (!json) return DEFAULT_ROUTE_TABLE;
  return routeTableSchema.parse(JSON.parse(json));
}

function matches(prefix: string, path: string): boolean {
  if (prefix === '/') return true;
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function serviceFor(table: readonly RouteEntry[], path: string): ServiceName | null {
  let best: RouteEntry | null = null;
  for (const entry of table) {
    if (matches(entry.prefix, path) && (!best || entry.prefix.length > best.prefix.length)) best = entry;
  }
  return best?.service ?? null;
}

export function isTokenIssuingPath(path: string): boolean {
  const normalised = path.replace(/\/{2,}/g, '/').toLowerCase();
  return TOKEN_ISSUING_PREFIXES.some((p) => matches(p, normalised));
}

/** Upstream `/api/**` paths need a signed-in session (contract rule 5, enforced early here). */
export function needsUserToken(path: string): boolean {
  return matches('/api', path.toLowerCase());
}
