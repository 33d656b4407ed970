import type { ResultRow } from '../../data/results';
import { afterIdOf, pageOf, type Edge, type PageInfo } from './pages';

/** `ResultSet.results`: Relay-style pages in result id order (the order they were recorded), cursors opaque. */
export type ResultEdgeView = Edge<ResultRow>;

export interface ResultPage {
  resultSetId: number;
  edges: ResultEdgeView[];
  pageInfo: PageInfo;
}

/** The result id after which the page starts (0: from the beginning). */
export function afterResultId(after: string | null | undefined): number {
  return afterIdOf('result', after);
}

export function resultPage(resultSetId: number, rows: readonly ResultRow[], size: number, afterId: number): ResultPage {
  return { resultSetId, ...pageOf('result', rows, size, afterId) };
}

/**
 * A time as h:mm:ss.s (hours unpadded, e.g. 0:41:07.3 or 2:03:59.9). Tenths are cut, not
 * rounded: 59.96 s stays 59.9 (rounding would print 60.0 or carry into the minute).
 */
export function resultTime(timeMs: number): string {
  const tenths = Math.floor(timeMs / 100);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(tenths / 36000);
  const minutes = Math.floor(tenths / 600) % 60;
  const seconds = Math.floor(tenths / 10) % 60;
  return `${hours}:${pad(minutes)}:${pad(seconds)}.${tenths % 10}`;
}
