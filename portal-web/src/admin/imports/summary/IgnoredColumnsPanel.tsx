import { importTexts } from '../texts';

const texts = importTexts.summary;

/** F9: the columns the import did not read; not there at all when it read every column. */
export function IgnoredColumnsPanel({ columns }: { columns: readonly string[] }) {
  if (columns.length === 0) return null;
  return (
    <section className="card" aria-labelledby="ignored-title" data-testid="ignored-columns">
      <h2 id="ignored-title">{texts.ignoredTitle}</h2>
      <p>{texts.ignoredIntro}</p>
      <ul className="tag-list">
        {columns.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </section>
  );
}
