import { flowOf, type CallerKey, type ImportFlow } from './flows';

/**
 * The import pages' browser routes: `/imports` (the flows), `/imports/<callerKey>` (a flow's
 * upload screen), `/imports/<uuid>` (the common host: any flow, any stage) and
 * `/imports/<callerKey>/<uuid>` (the flow's summary screen).
 */
export type ImportRoute =
  | { name: 'index' }
  | { name: 'upload'; flow: ImportFlow }
  | { name: 'host'; jobId: string }
  | { name: 'summary'; flow: ImportFlow; jobId: string }
  | { name: 'notFound' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isImportPath(pathname: string): boolean {
  return pathname === '/imports' || pathname.startsWith('/imports/');
}

export function matchImportRoute(pathname: string): ImportRoute {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(2);
  if (parts.length === 0) return { name: 'index' };
  const [first, second] = parts;
  if (parts.length === 1 && first && UUID.test(first)) return { name: 'host', jobId: first.toLowerCase() };
  const flow = first ? flowOf(first) : null;
  if (!flow) return { name: 'notFound' };
  if (parts.length === 1) return { name: 'upload', flow };
  if (parts.length === 2 && second && UUID.test(second)) return { name: 'summary', flow, jobId: second.toLowerCase() };
  return { name: 'notFound' };
}

export const importsIndexPath = (): string => '/imports';
export const uploadPath = (callerKey: CallerKey): string => `/imports/${callerKey}`;
export const hostPath = (jobId: string): string => `/imports/${jobId}`;

/**
 * Where the host sends a job that has ended: the summary of the flow that uploaded it, found by the
 * upload's caller key alone (contract item 6: the host has no flow-specific routing). A caller
 * key this portal does not know keeps the job on the host.
 */
export function summaryPath(callerKey: string, jobId: string): string | null {
  const flow = flowOf(callerKey);
  return flow ? `/imports/${flow.callerKey}/${jobId}` : null;
}

/**
 * The operator console's review of possible duplicates (F8, issue 20's `/review`): every open
 * merge candidate of the operator's organisations, this import's among them. The one place its
 * address is written here.
 */
export const mergeReviewPath = (): string => '/review';
