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

/** The targets: at most 1.5x latency alone (p50, concurrency 1); at least 0.5x throughput under load. */
export const TARGETS = { latencyRatioMax: 1.5, throughputRatioMin: 0.5, sessionWritesPerRequestMax: 0.05 } as const;

export interface Comparison {
  scenario: string;
  /** `router`, judged against the targets, or `bare proxy`, the floor shown for reference. */
  via: Exclude<Via, 'direct'>;
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

/** Router and bare-proxy phases against the direct phase of the same scenario and concurrency. */
export function compare(phases: readonly PhaseResult[], lowConcurrency: number): Comparison[] {
  const out: Comparison[] = [];
  for (const hop of phases) {
    if (hop.via === 'direct') continue;
    const direct = phases.find((p) => p.via === 'direct' && p.scenario === hop.scenario && p.concurrency === hop.concurrency);
    if (!direct) continue;
    const p50Ratio = ratio(hop.latency.p50Ms, direct.latency.p50Ms);
    const throughputRatio = ratio(hop.throughput, direct.throughput);
    const alone = hop.concurrency === lowConcurrency;
    const target = alone ? `p50 <= ${TARGETS.latencyRatioMax}x` : `req/s >= ${TARGETS.throughputRatioMin}x`;
    // A phase with failed requests never passes: errors can be faster than real answers.
    const clean = hop.errors === 0 && direct.errors === 0;
    const met = alone ? p50Ratio <= TARGETS.latencyRatioMax : throughputRatio >= TARGETS.throughputRatioMin;
    out.push({
      scenario: hop.scenario,
      via: hop.via,
      concurrency: hop.concurrency,
      p50Ratio,
      p50AddedMs: hop.latency.p50Ms - direct.latency.p50Ms,
      p99Ratio: ratio(hop.latency.p99Ms, direct.latency.p99Ms),
      throughputRatio,
      target: hop.via === 'router' ? target : `(reference: ${met ? 'within' : 'misses'} ${target})`,
      // The floor is not judged; only its errors would make the run fail.
      pass: hop.via === 'router' ? clean && met : hop.errors === 0,
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
      c?.via === 'router' ? verdict(c.pass) : '',
    ];
  });
  const table = formatTable(
    ['scenario', 'via', 'conc', 'p50 ms', 'p99 ms', 'req/s', 'errors', '+p50 ms', 'p50 r/d', 'p99 r/d', 'req/s r/d', 'target', 'result'],
    rows,
  );
  const failures = [
    ...comparisons
      .filter((c) => c.via === 'router' && !c.pass)
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
    'r/d: router (or bare proxy) / direct; +p50 ms: what the hop adds at the median',
    ...(phases.some((p) => p.via === 'bare proxy')
      ? ['bare proxy: the least a Node reverse proxy does, in its own process; the floor for any router on this machine']
      : []),
    '',
    `session-table writes per authenticated router request: ${fixed(session.perRequest, 4)} ` +
      `(${session.writes} writes / ${session.authenticatedRouterRequests} requests, target ${session.target}) ${verdict(session.pass)}`,
    ...(failures.length ? ['', ...failures] : ['', 'all targets met']),
  ].join('\n');
}
