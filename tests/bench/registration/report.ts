import { ratio, summarise, type LatencySummary } from '../lib/stats';
import { fixed, formatTable } from '../lib/table';
import type { StepRecord } from './steps';

/** The targets: each step's p99 at most 3x the p99 of the baseline measured beside it; no errors. */
export const TARGETS = { stepP99OverBaselineP99Max: 3, errorsMax: 0 } as const;

export interface StepResult {
  step: string;
  latency: LatencySummary;
  errors: number;
  firstError?: string;
  p99OverBaseline: number;
  pass: boolean;
}

export interface BaselineResult {
  description: string;
  /** Baseline requests in flight at once, beside the registrations. */
  concurrency: number;
  latency: LatencySummary;
  throughput: number;
  errors: number;
  firstError?: string;
}

export interface RegistrationsResult {
  concurrency: number;
  requested: number;
  started: number;
  completed: number;
  failed: number;
  /** Registrations never started because the time limit came first. */
  notStarted: number;
  /** Completed registrations per second of the measured window. */
  perSecond: number;
  measuredMs: number;
  /** Whole journeys, sign-in to payment return. */
  journey: LatencySummary;
  firstError?: string;
}

export function stepResults(records: readonly StepRecord[], baselineP99Ms: number): StepResult[] {
  return records.map((r) => {
    const latency = summarise(r.latenciesMs);
    const p99OverBaseline = ratio(latency.p99Ms, baselineP99Ms);
    return {
      step: r.name,
      latency,
      errors: r.errors,
      firstError: r.firstError,
      p99OverBaseline,
      // A step with failed requests never passes: errors can be faster than real answers.
      pass: r.errors <= TARGETS.errorsMax && p99OverBaseline <= TARGETS.stepP99OverBaselineP99Max,
    };
  });
}

/** A failed registration stops at its first failed step, so it counts once; plus failed baseline requests. */
export function totalErrors(registrations: RegistrationsResult, baseline: BaselineResult): number {
  return registrations.failed + baseline.errors;
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

export function formatReport(steps: readonly StepResult[], baseline: BaselineResult, registrations: RegistrationsResult): string {
  const target = `p99 <= ${TARGETS.stepP99OverBaselineP99Max}x`;
  const rows = [
    ...steps.map((s) => [
      s.step,
      String(s.latency.count),
      fixed(s.latency.p50Ms, 1),
      fixed(s.latency.p99Ms, 1),
      String(s.errors),
      `${fixed(s.p99OverBaseline, 2)}x`,
      target,
      verdict(s.pass),
    ]),
    [
      `baseline: ${baseline.description}`,
      String(baseline.latency.count),
      fixed(baseline.latency.p50Ms, 1),
      fixed(baseline.latency.p99Ms, 1),
      String(baseline.errors),
      '1.00x',
      'errors = 0',
      verdict(baseline.errors === 0),
    ],
    [
      'whole registration (sign-in to payment return)',
      String(registrations.journey.count),
      fixed(registrations.journey.p50Ms, 1),
      fixed(registrations.journey.p99Ms, 1),
      String(registrations.failed),
      '',
      '',
      '',
    ],
  ];
  const table = formatTable(['step (via router)', 'n', 'p50 ms', 'p99 ms', 'errors', 'p99/base', 'target', 'result'], rows);
  const errors = totalErrors(registrations, baseline);
  const failures = [
    ...steps
      .filter((s) => !s.pass)
      .map((s) =>
        s.errors > 0
          ? `FAIL ${s.step}: ${s.errors} errors, first: ${s.firstError}`
          : `FAIL ${s.step}: p99 ${fixed(s.latency.p99Ms, 1)} ms is ${fixed(s.p99OverBaseline, 2)}x the baseline's ${fixed(baseline.latency.p99Ms, 1)} ms (${target})`,
      ),
    ...(baseline.errors > 0 ? [`FAIL baseline: ${baseline.errors} errors, first: ${baseline.firstError}`] : []),
    ...(registrations.failed > 0 ? [`FAIL ${registrations.failed} registrations failed, first: ${registrations.firstError}`] : []),
    ...(registrations.notStarted > 0 ? [`FAIL ${registrations.notStarted} registrations not started before the time limit`] : []),
  ];
  return [
    table,
    `p99/base: the step's p99 over the p99 of the baseline measured at the same time (beside the registrations)`,
    '',
    `registrations: ${registrations.completed} of ${registrations.requested} completed, ${registrations.failed} failed, ` +
      `${registrations.notStarted} not started; ${fixed(registrations.perSecond, 2)} completed registrations/s ` +
      `(${fixed(registrations.measuredMs / 1000, 1)} s at concurrency ${registrations.concurrency})`,
    `baseline: ${fixed(baseline.throughput, 0)} req/s at concurrency ${baseline.concurrency} beside the registrations ` +
      `(after their ramp-up, until the last one ended)`,
    `errors: ${errors} (target ${TARGETS.errorsMax}) ${verdict(errors <= TARGETS.errorsMax)}`,
    ...(failures.length ? ['', ...failures] : ['', 'all targets met']),
  ].join('\n');
}
