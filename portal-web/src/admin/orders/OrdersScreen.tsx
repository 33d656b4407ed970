import { formatMoney } from '../../lib/money';
import { useLocation } from '../../lib/navigation';
import { graphql } from '../graphql/generated';
import type { OrderStatus } from '../graphql/generated/graphql';
import { AppLink } from '../ui/AppLink';
import { addressFilterOf, addressFilterPath } from '../work/addressFilter';
import { FilterForm, useAddressFilter } from '../work/FilterForm';
import { ListResult } from '../work/ListResult';
import { orderPath } from './orderPaths';
import { orderTexts as texts } from './texts';
import { useKeysetList } from '../work/useKeysetList';

const ORDERS = graphql(`
  query AdminOrders($filter: OrderSearch, $after: ID) {
    operatorOrders(filter: $filter, first: 50, after: $after) {
      nextCursor
      orders {
        id
        reference
        status
        currency
        totalMinor
        paidMinor
        createdAt
        periodName
        userKey
      }
    }
  }
`);

type StatusChoice = OrderStatus | 'ALL';
const STATUS_CHOICES: StatusChoice[] = ['UNPAID', 'PAID', 'CANCELLED', 'ALL'];

interface OrdersSearch {
  status: StatusChoice;
  reference: string;
}

/** `/orders?status=…&reference=…`: open orders unless asked otherwise. */
const ORDERS_SEARCH_FIELDS = ['status', 'reference'] as const;

function ordersSearchOf(search: string): OrdersSearch {
  const { status, reference } = addressFilterOf(search, ORDERS_SEARCH_FIELDS);
  const choice = STATUS_CHOICES.find((s) => s === status);
  return { status: choice ?? 'UNPAID', reference: reference ?? '' };
}

/** The status is always written: without it the list shows the open orders, not all. */
function ordersPath(values: OrdersSearch): string {
  return addressFilterPath('/orders', ORDERS_SEARCH_FIELDS, values);
}

/** The organisations' orders (open ones first), each a click away from its payments and the bank transfer form. */
export function OrdersScreen() {
  const { search } = useLocation();
  const applied = ordersSearchOf(search);
  const filter = { status: applied.status === 'ALL' ? null : applied.status, reference: applied.reference || null };
  const list = useKeysetList(ORDERS, { filter }, 'operatorOrders', 'orders');
  const { draft, setDraft, apply } = useAddressFilter(applied, ordersPath);

  return (
    <section aria-labelledby="orders-title" data-testid="orders">
      <h2 id="orders-title">{texts.title}</h2>
      <FilterForm label={texts.filter.label} applyLabel={texts.filter.apply} onApply={() => apply()}>
        <div className="field">
          <label htmlFor="orders-status">{texts.filter.status}</label>
          <select id="orders-status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as StatusChoice })}>
            {STATUS_CHOICES.map((s) => (
              <option key={s} value={s}>
                {texts.filter.statuses[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-reference">{texts.filter.reference}</label>
          <input
            id="orders-reference"
            type="search"
            value={draft.reference}
            onChange={(e) => setDraft({ ...draft, reference: e.target.value })}
          />
        </div>
      </FilterForm>
      <ListResult
        list={list}
        loadingText={texts.loading}
        empty={<p data-testid="orders-empty">{texts.empty}</p>}
        caption={texts.caption}
        columns={[
          texts.columns.reference,
          texts.columns.account,
          texts.columns.period,
          texts.columns.status,
          { label: texts.columns.total, className: 'amount' },
          { label: texts.columns.paid, className: 'amount' },
          texts.columns.created,
        ]}
        testId="order-rows"
        row={(o) => (
          <tr key={o.id} data-testid="order-row" data-reference={o.reference}>
            <td className="reference">
              <AppLink to={orderPath(o.reference)}>{o.reference}</AppLink>
            </td>
            <td>{o.userKey}</td>
            <td>{o.periodName}</td>
            <td>{texts.filter.statuses[o.status]}</td>
            <td className="amount">{formatMoney(o.totalMinor, o.currency)}</td>
            <td className="amount">{formatMoney(o.paidMinor, o.currency)}</td>
            <td>{new Date(o.createdAt).toLocaleDateString()}</td>
          </tr>
        )}
        moreLabel={texts.more}
      />
    </section>
  );
}
