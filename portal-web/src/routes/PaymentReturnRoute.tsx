import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, type MouseEvent } from 'react';
import { AccessDenied } from '../components/AccessDenied';
import { ClubContact, ClubHeading, PublicClubFrame, useClubOfPeriod } from '../components/ClubIdentity';
import { MembershipNumbers } from '../components/MembershipNumbers';
import { Notice } from '../components/Notice';
import { OrderSummary } from '../components/OrderSummary';
import { graphql } from '../graphql/generated';
import { deniedReasonForRequestError } from '../lib/errors';
import type { VerifiedState } from '../lib/guard';
import { navigate, type Location } from '../lib/navigation';
import { PAYMENT_POLL_MS, paymentOutcome, shouldPoll, type PaymentOutcome } from '../lib/payment';
import { registerPath } from '../lib/routes';
import { texts } from '../lib/texts';

export const PAYMENT_RETURN_QUERY = graphql(`
  query PaymentReturn($reference: String!, $transactionId: String) {
    paymentReturn(reference: $reference, transactionId: $transactionId) {
      paymentStatus
      periodId
      order {
        id
        status
        reference
        paymentUrl
        ...OrderSummary_order
        ...MembershipNumbers_order
      }
    }
  }
`);

const TITLES: Readonly<Record<PaymentOutcome, string>> = {
  paid: texts.payment.successTitle,
  pending: texts.payment.pendingTitle,
  failed: texts.payment.failedTitle,
  cancelled: texts.payment.cancelledTitle,
  unpaid: texts.payment.unpaidTitle,
  orderCancelled: texts.payment.orderCancelledTitle,
};

/**
 * `/membership/payment-return?reference=&status=&transactionId=`: the provider sends the browser
 * here. The `status` parameter is never trusted: the server confirms with the provider and
 * answers the real state, which this page shows (and polls while it is still pending).
 */
export function PaymentReturnRoute({ location }: { location: Location }) {
  const search = new URLSearchParams(location.search);
  const reference = search.get('reference')?.trim() ?? '';
  useEffect(() => {
    document.title = `${texts.payment.title} – ${texts.app.name}`;
  }, []);
  if (!reference) {
    return (
      <PublicClubFrame periodId={null}>
        <section className="card" aria-labelledby="payment-title">
          <h1 id="payment-title">{texts.payment.title}</h1>
          <Notice severity="error">
            <p>{texts.payment.missingReference}</p>
          </Notice>
        </section>
      </PublicClubFrame>
    );
  }
  return <PaymentReturnStatus reference={reference} transactionId={search.get('transactionId')?.trim() || null} />;
}

function PaymentReturnStatus({ reference, transactionId }: { reference: string; transactionId: string | null }) {
  const { data, error, loading, refetch, startPolling, stopPolling } = useQuery(PAYMENT_RETURN_QUERY, {
    variables: { reference, transactionId },
    fetchPolicy: 'network-only',
  });
  const result = data?.paymentReturn;
  const outcome = result ? paymentOutcome(result.paymentStatus, result.order.status) : null;
  const polling = outcome !== null && shouldPoll(outcome);
  const heading = useRef<HTMLHeadingElement>(null);
  const club = useClubOfPeriod(result?.periodId ?? null);

  useEffect(() => {
    if (!polling) return;
    startPolling(PAYMENT_POLL_MS);
    return () => stopPolling();
  }, [polling, startPolling, stopPolling]);

  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  if (error && !result) {
    const reason = deniedReasonForRequestError(error);
    // Without a session (the provider may send the browser back to another tab or device) the
    // order cannot be read: the host's club is still named, with its contact.
    return (
      <PublicClubFrame periodId={null}>
        {reason ? (
          <AccessDenied reason={reason} />
        ) : (
          <section className="card" aria-labelledby="payment-title">
            <h1 id="payment-title">{texts.payment.title}</h1>
            <Notice severity="error">
              <p>{texts.payment.loadFailed}</p>
            </Notice>
            <div className="actions">
              <button type="button" className="button button-primary" onClick={() => void refetch()}>
                {texts.payment.retry}
              </button>
            </div>
          </section>
        )}
      </PublicClubFrame>
    );
  }
  if (loading && !data) {
    return (
      <p className="loading" role="status">
        {texts.payment.checking}
      </p>
    );
  }
  if (!result || !outcome) {
    return (
      <PublicClubFrame periodId={null}>
        <section className="card" aria-labelledby="payment-title">
          <h1 id="payment-title">{texts.payment.title}</h1>
          <Notice severity="error">
            <p>{texts.payment.notFound}</p>
          </Notice>
          <p className="reference-line">
            {texts.payment.reference}: <strong className="reference">{reference}</strong>
          </p>
        </section>
      </PublicClubFrame>
    );
  }

  const { order } = result;
  const backToRegistration = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    // The session is established (this page's query needed it): the register route goes straight
    // to the form, which shows the registration still awaiting its payment.
    const state: VerifiedState = { verifiedPeriodId: result.periodId };
    navigate(registerPath(result.periodId), { state });
  };

  return (
    <>
      <ClubHeading club={club} />
      <section className={`card payment-${outcome}`} aria-labelledby="payment-title" data-outcome={outcome}>
        <h1 id="payment-title" tabIndex={-1} ref={heading}>
          {TITLES[outcome]}
        </h1>
        {outcome === 'paid' && (
          <>
            <Notice severity="success">
              <p>{texts.payment.successBody}</p>
            </Notice>
            <MembershipNumbers order={order} />
          </>
        )}
        {outcome === 'pending' && (
          <div className="pending" role="status" aria-busy="true">
            <span className="spinner" aria-hidden="true" />
            <p>{texts.payment.pendingBody}</p>
          </div>
        )}
        {outcome === 'failed' && (
          <>
            <Notice severity="error">
              <p>{texts.payment.failedBody}</p>
            </Notice>
            <div className="actions">
              <a className="button button-primary" href={order.paymentUrl}>
                {texts.payment.retryPayment}
              </a>
            </div>
          </>
        )}
        {outcome === 'cancelled' && (
          <>
            <Notice severity="info">
              <p>{texts.payment.cancelledBody}</p>
            </Notice>
            <div className="actions">
              <a className="button button-primary" href={order.paymentUrl}>
                {texts.payment.payNow}
              </a>
              <a className="button" href={registerPath(result.periodId)} onClick={backToRegistration}>
                {texts.payment.backToRegistration}
              </a>
            </div>
          </>
        )}
        {outcome === 'unpaid' && (
          <>
            <p>{texts.payment.unpaidBody}</p>
            <div className="actions">
              <a className="button button-primary" href={order.paymentUrl}>
                {texts.payment.payNow}
              </a>
            </div>
          </>
        )}
        {outcome === 'orderCancelled' && <p>{texts.payment.orderCancelledBody}</p>}
        <p className="reference-line">
          {texts.payment.reference}: <strong className="reference">{order.reference}</strong>
        </p>
        <OrderSummary order={order} headingLevel={2} />
      </section>
      <ClubContact club={club} />
    </>
  );
}
