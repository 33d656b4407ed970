import { useQuery } from '@apollo/client/react';
import { graphql } from '../graphql/generated';
import { fullName } from '../lib/answers';
import { formatMoney } from '../lib/money';
import { texts } from '../lib/texts';

export const OPEN_ORDERS_QUERY = graphql(`
  query OpenOrders($periodId: Int!) {
    viewer {
      openOrders(periodId: $periodId) {
        id
        reference
        currency
        totalMinor
        paymentUrl
        memberships {
          id
          person {
            id
            firstName
            lastName
          }
        }
      }
    }
  }
`);

/**
 * The account's unpaid orders of the period on the person overview, each with its pay link
 * (issue 23, problem 3): a person in Pending Payment can be paid for here, not only from the
 * e-mail or the completion screen that are long gone.
 */
export function AwaitingPayment({ periodId }: { periodId: number }) {
  const { data } = useQuery(OPEN_ORDERS_QUERY, { variables: { periodId }, fetchPolicy: 'network-only', errorPolicy: 'ignore' });
  const orders = data?.viewer?.openOrders ?? [];
  if (orders.length === 0) return null;
  return (
    <section className="awaiting-payment" aria-labelledby="awaiting-payment-title" data-testid="awaiting-payment">
      <h3 id="awaiting-payment-title">{texts.people.awaitingPaymentTitle}</h3>
      <p>{texts.people.awaitingPaymentIntro}</p>
      <ul>
        {orders.map((order) => {
          const names = order.memberships.map((m) => fullName(m.person)).join(', ');
          const amount = formatMoney(order.totalMinor, order.currency);
          return (
            <li key={order.id} data-reference={order.reference}>
              <span>
                {names} · {texts.people.orderReference}: <strong className="reference">{order.reference}</strong> · {amount}
              </span>{' '}
              <a className="button button-primary" href={order.paymentUrl}>
                {texts.people.payFor(names, amount)}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
