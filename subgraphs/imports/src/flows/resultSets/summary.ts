import type { JobView } from '../../domain/jobView';
import { resultSetNameOf, type ResultSetImportConfig } from './config';

/** GraphQL `ImportJob.resultSet`: the set an E08 job fills, its options, and its counters; null for other flows. */
export function resultSetSummary(job: Pick<JobView, 'importType' | 'config' | 'counts'>) {
  if (job.importType !== 'RESULT_SET') return null;
  const config = job.config as unknown as ResultSetImportConfig & { fileName?: string };
  const n = (key: string) => job.counts[key] ?? 0;
  return {
    name: resultSetNameOf(config),
    participantIdMode: config.participantIdMode,
    applyNumberChanges: config.applyNumberChanges,
    pointsCalculator: config.pointsCalculator,
    results: n('results'),
    finished: n('finished'),
    dnf: n('dnf'),
    dns: n('dns'),
    dsq: n('dsq'),
    scored: n('scored'),
    replaced: n('resultSetReplaced') > 0,
    previousResults: n('previousResults'),
    numberChangesApplied: n('numberChangesApplied'),
    numberChangesRefused: n('numberChangesRefused'),
  };
}
