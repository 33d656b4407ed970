import { ratio, type LatencySummary } from '../lib/stats';
import { fixed, formatTable } from '../lib/table';
import type { CopyBaselineResult } from './copyBaseline';
import type { ImportRunResult } from './importRun';
import type { WriteFloorResult } from './writeFloor';

/**
 * The acceptance targets. "Flat" memory: the worker's peak at the large file at most this factor
 * of its peak at the small one (a factor rather than "not one byte more": two runs of the same
 * process differ by a few MB of heap growth and GC timing).
 */
export const TARGETS = {
  csvRowsPerSecondMin: 11_000,
  workerPeakMbMax: 300,
  flatMemoryFactorMax: 1.1,
  startDelayP99MsMax: 500,
} as const;

export interface MeasuredImport extends ImportRunResult {
  label: string;
  memory: { workerPeakMb: number; childPeakMb: number | null; childPids: number[] };
}

export interface ImportsBenchResult {
  copy: CopyBaselineResult;
  /** The rows' persons and participants written with plain INSERTs: what any import of the file must write. */
  writeFloor: WriteFloorResult;
  csvSmall: MeasuredImport;
  csvLarge: MeasuredImport;
  xlsx: MeasuredImport;
  startDelay: LatencySummary;
}

export interface Verdicts {
  csvRate: boolean;
  memorySmall: boolean;
  memoryLarge: boolean;
  memoryFlat: boolean;
  startDelay: boolean;
  /** Every import COMPLETED with every row of its file counted. */
  complete: boolean;
}

export function verdicts(r: ImportsBenchResult, expectedRows: { small: number; large: number }): Verdicts {
  const allRows = (m: MeasuredImport, rows: number) => m.state === 'COMPLETED' && m.counts?.rows === rows;
  return {
    csvRate: r.csvLarge.endToEndRowsPerSecond >= TARGETS.csvRowsPerSecondMin,
    memorySmall: r.csvSmall.memory.workerPeakMb <= TARGETS.workerPeakMbMax,
    memoryLarge: r.csvLarge.memory.workerPeakMb <= TARGETS.workerPeakMbMax,
    memoryFlat: r.csvLarge.memory.workerPeakMb <= r.csvSmall.memory.workerPeakMb * TARGETS.flatMemoryFactorMax,
    startDelay: r.startDelay.p99Ms <= TARGETS.startDelayP99MsMax,
    complete: allRows(r.csvSmall, expectedRows.small) && allRows(r.csvLarge, expectedRows.large) && allRows(r.xlsx, expectedRows.small),
  };
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const rate = (v: number) => fixed(v, 0);
const mb = (v: number | null) => (v === null ? 'n/a' : fixed(v, 1));

export function formatReport(r: ImportsBenchResult, v: Verdicts): string {
  const importRow = (m: MeasuredImport, target: string, pass: string) => [
    `${m.label} end to end rows/s`,
    rate(m.endToEndRowsPerSecond),
    `${fixed(ratio(m.endToEndRowsPerSecond, r.copy.rowsPerSecond), 3)}x`,
    target,
    pass,
  ];
  const workerRow = (m: MeasuredImport) => [
    `${m.label} worker rows/s (finishedAt - startedAt)`,
    rate(m.workerRowsPerSecond),
    `${fixed(ratio(m.workerRowsPerSecond, r.copy.rowsPerSecond), 3)}x`,
    '',
    '',
  ];
  const rows = [
    [`COPY baseline (${r.copy.rows} rows, unlogged text table)`, rate(r.copy.rowsPerSecond), '1.000x', '', ''],
    [
      `write floor (${r.writeFloor.rows} persons + participants, plain INSERT)`,
      rate(r.writeFloor.rowsPerSecond),
      `${fixed(ratio(r.writeFloor.rowsPerSecond, r.copy.rowsPerSecond), 3)}x`,
      '',
      '',
    ],
    importRow(r.csvLarge, `>= ${TARGETS.csvRowsPerSecondMin}`, verdict(v.csvRate)),
    workerRow(r.csvLarge),
    importRow(r.csvSmall, '', ''),
    workerRow(r.csvSmall),
    importRow(r.xlsx, '', ''),
    workerRow(r.xlsx),
  ];
  const rateTable = formatTable(['rate', 'rows/s', 'vs COPY', 'target', 'result'], rows);

  const memoryTable = formatTable(
    ['worker peak memory (VmHWM)', 'MB', 'target', 'result'],
    [
      [`${r.csvSmall.label}`, mb(r.csvSmall.memory.workerPeakMb), `<= ${TARGETS.workerPeakMbMax}`, verdict(v.memorySmall)],
      [`${r.csvLarge.label}`, mb(r.csvLarge.memory.workerPeakMb), `<= ${TARGETS.workerPeakMbMax}`, verdict(v.memoryLarge)],
      [
        `${r.csvLarge.label} over ${r.csvSmall.label}`,
        `${fixed(ratio(r.csvLarge.memory.workerPeakMb, r.csvSmall.memory.workerPeakMb), 2)}x`,
        `<= ${TARGETS.flatMemoryFactorMax}x (flat)`,
        verdict(v.memoryFlat),
      ],
      [`${r.xlsx.label}: worker`, mb(r.xlsx.memory.workerPeakMb), '', ''],
      [`${r.xlsx.label}: XLSX reader child (sampled)`, mb(r.xlsx.memory.childPeakMb), '', ''],
    ],
  );

  const d = r.startDelay;
  const delayTable = formatTable(
    ['job start delay (startedAt - createdAt)', 'n', 'p50 ms', 'p99 ms', 'max ms', 'target', 'result'],
    [
      [
        'small uploads, one after the other',
        String(d.count),
        fixed(d.p50Ms, 1),
        fixed(d.p99Ms, 1),
        fixed(d.maxMs, 1),
        `p99 <= ${TARGETS.startDelayP99MsMax}`,
        verdict(v.startDelay),
      ],
    ],
  );

  const countsLine = (m: MeasuredImport) => {
    const c = m.counts;
    const what =
      c && Object.keys(c).length
        ? Object.entries(c)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')
        : 'no counts';
    return (
      `${m.label}: ${m.state} in ${fixed(m.endToEndMs / 1000, 1)} s (upload ${fixed(m.uploadMs / 1000, 1)} s, ` +
      `start delay ${fixed(m.startDelayMs, 0)} ms); ${what}${m.error ? `; error: ${m.error.message}` : ''}`
    );
  };
  const failures = [
    ...(v.complete ? [] : ['FAIL not every import COMPLETED with every row of its file counted (see above)']),
    ...[r.csvSmall, r.csvLarge, r.xlsx]
      .filter((m) => (m.counts?.failed ?? 0) > 0)
      .map((m) => `note: ${m.label} has ${m.counts!.failed} failed rows`),
  ];
  const pass = Object.values(v).every(Boolean);
  return [
    rateTable,
    'vs COPY: the import rate over plain COPY of the same CSV into an unlogged table of text columns',
    `write floor: a person and a participant per row inserted in 5,000-row transactions into the real tables (indexes, ` +
      `generated match columns, foreign keys), no parsing or matching; ${r.csvLarge.label} worker rate is ` +
      `${fixed(ratio(r.csvLarge.workerRowsPerSecond, r.writeFloor.rowsPerSecond), 2)}x of it`,
    '',
    memoryTable,
    `XLSX child: ${r.xlsx.memory.childPids.length ? `pids ${r.xlsx.memory.childPids.join(', ')}, VmHWM sampled at each poll while alive (a lower bound)` : 'no child process of the worker was seen during the XLSX import'}`,
    '',
    delayTable,
    '',
    ...[r.csvSmall, r.csvLarge, r.xlsx].map(countsLine),
    ...(failures.length ? ['', ...failures] : []),
    '',
    pass ? 'all targets met' : 'some targets missed',
  ].join('\n');
}
