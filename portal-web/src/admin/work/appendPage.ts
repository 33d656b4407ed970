/**
 * `fetchMore`'s `updateQuery` for the console's keyset lists: the next page's answer (its cursor,
 * totals) with its rows after the rows already shown. One place for the four lists that page.
 */
export function appendPage<Root extends string, Rows extends string>(root: Root, rows: Rows) {
  return <Q extends { [K in Root]: { [R in Rows]: unknown[] } }>(previous: Q, { fetchMoreResult }: { fetchMoreResult: Q }): Q => ({
    ...fetchMoreResult,
    [root]: { ...fetchMoreResult[root], [rows]: [...previous[root][rows], ...fetchMoreResult[root][rows]] },
  });
}
