import { graphql } from '../graphql/generated';
import type { MembershipNumbers_OrderFragment } from '../graphql/generated/graphql';
import { fullName } from '../lib/answers';
import { texts } from '../lib/texts';

export const MEMBERSHIP_NUMBERS_FRAGMENT = graphql(`
  fragment MembershipNumbers_order on Order {
    memberships {
      id
      status
      membershipNumber
      cardUrl
      person {
        id
        firstName
        lastName
      }
    }
  }
`);

/** After a successful payment: the membership number of each person (contract) and their card to download. */
export function MembershipNumbers({ order }: { order: MembershipNumbers_OrderFragment }) {
  return (
    <table className="numbers-table">
      <caption>{texts.payment.membershipsCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{texts.payment.person}</th>
          <th scope="col">{texts.payment.membershipNumber}</th>
          <th scope="col">{texts.payment.membershipCard}</th>
        </tr>
      </thead>
      <tbody>
        {order.memberships.map((membership) => (
          <tr key={membership.id}>
            <th scope="row">{fullName(membership.person)}</th>
            <td className="membership-number">{membership.membershipNumber ?? texts.payment.numberPending}</td>
            <td>
              {membership.cardUrl ? (
                <a href={membership.cardUrl} download>
                  {texts.payment.downloadCard}
                  <span className="visually-hidden"> {fullName(membership.person)}</span>
                </a>
              ) : (
                texts.payment.numberPending
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
