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
  concurrency: number;
  p50Ratio: number;
  /** Milliseconds the router adds at the median. */
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

export function compare(phases: readonly PhaseResult[], lowConcurrency: number): Comparison[] {
  const out: Comparison[] = [];
  for (const router of phases.filter((p) => p.via === 'router')) {
    const direct = phases.find((p) => p.via === 'direct' && p.scenario === router.scenario && p.concurrency === router.concurrency);
    if (!direct) continue;
    const p50Ratio = ratio(router.latency.p50Ms, direct.latency.p50Ms);
    const throughputRatio = ratio(router.throughput, direct.throughput);
    const alone = router.concurrency === lowConcurrency;
    // A phase with failed requests never passes: errors can be faster than real answers.
    const clean = router.errors === 0 && direct.errors === 0;
    out.push({
      scenario: router.scenario,
      concurrency: router.concurrency,
      p50Ratio,
      p50AddedMs: router.latency.p50Ms - direct.latency.p50Ms,
      p99Ratio: ratio(router.latency.p99Ms, direct.latency.p99Ms),
      throughputRatio,
      target: alone ? `p50 <= ${TARGETS.latencyRatioMax}x` : `req/s >= ${TARGETS.throughputRatioMin}x`,
      pass: clean && (alone ? p50Ratio <= TARGETS.latencyRatioMax : throughputRatio >= TARGETS.throughputRatioMin),
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
    const c = p.via === 'router' ? comparisons.find((x) => x.scenario === p.scenario && x.concurrency === p.concurrency) : undefined;
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
      c ? verdict(c.pass) : '',
    ];
  });
  const table = formatTable(
    ['scenario', 'via', 'conc', 'p50 ms', 'p99 ms', 'req/s', 'errors', '+p50 ms', 'p50 r/d', 'p99 r/d', 'req/s r/d', 'target', 'result'],
    rows,
  );
  const failures = [
    ...comparisons
      .filter((c) => !c.pass)
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
    'r/d: router / direct; +p50 ms: what the router adds at the median',
    '',
    `session-table writes per authenticated router request: ${fixed(session.perRequest, 4)} ` +
      `(${session.writes} writes / ${session.authenticatedRouterRequests} requests, target ${session.target}) ${verdict(session.pass)}`,
    ...(failures.length ? ['', ...failures] : ['', 'all targets met']),
  ].join('\n');
}
