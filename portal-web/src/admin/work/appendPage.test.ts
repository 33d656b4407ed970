import { appendPage } from './appendPage';

describe('appendPage: the next page of a keyset list after the rows already shown', () => {
  it('keeps the shown rows, adds the next ones and takes the next page’s cursor and totals', () => {
    const merge = appendPage('operatorOrders', 'orders');
    const previous = { operatorOrders: { orders: [{ id: 1 }, { id: 2 }], nextCursor: 'b', total: 4 as number | null } };
    const next = { operatorOrders: { orders: [{ id: 3 }, { id: 4 }], nextCursor: null as string | null, total: 4 as number | null } };
    expect(merge(previous as typeof next, { fetchMoreResult: next })).toEqual({
      operatorOrders: { orders: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }], nextCursor: null, total: 4 },
    });
  });
});
