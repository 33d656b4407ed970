import { ratio, type LatencySummary } from '../lib/stats';
import { fixed, formatTable } from '../lib/table';
import type { Via } from './scenarios';

export interface PhaseResult {
  scenario: string;
  via: Via;
  concurrency: number;
  latency: LatencySummary;
  throughput: number;
  measuredMs: number;
  /** Requests sent, warm-up and failures included. */
  sent: number;
  errors: number;
  firstError?: string;
}

/**
 * The targets, router against direct, per scenario: at most this p50 ratio alone (concurrency 1),
 * at least this throughput ratio under load (concurrency 32). A scenario without an entry (the
 * REST health call) is measured for information only.
 */
export const TARGETS = {
  latencyRatioMax: { 'graphql viewer': 2.0, 'rest form': 1.3 } as Readonly<Record<string, number>>,
  throughputRatioMin: { 'graphql viewer': 0.7, 'rest form': 0.7 } as Readonly<Record<string, number>>,
  sessionWritesPerRequestMax: 0.05,
} as const;

/** The target a router phase is judged by, or null when the scenario has none at that concurrency. */
export function targetFor(scenario: string, alone: boolean): { kind: 'p50' | 'req/s'; ratio: number } | null {
  const ratio = alone ? TARGETS.latencyRatioMax[scenario] : TARGETS.throughputRatioMin[scenario];
  if (ratio === undefined) return null;
  return { kind: alone ? 'p50' : 'req/s', ratio };
}

const describeTarget = (t: { kind: 'p50' | 'req/s'; ratio: number }) =>
  t.kind === 'p50' ? `p50 <= ${t.ratio.toFixed(1)}x` : `req/s >= ${t.ratio.toFixed(1)}x`;

export interface Comparison {
  scenario: string;
  /** `router`, judged against the targets, or a floor (bare proxy, bare gateway) shown for reference. */
  via: Exclude<Via, 'direct'>;
  /** False for information rows: the floors, and router phases of a scenario without a target. */
  judged: boolean;
  concurrency: number;
  p50Ratio: number;
  /** Milliseconds the hop adds at the median. */
  p50AddedMs: number;
  p99Ratio: number;
  throughputRatio: number;
  target: string;
  pass: boolean;
}

export interface SessionWrites {
  writes: number;
  authenticatedRouterRequests: number;
  perRequest: number;
  target: string;
  pass: boolean;
}

/** Router and floor phases against the direct phase of the same scenario and concurrency. */
export function compare(phases: readonly PhaseResult[], lowConcurrency: number): Comparison[] {
  const out: Comparison[] = [];
  for (const hop of phases) {
    if (hop.via === 'direct') continue;
    const direct = phases.find((p) => p.via === 'direct' && p.scenario === hop.scenario && p.concurrency === hop.concurrency);
    if (!direct) continue;
    const p50Ratio = ratio(hop.latency.p50Ms, direct.latency.p50Ms);
    const throughputRatio = ratio(hop.throughput, direct.throughput);
    const alone = hop.concurrency === lowConcurrency;
    const goal = targetFor(hop.scenario, alone);
    // A phase with failed requests never passes: errors can be faster than real answers.
    const clean = hop.errors === 0 && direct.errors === 0;
    const met = goal === null || (goal.kind === 'p50' ? p50Ratio <= goal.ratio : throughputRatio >= goal.ratio);
    const judged = hop.via === 'router' && goal !== null;
    const target =
      goal === null ? '(information)' : judged ? describeTarget(goal) : `(reference: ${met ? 'within' : 'misses'} ${describeTarget(goal)})`;
    out.push({
      scenario: hop.scenario,
      via: hop.via,
      judged,
      concurrency: hop.concurrency,
      p50Ratio,
      p50AddedMs: hop.latency.p50Ms - direct.latency.p50Ms,
      p99Ratio: ratio(hop.latency.p99Ms, direct.latency.p99Ms),
      throughputRatio,
      target,
      // Information rows are not judged; only their errors would make the run fail.
      pass: judged ? clean && met : hop.errors === 0,
    });
  }
  return out;
}

export function sessionWritesResult(writes: number, authenticatedRouterRequests: number): SessionWrites {
  const perRequest = ratio(writes, authenticatedRouterRequests);
  return {
    writes,
    authenticatedRouterRequests,
    perRequest,
    target: `<= ${TARGETS.sessionWritesPerRequestMax}`,
    pass: perRequest <= TARGETS.sessionWritesPerRequestMax,
  };
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

export function formatReport(phases: readonly PhaseResult[], comparisons: readonly Comparison[], session: SessionWrites): string {
  const rows = phases.map((p) => {
    const c = comparisons.find((x) => x.via === p.via && x.scenario === p.scenario && x.concurrency === p.concurrency);
    return [
      p.scenario,
      p.via,
      String(p.concurrency),
      fixed(p.latency.p50Ms, 2),
      fixed(p.latency.p99Ms, 2),
      fixed(p.throughput, 0),
      String(p.errors),
      c ? fixed(c.p50AddedMs, 2) : '',
      c ? `${fixed(c.p50Ratio, 2)}x` : '',
      c ? `${fixed(c.p99Ratio, 2)}x` : '',
      c ? `${fixed(c.throughputRatio, 2)}x` : '',
      c?.target ?? '',
      c?.judged ? verdict(c.pass) : '',
    ];
  });
  const table = formatTable(
    ['scenario', 'via', 'conc', 'p50 ms', 'p99 ms', 'req/s', 'errors', '+p50 ms', 'p50 r/d', 'p99 r/d', 'req/s r/d', 'target', 'result'],
    rows,
  );
  const failures = [
    ...comparisons
      .filter((c) => c.judged && !c.pass)
      .map(
        (c) =>
          `FAIL ${c.scenario} at concurrency ${c.concurrency}: ${c.target} (p50 ${fixed(c.p50Ratio, 2)}x, req/s ${fixed(c.throughputRatio, 2)}x)`,
      ),
    ...phases
      .filter((p) => p.errors > 0)
      .map((p) => `FAIL ${p.scenario} ${p.via} c${p.concurrency}: ${p.errors} errors, first: ${p.firstError}`),
    ...(session.pass
      ? []
      : [`FAIL session-table writes per authenticated request: ${fixed(session.perRequest, 4)} (target ${session.target})`]),
  ];
  return [
    table,
    'r/d: router (or a floor) / direct; +p50 ms: what the hop adds at the median',
    ...(phases.some((p) => p.via === 'bare proxy')
      ? ['bare proxy: the least a Node reverse proxy does, in its own process; the floor for any router on this machine']
      : []),
    ...(phases.some((p) => p.via === 'bare gateway')
      ? [
          'bare gateway: Apollo Gateway and Apollo Server with their defaults on the same supergraph, nothing of the router; the floor for federated GraphQL',
        ]
      : []),
    '',
    `session-table writes per authenticated router request: ${fixed(session.perRequest, 4)} ` +
      `(${session.writes} writes / ${session.authenticatedRouterRequests} requests, target ${session.target}) ${verdict(session.pass)}`,
    ...(failures.length ? ['', ...failures] : ['', 'all targets met']),
  ].join('\n');
}
