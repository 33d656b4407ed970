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

/** What a list query has come to: loading, its error, its answer so far, and the next page where it pages. */
export interface ListState<Row> {
  loading: boolean;
  error: { message: string } | undefined;
  /** Undefined until the first answer. */
  page: ListPage<Row> | undefined;
  /** The page after `after` (useKeysetList); "show more" is offered while the answer names one. */
  onMore?: (after: string) => Promise<unknown>;
}

interface ListResultProps<Row> extends Omit<RowsTableProps<Row>, 'rows'> {
  list: ListState<Row>;
  loadingText: string;
  /** Said when the error has no message of its own. */
  failedText?: string;
  /** Shown once there is an answer, rows or not (e.g. how many match). */
  summary?: ReactNode;
  moreLabel?: string;
}

/**
 * A console list's answer, the same on every list screen: the error, "loading" only until the
 * first answer (a refetch keeps the rows on screen), the empty line or the table, then "show more".
 */
export function ListResult<Row>({ list, loadingText, failedText, summary, moreLabel, ...table }: ListResultProps<Row>) {
  const { loading, error, page, onMore } = list;
  const nextCursor = page?.nextCursor;
  return (
    <>
      {error && <Notice severity="error">{error.message || failedText}</Notice>}
      {loading && !page && <p className="muted">{loadingText}</p>}
      {page && summary}
      {page && <RowsTable rows={page.rows} {...table} />}
      {onMore && moreLabel && nextCursor && <ShowMore label={moreLabel} onMore={() => onMore(nextCursor)} />}
    </>
  );
}
