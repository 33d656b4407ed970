import { AppLink } from '../../ui/AppLink';
import { formatCount, importTexts } from '../texts';
import { mergeReviewPath } from '../lib/importPaths';
import type { SummaryJob } from './summaryQuery';

const texts = importTexts.summary;

/** Pairs shown here; the review screen has them all. */
const SHOWN = 20;

type Person = SummaryJob['mergeCandidatesCreated'][number]['person'];
/** A side the operator may not see is null: it is named as nobody in particular. */
const name = (p: Person) =>
  p === null ? texts.mergeHiddenPerson : [p.firstName, p.lastName].join(' ') + (p.dateOfBirth ? ` (${p.dateOfBirth})` : '');

/** F8: the persons the import created who may be someone already known; not there when there are none. */
export function MergeCandidatesPanel({ candidates }: { candidates: SummaryJob['mergeCandidatesCreated'] }) {
  if (candidates.length === 0) return null;
  return (
    <section className="card" aria-labelledby="merge-title" data-testid="merge-candidates">
      <h2 id="merge-title">{texts.mergeTitle}</h2>
      <p>{texts.mergeIntro(candidates.length)}</p>
      <ul className="merge-list">
        {candidates.slice(0, SHOWN).map((m) => (
          <li key={m.id} data-row={m.rowNo}>
            {texts.mergePair(m.rowNo)}: <strong>{name(m.person)}</strong> {texts.mergeMayBe} <strong>{name(m.candidate)}</strong>
          </li>
        ))}
      </ul>
      {candidates.length > SHOWN && <p className="muted">+ {formatCount(candidates.length - SHOWN)}</p>}
      <p>
        <AppLink to={mergeReviewPath()}>{texts.mergeReview}</AppLink>
      </p>
    </section>
  );
}
