import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { appendPage } from './appendPage';

/**
 * A console list that pages by cursor (`first`/`after`), read afresh on every visit: its answer,
 * the state ListResult shows, and the next page appended after the rows already shown.
 */
export function useKeysetList<
  Root extends string,
  Rows extends string,
  Data extends { [K in Root]: { nextCursor: string | null } & { [R in Rows]: unknown[] } },
  Variables extends OperationVariables & { after?: string | null },
>(document: TypedDocumentNode<Data, Variables>, variables: Variables, root: Root, rows: Rows) {
  const { data, loading, error, fetchMore } = useQuery(document, { variables, fetchPolicy: 'network-only' });
  const answer: Data[Root] | undefined = data?.[root];
  return {
    answer,
    loading,
    error,
    page: answer && { rows: answer[rows], nextCursor: answer.nextCursor },
    onMore: (after: string) => fetchMore({ variables: { after } as Partial<Variables>, updateQuery: appendPage(root, rows) }),
  };
}
