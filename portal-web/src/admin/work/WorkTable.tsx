import { useId, useState, type ReactNode } from 'react';

export type WorkColumn = string | { label: string; className: string };

/**
 * The console's tables: a focusable, labelled region that scrolls sideways on a phone (axe:
 * scrollable regions need keyboard access), a caption for screen readers, and column headers.
 */
export function WorkTable({
  caption,
  columns,
  testId,
  children,
}: {
  caption: string;
  columns: readonly WorkColumn[];
  testId?: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="work-table" data-testid={testId}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const { label, className } = typeof column === 'string' ? { label: column, className: undefined } : column;
              return (
                <th scope="col" key={label} className={className}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The next page of a list (keyset pages): disabled while it loads. */
export function ShowMore({ label, onMore }: { label: string; onMore: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="actions">
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onMore().finally(() => setBusy(false));
        }}
      >
        {label}
      </button>
    </div>
  );
}
