import type { ReactNode } from 'react';
import { Notice } from '../ui/Notice';
import { ShowMore, WorkTable, type WorkColumn } from './WorkTable';

/** The rows a list query has answered so far, and the cursor of its next page where it pages. */
export interface ListPage<Row> {
  rows: readonly Row[];
  nextCursor?: string | null;
}

interface RowsTableProps<Row> {
  rows: readonly Row[];
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  caption: string;
  columns: readonly WorkColumn[];
  testId?: string;
  row: (row: Row) => ReactNode;
}

/** Rows in the console's table, or the line that says there are none (an empty table tells a screen reader nothing). */
export function RowsTable<Row>({ rows, empty, caption, columns, testId, row }: RowsTableProps<Row>) {
  if (rows.length === 0) return empty;
  return (
    <WorkTable caption={caption} columns={columns} testId={testId}>
      {rows.map(row)}
    </WorkTable>
  );
}

interface ListResultProps<Row> extends Omit<RowsTableProps<Row>, 'rows'> {
  loading: boolean;
  error: { message: string } | undefined;
  /** Undefined until the first answer. */
  page: ListPage<Row> | undefined;
  loadingText: string;
  /** Said when the error has no message of its own. */
  failedText?: string;
  /** Shown once there is an answer, rows or not (e.g. how many match). */
  summary?: ReactNode;
  /** The page after `after`; "show more" is offered while the answer names a next page. */
  more?: { label: string; onMore: (after: string) => Promise<unknown> };
}

/**
 * A console list's answer, the same on every list screen: the error, "loading" only until the
 * first answer (a refetch keeps the rows on screen), the empty line or the table, then "show more".
 */
export function ListResult<Row>({ loading, error, page, loadingText, failedText, summary, more, ...table }: ListResultProps<Row>) {
  const nextCursor = page?.nextCursor;
  return (
    <>
      {error && <Notice severity="error">{error.message || failedText}</Notice>}
      {loading && !page && <p className="muted">{loadingText}</p>}
      {page && summary}
      {page && <RowsTable rows={page.rows} {...table} />}
      {more && nextCursor && <ShowMore label={more.label} onMore={() => more.onMore(nextCursor)} />}
    </>
  );
}
