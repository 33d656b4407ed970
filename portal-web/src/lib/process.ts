import type { ProcessState } from '@ems/schema/rules';

/** What the form screen shows for a form state. */
export type FormScreen = 'resumeChoice' | 'people' | 'question' | 'payment' | 'manualPayment' | 'completed' | 'cancelled';

export interface FormStateLike {
  step: number;
  processState: ProcessState;
  paymentUrl: string | null;
  questionType: string | null;
}

/**
 * Contract: when the form state is fetched while the process is RUNNING or RESUME, the client
 * offers "start fresh" or "resume". A new process (RUNNING at step 1) has nothing to resume, so
 * RUNNING asks only past step 1 and only until the user acts in this page; RESUME always asks,
 * because the server accepts only reset or resume in that state.
 */
export function offersResumeChoice(form: FormStateLike, actedInThisPage: boolean): boolean {
  if (form.processState === 'RESUME') return true;
  return form.processState === 'RUNNING' && form.step > 1 && !actedInThisPage;
}

export function formScreen(form: FormStateLike, actedInThisPage: boolean): FormScreen {
  if (offersResumeChoice(form, actedInThisPage)) return 'resumeChoice';
  switch (form.processState) {
    case 'PENDING_PAYMENT':
      return form.paymentUrl ? 'payment' : 'manualPayment';
    case 'DONE':
      return 'manualPayment';
    case 'COMPLETED':
      return 'completed';
    case 'CANCELLED':
      return 'cancelled';
    default:
      return form.step <= 1 || !form.questionType ? 'people' : 'question';
  }
}
