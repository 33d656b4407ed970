import { AppLink } from '../../ui/AppLink';
import { hostPath, summaryPath } from '../lib/importPaths';
import { importTexts } from '../texts';
import type { SummaryJob } from './summaryQuery';

const texts = importTexts.summary;

const pathOf = (job: { id: string; callerKey: string; terminal?: boolean }) =>
  (job.terminal === false ? null : summaryPath(job.callerKey, job.id)) ?? hostPath(job.id);

/** The corrections chain: the import this one corrects, and the imports that corrected this one. */
export function RelatedImports({ job }: { job: SummaryJob }) {
  if (!job.correctsJob && job.correctedBy.length === 0) return null;
  return (
    <section className="related-imports" data-testid="related-imports">
      {job.correctsJob && (
        <p>
          {texts.correctsJob} <AppLink to={pathOf(job.correctsJob)}>{texts.earlierImport}</AppLink>
        </p>
      )}
      {job.correctedBy.map((later) => (
        <p key={later.id}>
          {texts.correctedBy} <AppLink to={pathOf(later)}>{texts.laterImport}</AppLink>
        </p>
      ))}
    </section>
  );
}
