import { useRef, useState } from 'react';
import { graphql } from '../graphql/generated';
import type { Completion_FormFragment } from '../graphql/generated/graphql';
import { useCountdown } from '../lib/hooks';
import { leaveTo } from '../lib/navigation';
import { texts } from '../lib/texts';
import { OrderSummary } from './OrderSummary';

export const COMPLETION_FRAGMENT = graphql(`
  fragment Completion_form on Form {
    paymentUrl
    order {
      ...OrderSummary_order
    }
  }
`);

/** Contract limit: the client redirects to the payment page 5 seconds after showing a notice. */
export const PAYMENT_REDIRECT_DELAY_MS = 5000;

function ManualPayment({ reference }: { reference: string }) {
  return (
    <section className="manual-payment" aria-labelledby="manual-payment-title">
      <h3 id="manual-payment-title">{texts.completion.manualTitle}</h3>
      <p>{texts.completion.manualBody}</p>
      <p className="reference-line">
        {texts.completion.reference}: <strong className="reference">{reference}</strong>
      </p>
    </section>
  );
}

/**
 * The end of the questions with online payment due: the price breakdown, the bank-transfer
 * reference as the manual alternative, and a notice; then the payment page after 5 seconds, with
 * a button to go at once and one to stay (a time limit the user can turn off).
 */
export function PaymentDue({
  form,
  onChangeAnswers,
}: {
  form: Completion_FormFragment & { paymentUrl: string };
  /** Back to the questions while payment is due; the order (and its reference) stays unless the answers change it. */
  onChangeAnswers?: () => void;
}) {
  const [stopped, setStopped] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const payNow = useRef<HTMLAnchorElement>(null);
  const left = useCountdown(PAYMENT_REDIRECT_DELAY_MS, !stopped && !leaving, () => {
    setLeaving(true);
    leaveTo(form.paymentUrl);
  });
  const initialNotice = texts.completion.redirectNotice(Math.ceil(PAYMENT_REDIRECT_DELAY_MS / 1000));

  return (
    <div className="completion">
      <p>{texts.completion.intro}</p>
      <div className="notice notice-info redirect-notice" role="status" data-testid="redirect-notice">
        {stopped ? (
          <p>{texts.completion.redirectStopped}</p>
        ) : leaving ? (
          <p>{texts.completion.redirecting}</p>
        ) : (
          <p>
            {/* Announced once; the visible countdown is not read out every second. */}
            <span className="visually-hidden">{initialNotice}</span>
            <span aria-hidden="true">{texts.completion.redirectNotice(left)}</span>
          </p>
        )}
        <div className="actions">
          <a ref={payNow} className="button button-primary" href={form.paymentUrl} onClick={() => setLeaving(true)}>
            {texts.completion.payNow}
          </a>
          {!stopped && !leaving && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setStopped(true);
                // The button goes away; keep keyboard focus on the way forward.
                payNow.current?.focus();
              }}
            >
              {texts.completion.stayHere}
            </button>
          )}
        </div>
      </div>
      {form.order && <OrderSummary order={form.order} />}
      {form.order && <ManualPayment reference={form.order.reference} />}
      {onChangeAnswers && (
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setStopped(true);
              onChangeAnswers();
            }}
          >
            {texts.completion.changeAnswers}
          </button>
        </div>
      )}
      {onChangeAnswers && <p className="muted">{texts.completion.changeAnswersNote}</p>}
    </div>
  );
}

/** Completed without online payment due (manual payment): the breakdown and the reference. */
export function ManualPaymentDue({ form }: { form: Completion_FormFragment }) {
  return (
    <div className="completion">
      <p>{texts.completion.doneIntro}</p>
      {form.order && (
        <p className="reference-line">
          {texts.completion.reference}: <strong className="reference">{form.order.reference}</strong>
        </p>
      )}
      {form.order && <OrderSummary order={form.order} />}
    </div>
  );
}
