import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../lib/money';
import { useLocation } from '../../lib/navigation';
import { auditPath } from '../audit/auditFilter';
import { graphql } from '../graphql/generated';
import { AppLink } from '../ui/AppLink';
import { Notice } from '../ui/Notice';
import { RowsTable } from '../work/ListResult';
import { parseAmountMinor } from './amount';
import { orderReferenceOf } from './orderPaths';
import { orderTexts } from './texts';

const ORDER = graphql(`
  query AdminOrder($reference: String!) {
    operatorOrder(reference: $reference) {
      id
      reference
      status
      currency
      totalMinor
      paidMinor
      createdAt
      paidAt
      periodName
      userKey
      payments {
        id
        provider
        providerPaymentId
        status
        amountMinor
        currency
        createdAt
        recordedBy
      }
      providerEvents {
        provider
        eventId
        providerPaymentId
        receivedAt
      }
    }
  }
`);

const RECORD_TRANSFER = graphql(`
  mutation AdminRecordTransfer($reference: String!, $amountMinor: Int!, $expectedPaidMinor: Int!) {
    recordManualPayment(orderReference: $reference, amountMinor: $amountMinor, expectedPaidMinor: $expectedPaidMinor) {
      ... on ManualPaymentRecorded {
        activated
      }
      ... on PaymentError {
        code
        message
      }
    }
  }
`);

/** One order: its amounts, every payment attempt, the provider's events, and the bank transfer form. */
export function OrderScreen() {
  const { pathname } = useLocation();
  const reference = orderReferenceOf(pathname) ?? '';
  const { data, loading, error, refetch } = useQuery(ORDER, { variables: { reference }, skip: !reference, fetchPolicy: 'network-only' });
  const texts = orderTexts.order;
  const order = data?.operatorOrder;
  // Kept here, not in the form: a payment that settles the order removes the form, and the
  // operator still needs to read what happened.
  const [transferOutcome, setTransferOutcome] = useState<TransferOutcome | null>(null);
  return (
    <section aria-labelledby="order-title" data-testid="order">
      <p>
        <AppLink to="/orders">{texts.back}</AppLink>
      </p>
      <h2 id="order-title" className="reference">
        {reference}
      </h2>
      {loading && <p className="muted">{orderTexts.loading}</p>}
      {error && <Notice severity="error">{error.message}</Notice>}
      {data && !order && (
        <Notice severity="info" testId="order-not-found">
          {texts.notFound}
        </Notice>
      )}
      {order && (
        <>
          <dl className="person-facts" data-testid="order-facts" data-status={order.status}>
            <dt>{texts.status}</dt>
            <dd>{orderTexts.filter.statuses[order.status]}</dd>
            <dt>{texts.account}</dt>
            <dd>{order.userKey}</dd>
            <dt>{texts.period}</dt>
            <dd>{order.periodName}</dd>
            <dt>{texts.total}</dt>
            <dd>{formatMoney(order.totalMinor, order.currency)}</dd>
            <dt>{texts.paid}</dt>
            <dd data-testid="order-paid">{formatMoney(order.paidMinor, order.currency)}</dd>
            <dt>{texts.outstanding}</dt>
            <dd>{formatMoney(Math.max(order.totalMinor - order.paidMinor, 0), order.currency)}</dd>
          </dl>
          <p>
            <AppLink to={auditPath({ subjectType: 'order', subjectId: order.reference })}>{texts.trail}</AppLink>
          </p>
          {order.status === 'UNPAID' && (
            <RecordTransfer
              reference={order.reference}
              currency={order.currency}
              paidMinor={order.paidMinor}
              outstandingMinor={order.totalMinor - order.paidMinor}
              onOutcome={(outcome) => {
                setTransferOutcome(outcome);
                // After a refusal too: an order credited meanwhile (ORDER_CHANGED) shows what is paid now.
                if (outcome) void refetch();
              }}
            />
          )}
          {transferOutcome && (
            <Notice severity={transferOutcome.severity} testId="transfer-outcome">
              {transferOutcome.text}
            </Notice>
          )}

          <h3>{texts.payments}</h3>
          <RowsTable
            rows={order.payments}
            empty={<p>{texts.noPayments}</p>}
            caption={texts.payments}
            columns={[
              texts.columns.at,
              texts.columns.provider,
              texts.columns.id,
              texts.columns.status,
              { label: texts.columns.amount, className: 'amount' },
              texts.columns.by,
            ]}
            testId="order-payments"
            row={(p) => (
              <tr key={p.id} data-testid="order-payment" data-provider={p.provider} data-status={p.status}>
                <td>{new Date(p.createdAt).toLocaleString()}</td>
                <td>{p.provider}</td>
                <td>{p.providerPaymentId ?? '–'}</td>
                <td>{p.status}</td>
                <td className="amount">{formatMoney(p.amountMinor, p.currency)}</td>
                <td>{p.recordedBy ?? '–'}</td>
              </tr>
            )}
          />

          <h3>{texts.events}</h3>
          <RowsTable
            rows={order.providerEvents}
            empty={<p data-testid="order-no-events">{texts.noEvents}</p>}
            caption={texts.events}
            columns={[texts.columns.at, texts.columns.provider, texts.columns.event, texts.columns.id]}
            testId="order-events"
            row={(e) => (
              <tr key={`${e.provider}-${e.eventId}`}>
                <td>{new Date(e.receivedAt).toLocaleString()}</td>
                <td>{e.provider}</td>
                <td>{e.eventId}</td>
                <td>{e.providerPaymentId ?? '–'}</td>
              </tr>
            )}
          />
        </>
      )}
    </section>
  );
}

interface TransferOutcome {
  severity: 'success' | 'error';
  text: string;
}

function RecordTransfer(props: {
  reference: string;
  currency: string;
  /** What the operator sees paid: sent along, so the same transfer entered twice is not credited twice. */
  paidMinor: number;
  outstandingMinor: number;
  onOutcome: (outcome: TransferOutcome | null) => void;
}) {
  const texts = orderTexts.transfer;
  const amountId = useId();
  const errorId = useId();
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [record, { loading }] = useMutation(RECORD_TRANSFER);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const amountMinor = parseAmountMinor(amount, props.currency);
    setInvalid(amountMinor === null);
    props.onOutcome(null);
    if (amountMinor === null) return;
    try {
      const { data } = await record({ variables: { reference: props.reference, amountMinor, expectedPaidMinor: props.paidMinor } });
      const result = data?.recordManualPayment;
      if (result && 'activated' in result) {
        setAmount('');
        props.onOutcome({ severity: 'success', text: result.activated ? texts.activated : texts.recorded });
      } else {
        props.onOutcome({ severity: 'error', text: result && 'message' in result ? result.message : texts.failed });
      }
    } catch {
      props.onOutcome({ severity: 'error', text: texts.failed });
    }
  }

  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${amountId}-title`} noValidate>
      <h3 id={`${amountId}-title`}>{texts.title}</h3>
      <p className="muted">{texts.intro}</p>
      <div className="field">
        <label htmlFor={amountId}>{texts.amount(props.currency)}</label>
        <input
          id={amountId}
          type="text"
          inputMode="decimal"
          value={amount}
          placeholder={formatMoney(props.outstandingMinor, props.currency).replace(/[^\d.,]/g, '')}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
        {invalid && (
          <p id={errorId} className="field-error">
            {texts.invalidAmount}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? texts.recording : texts.submit}
        </button>
      </div>
    </form>
  );
}
