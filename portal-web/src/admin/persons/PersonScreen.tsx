import { useQuery } from '@apollo/client/react';
import { formatMoney } from '../../lib/money';
import { useLocation } from '../../lib/navigation';
import { graphql } from '../graphql/generated';
import { memberTexts } from '../members/texts';
import { orderPath } from '../orders/orderPaths';
import { AppLink } from '../ui/AppLink';
import { Notice } from '../ui/Notice';
import { personIdOf, personPath } from './personPaths';

const PERSON = graphql(`
  query AdminPerson($id: ID!) {
    operatorPerson(id: $id) {
      id
      firstName
      lastName
      dateOfBirth
      email
      household {
        personId
        firstName
        lastName
        dateOfBirth
        relationship
        userKey
      }
      memberships {
        membershipId
        membershipNumber
        status
        periodName
        membershipTypeName
      }
      orders {
        id
        reference
        status
        currency
        totalMinor
        paidMinor
        periodName
        payments {
          id
          provider
          status
          amountMinor
          currency
          createdAt
          recordedBy
        }
      }
    }
  }
`);

/** A person's page: household, memberships and the orders with their payments, in the operator's organisations. */
export function PersonScreen() {
  const { pathname } = useLocation();
  const id = personIdOf(pathname);
  const { data, loading, error } = useQuery(PERSON, { variables: { id: id ?? '0' }, skip: !id, fetchPolicy: 'network-only' });
  const texts = memberTexts.person;
  const person = data?.operatorPerson;
  return (
    <section aria-labelledby="person-title" data-testid="person">
      <p>
        <AppLink to="/members">{texts.back}</AppLink>
      </p>
      {loading && <p className="muted">{memberTexts.loading}</p>}
      {error && <Notice severity="error">{error.message}</Notice>}
      {(!id || (data && !person)) && (
        <>
          <h2 id="person-title">{memberTexts.title}</h2>
          <Notice severity="info" testId="person-not-found">
            {texts.notFound}
          </Notice>
        </>
      )}
      {person && (
        <>
          <h2 id="person-title">
            {person.firstName} {person.lastName}
          </h2>
          <dl className="person-facts">
            <dt>{texts.born}</dt>
            <dd>{person.dateOfBirth ?? '–'}</dd>
            <dt>{texts.email}</dt>
            <dd>{person.email ?? '–'}</dd>
          </dl>

          <h3>{texts.household}</h3>
          {person.household.length === 0 ? (
            <p>{texts.noHousehold}</p>
          ) : (
            <ul data-testid="household">
              {person.household.map((h) => (
                <li key={`${h.userKey}-${h.personId}`}>
                  {h.personId === person.id ? (
                    <strong>
                      {h.firstName} {h.lastName}
                    </strong>
                  ) : (
                    <AppLink to={personPath(h.personId)}>
                      {h.firstName} {h.lastName}
                    </AppLink>
                  )}{' '}
                  <span className="muted">
                    ({h.relationship}, {h.userKey})
                  </span>{' '}
                  <AppLink to={`/sessions?userKey=${encodeURIComponent(h.userKey)}`}>{texts.endSessions(h.userKey)}</AppLink>
                </li>
              ))}
            </ul>
          )}

          <h3>{texts.memberships}</h3>
          {person.memberships.length === 0 ? (
            <p>{texts.noMemberships}</p>
          ) : (
            <ul data-testid="person-memberships">
              {person.memberships.map((m) => (
                <li key={m.membershipId}>
                  {m.periodName}: {m.membershipTypeName}, {memberTexts.statuses[m.status]}
                  {m.membershipNumber ? <span className="membership-number"> ({m.membershipNumber})</span> : null}
                </li>
              ))}
            </ul>
          )}

          <h3>{texts.orders}</h3>
          {person.orders.length === 0 ? (
            <p>{texts.noOrders}</p>
          ) : (
            <ul data-testid="person-orders">
              {person.orders.map((o) => (
                <li key={o.id}>
                  <AppLink to={orderPath(o.reference)}>{o.reference}</AppLink> ({o.periodName}): {o.status.toLowerCase()}, {texts.paid}{' '}
                  {formatMoney(o.paidMinor, o.currency)} / {texts.total} {formatMoney(o.totalMinor, o.currency)}
                  {o.payments.length > 0 && (
                    <ul>
                      {o.payments.map((p) => (
                        <li key={p.id}>
                          {new Date(p.createdAt).toLocaleString()}: {p.provider} {p.status} {formatMoney(p.amountMinor, p.currency)}
                          {p.recordedBy ? ` (${p.recordedBy})` : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
