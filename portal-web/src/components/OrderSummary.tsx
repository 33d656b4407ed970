import { graphql } from '../graphql/generated';
import type { OrderSummary_OrderFragment } from '../graphql/generated/graphql';
import { fullName } from '../lib/answers';
import { formatMoney } from '../lib/money';
import { texts } from '../lib/texts';

export const ORDER_SUMMARY_FRAGMENT = graphql(`
  fragment OrderSummary_order on Order {
    id
    reference
    currency
    totalMinor
    lines {
      kind
      description
      amountMinor
      person {
        id
        firstName
        lastName
      }
    }
  }
`);

/** The price breakdown: one row per order line (with the person it is for), then the total. */
export function OrderSummary({ order, headingLevel = 3 }: { order: OrderSummary_OrderFragment; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="order-summary" aria-labelledby={`order-${order.id}-price`}>
      <Heading id={`order-${order.id}-price`}>{texts.completion.priceTitle}</Heading>
      <table className="price-table" aria-labelledby={`order-${order.id}-price`}>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row">
                <span className="line-description">{line.description}</span>
                {line.person && <span className="line-person">{texts.completion.lineFor(fullName(line.person))}</span>}
              </th>
              <td className="amount">{formatMoney(line.amountMinor, order.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{texts.completion.total}</th>
            <td className="amount total">{formatMoney(order.totalMinor, order.currency)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
