import { useEffect, useRef, useState } from 'react';
import type { FormActionOutcome, FormActions } from '../graphql/formMutations';
import { graphql } from '../graphql/generated';
import type { FormStep_FormFragment } from '../graphql/generated/graphql';
import { backToStep } from '../lib/backToStep';
import { useFocusOnChange, useTimedNotice } from '../lib/hooks';
import { formScreen, type FormScreen } from '../lib/process';
import { texts, type DeniedReason } from '../lib/texts';
import { ManualPaymentDue, PaymentDue } from './Completion';
import { Notice } from './Notice';
import { PersonOverview } from './PersonOverview';
import { QuestionStep } from './QuestionStep';
import { RunningTotal } from './RunningTotal';
import { ResumeChoice } from './ResumeChoice';

export const FORM_STEP_FRAGMENT = graphql(`
  fragment FormStep_form on Form {
    processId
    step
    stepCount
    processState
    canGoBack
    estimate {
      currency
      totalMinor
      lines {
        personId
        kind
        description
        amountMinor
        step
      }
    }
    ...ResumeChoice_form
    ...PersonOverview_form
    ...QuestionStep_form
    ...Completion_form
  }
`);

/** Contract: a failed submission hides the question box and shows the error for five seconds. */
export const FAILURE_NOTICE_MS = 5000;

function headingFor(screen: FormScreen, form: FormStep_FormFragment): string {
  switch (screen) {
    case 'resumeChoice':
      return texts.resume.title;
    case 'people':
      return form.people.some((person) => person.canSelect) ? texts.people.title : texts.people.allRegisteredTitle;
    case 'question':
      return form.question ?? '';
    case 'payment':
      return texts.completion.title;
    case 'manualPayment':
      return texts.completion.doneTitle;
    case 'completed':
      return texts.completion.completedTitle;
    case 'cancelled':
      return texts.completion.cancelledTitle;
  }
}

/**
 * One registration form in whatever state it is: the resume choice, the person overview, a
 * question, or the completion. Step changes come from the Apollo cache (the mutation hooks update
 * it); this component runs the actions, shows their failures and moves focus to the heading.
 */
export function FormStep(props: {
  form: FormStep_FormFragment;
  actions: FormActions;
  onDenied: (reason: DeniedReason) => void;
  onReload: () => void;
  /** The registration's period: the overview offers its open orders for payment. */
  periodId: number;
}) {
  const { form, actions } = props;
  const [acted, setActed] = useState(false);
  const [pending, setPending] = useState(false);
  const [notice, showNotice] = useTimedNotice(FAILURE_NOTICE_MS);
  const heading = useRef<HTMLHeadingElement>(null);
  const screen = formScreen(form, acted);
  const failed = notice?.severity === 'error';

  useFocusOnChange(heading, `${form.processId}:${form.step}:${screen}`);

  // The failure message hides the question box and the button that had the focus: the focus goes
  // to the message (not to the page body, issue 23 problem 8); when it goes, the question comes
  // back and focus returns to its heading.
  const failureNotice = useRef<HTMLDivElement>(null);
  const wasFailed = useRef(false);
  useEffect(() => {
    if (failed) failureNotice.current?.focus();
    else if (wasFailed.current) heading.current?.focus();
    wasFailed.current = failed;
  }, [failed]);

  async function run(action: () => Promise<FormActionOutcome>) {
    if (pending) return;
    setActed(true);
    setPending(true);
    let outcome: FormActionOutcome;
    try {
      outcome = await action();
    } finally {
      setPending(false);
    }
    switch (outcome.kind) {
      case 'ok':
        return;
      case 'conflict':
        showNotice({ severity: 'info', text: outcome.message });
        return;
      case 'failed':
        showNotice({ severity: 'error', text: outcome.message });
        return;
      case 'denied':
        props.onDenied(outcome.reason);
        return;
    }
  }

  const isLastStep = form.step >= form.stepCount;

  /** The review's "Change": back, step by step (answers kept), to the question of that line. */
  function backTo(step: number): Promise<FormActionOutcome> {
    return backToStep((at) => actions.back(form.processId, at), form.step, step);
  }
  const submitLabel = isLastStep ? texts.form.finish : texts.form.next;
  // A family with nobody left to select is not at "step 1 of n" of anything.
  const showsProgress = (screen === 'people' && form.people.some((person) => person.canSelect)) || screen === 'question';
  const boxKey = `${form.processId}:${form.step}:${form.processState}`;

  return (
    <section
      className="card form-step"
      aria-labelledby="step-heading"
      data-step={form.step}
      data-state={form.processState}
      data-screen={screen}
    >
      <h2 id="step-heading" tabIndex={-1} ref={heading}>
        {showsProgress && <span className="step-count">{texts.form.stepOf(form.step, form.stepCount)}</span>}
        <span className="step-title">{headingFor(screen, form)}</span>
      </h2>
      <Notice severity="error" ref={failureNotice}>
        {failed ? <p>{notice.text}</p> : null}
      </Notice>
      <Notice severity="info">{notice?.severity === 'info' ? <p>{notice.text}</p> : null}</Notice>

      {/* The question box is hidden (not unmounted: the answers stay) while a failure shows. */}
      <div className="step-box" hidden={failed} data-testid="question-box">
        {screen === 'resumeChoice' && (
          <ResumeChoice
            form={form}
            pending={pending}
            onResume={() => void run(() => actions.resume(form.processId))}
            onStartFresh={() => void run(() => actions.reset(form.processId))}
          />
        )}
        {screen === 'people' && (
          <PersonOverview
            key={boxKey}
            people={form.people}
            periodId={props.periodId}
            pending={pending}
            submitLabel={submitLabel}
            onSubmit={(people) => void run(() => actions.submit({ processId: form.processId, step: form.step, people }))}
          />
        )}
        {screen === 'question' && (
          <QuestionStep
            key={boxKey}
            form={form}
            pending={pending}
            canGoBack={form.canGoBack}
            submitLabel={submitLabel}
            onSubmit={(people) => void run(() => actions.submit({ processId: form.processId, step: form.step, people }))}
            onBack={() => void run(() => actions.back(form.processId, form.step))}
          />
        )}
        {screen === 'question' && form.estimate && (
          <RunningTotal
            estimate={form.estimate}
            people={form.people}
            review={isLastStep}
            pending={pending}
            onChange={(step) => void run(() => backTo(step))}
          />
        )}
        {screen === 'payment' && form.paymentUrl && (
          <PaymentDue
            form={{ ...form, paymentUrl: form.paymentUrl }}
            onChangeAnswers={() => void run(() => actions.back(form.processId, form.step))}
          />
        )}
        {screen === 'manualPayment' && <ManualPaymentDue form={form} />}
        {screen === 'completed' && <p>{texts.completion.completedBody}</p>}
        {screen === 'cancelled' && (
          <>
            <p>{texts.completion.cancelledBody}</p>
            <div className="actions">
              <button type="button" className="button button-primary" onClick={props.onReload}>
                {texts.completion.startAgain}
              </button>
            </div>
          </>
        )}
      </div>
      {failed && <p className="muted">{texts.form.showQuestionAgainIn}</p>}
    </section>
  );
}
