/**
 * Registration process state (FormDTO.processState) and the transitions between the states.
 *
 * The contract names the states and a few rules (GET form state offers reset or resume while the
 * process is RUNNING or RESUME; reset and resume need an existing process; next returns the next
 * question or the completion state with a paymentUrl; a cancelled payment lets the user return and
 * resume). It does not show the transitions: the table below is our decision, documented with
 * its reasons in docs/process-states.md.
 *
 * What each state means:
 *
 *   NONE             No process exists yet for this user and membership period. The only way on
 *                    is to start one.
 *   RUNNING          The user is answering questions: next and back move through the steps and
 *                    the state stays RUNNING. When the form is fetched again in this state (page
 *                    reload, second tab) the portal asks whether to start fresh or resume.
 *   SUSPENDED        The user left in the middle (session ended, tab closed). The answers are
 *                    kept. When the user comes back the process moves to RESUME so the portal can
 *                    ask; reset and resume are also accepted straight away.
 *   RESUME           The process waits for the user's choice: start fresh (reset) or resume.
 *                    Reached when a suspended user comes back, or when the order was cancelled
 *                    by someone else (an operator) while payment was due.
 *   DONE             All questions are answered and the order needs no online payment (manual
 *                    payment, a planned capability): the order shows a payment reference and the
 *                    memberships stay Pending Payment until the payment is recorded.
 *   PENDING_PAYMENT  All questions are answered, the order is created (Unpaid) and online payment
 *                    is due: FormDTO.paymentUrl is set. A failed or cancelled payment attempt
 *                    leaves this state as it is (contract: unchanged; retry with the same link).
 *                    `back` returns to the last question (RUNNING) to change answers; the order
 *                    stays unless completing again makes a different one.
 *   COMPLETED        The order is paid and the memberships are activated. Terminal.
 *   CANCELLED        The process was abandoned (by the user, an operator, or the period closing).
 *                    Terminal.
 *
 * Terminal states have no way out: registering more persons for the same period starts a new
 * process instance, which begins at NONE.
 */

export const PROCESS_STATES = ['NONE', 'RUNNING', 'SUSPENDED', 'DONE', 'PENDING_PAYMENT', 'COMPLETED', 'CANCELLED', 'RESUME'] as const;

export type ProcessState = (typeof PROCESS_STATES)[number];

export const PROCESS_EVENTS = [
  /** Open a new process for the user and period. */
  'start',
  /** POST next with the answers of a step that is not the last. */
  'answer',
  /** Go back one step. */
  'back',
  /** The user left in the middle. */
  'suspend',
  /** A suspended user comes back (GET form state); the portal then offers reset or resume. */
  'revisit',
  /** POST resume: continue at the current step. */
  'resume',
  /** POST reset: start fresh at the initial step. */
  'reset',
  /** POST next on the last step; online payment is due. */
  'complete',
  /** POST next on the last step; the order is paid manually (planned). */
  'completeManual',
  /** Payment return with status success, or a manual payment recorded. */
  'paymentSucceeded',
  /** Payment return with status failed. */
  'paymentFailed',
  /** Payment return with status cancelled: only that attempt ends (contract: state unchanged). */
  'paymentCancelled',
  /** The unpaid order was cancelled by someone else (an operator) while payment was due. */
  'orderCancelled',
  /** The process is abandoned. */
  'cancel',
] as const;

export type ProcessEvent = (typeof PROCESS_EVENTS)[number];

/** Every legal transition; anything missing is illegal. */
export const PROCESS_TRANSITIONS: Readonly<Record<ProcessState, Readonly<Partial<Record<ProcessEvent, ProcessState>>>>> = {
  NONE: { start: 'RUNNING' },
  RUNNING: {
    answer: 'RUNNING',
    back: 'RUNNING',
    resume: 'RUNNING',
    reset: 'RUNNING',
    suspend: 'SUSPENDED',
    complete: 'PENDING_PAYMENT',
    completeManual: 'DONE',
    cancel: 'CANCELLED',
  },
  SUSPENDED: { revisit: 'RESUME', resume: 'RUNNING', reset: 'RUNNING', cancel: 'CANCELLED' },
  RESUME: { resume: 'RUNNING', reset: 'RUNNING', cancel: 'CANCELLED' },
  DONE: { paymentSucceeded: 'COMPLETED', cancel: 'CANCELLED' },
  PENDING_PAYMENT: {
    // Change answers while payment is due (issue 23): back to the last question, the order kept
    // until completing again decides whether it stays (same order) or is replaced.
    back: 'RUNNING',
    paymentSucceeded: 'COMPLETED',
    paymentFailed: 'PENDING_PAYMENT',
    paymentCancelled: 'PENDING_PAYMENT',
    orderCancelled: 'RESUME',
    cancel: 'CANCELLED',
  },
  COMPLETED: {},
  CANCELLED: {},
};

export class IllegalTransitionError extends Error {
  readonly code = 'ILLEGAL_PROCESS_TRANSITION';

  constructor(
    readonly state: ProcessState,
    readonly event: ProcessEvent,
  ) {
    super(`A registration process in state ${state} does not accept '${event}'.`);
    this.name = 'IllegalTransitionError';
  }
}

export function nextState(state: ProcessState, event: ProcessEvent): ProcessState | undefined {
  return PROCESS_TRANSITIONS[state][event];
}

export function canTransition(state: ProcessState, event: ProcessEvent): boolean {
  return nextState(state, event) !== undefined;
}

/** The next state, or IllegalTransitionError when the state does not accept the event. */
export function transition(state: ProcessState, event: ProcessEvent): ProcessState {
  const next = nextState(state, event);
  if (next === undefined) throw new IllegalTransitionError(state, event);
  return next;
}

export function allowedEvents(state: ProcessState): ProcessEvent[] {
  return PROCESS_EVENTS.filter((event) => canTransition(state, event));
}

export function isTerminal(state: ProcessState): boolean {
  return allowedEvents(state).length === 0;
}

/** Contract: when the form state is fetched in RUNNING or RESUME, the client offers reset or resume. */
export function offersResumeChoice(state: ProcessState): boolean {
  return state === 'RUNNING' || state === 'RESUME';
}

export function isProcessState(value: unknown): value is ProcessState {
  return typeof value === 'string' && (PROCESS_STATES as readonly string[]).includes(value);
}
