import {
  IllegalTransitionError,
  PROCESS_EVENTS,
  PROCESS_STATES,
  PROCESS_TRANSITIONS,
  allowedEvents,
  isTerminal,
  offersResumeChoice,
  transition,
  type ProcessEvent,
  type ProcessState,
} from './processState';

const legal = PROCESS_STATES.flatMap((state) =>
  (Object.entries(PROCESS_TRANSITIONS[state]) as [ProcessEvent, ProcessState][]).map(([event, next]) => [state, event, next] as const),
);
const illegal = PROCESS_STATES.flatMap((state) =>
  PROCESS_EVENTS.filter((event) => PROCESS_TRANSITIONS[state][event] === undefined).map((event) => [state, event] as const),
);

describe('process state transitions', () => {
  it('has a row for every state and uses only known events and states', () => {
    expect(Object.keys(PROCESS_TRANSITIONS).sort()).toEqual([...PROCESS_STATES].sort());
    for (const [, event, next] of legal) {
      expect(PROCESS_EVENTS).toContain(event);
      expect(PROCESS_STATES).toContain(next);
    }
    expect(legal.length + illegal.length).toBe(PROCESS_STATES.length * PROCESS_EVENTS.length);
  });

  it.each(legal)('%s --%s--> %s', (state, event, next) => {
    expect(transition(state, event)).toBe(next);
  });

  it.each(illegal)('%s does not accept %s', (state, event) => {
    expect(() => transition(state, event)).toThrow(IllegalTransitionError);
    try {
      transition(state, event);
    } catch (err) {
      expect(err).toMatchObject({ state, event, code: 'ILLEGAL_PROCESS_TRANSITION' });
    }
  });

  it('pins the transitions the brief and contract name', () => {
    expect(transition('NONE', 'start')).toBe('RUNNING');
    expect(transition('RUNNING', 'complete')).toBe('PENDING_PAYMENT');
    expect(transition('PENDING_PAYMENT', 'paymentSucceeded')).toBe('COMPLETED');
    expect(transition('PENDING_PAYMENT', 'paymentFailed')).toBe('PENDING_PAYMENT');
    // Contract, "Payment return, status cancelled": unchanged. Only the attempt ends.
    expect(transition('PENDING_PAYMENT', 'paymentCancelled')).toBe('PENDING_PAYMENT');
    expect(transition('PENDING_PAYMENT', 'orderCancelled')).toBe('RESUME');
    expect(transition('RESUME', 'resume')).toBe('RUNNING');
    // Issue 23: the answers can be changed while payment is due.
    expect(transition('PENDING_PAYMENT', 'back')).toBe('RUNNING');
  });

  it('walks a cancelled and a failed payment into a paid registration', () => {
    const events: ProcessEvent[] = [
      'start',
      'answer',
      'back',
      'answer',
      'complete',
      'paymentCancelled',
      'paymentFailed',
      'paymentSucceeded',
    ];
    expect(events.reduce<ProcessState>(transition, 'NONE')).toBe('COMPLETED');
  });

  it('walks a user who leaves and comes back', () => {
    const events: ProcessEvent[] = ['start', 'answer', 'suspend', 'revisit', 'reset', 'complete'];
    expect(events.reduce<ProcessState>(transition, 'NONE')).toBe('PENDING_PAYMENT');
  });

  it.each(PROCESS_STATES)('terminal or not: %s', (state) => {
    expect(isTerminal(state)).toBe(state === 'COMPLETED' || state === 'CANCELLED');
    expect(allowedEvents(state).length === 0).toBe(isTerminal(state));
  });
});

describe('offersResumeChoice (contract: RUNNING or RESUME offers reset or resume)', () => {
  it.each(PROCESS_STATES)('%s', (state) => {
    expect(offersResumeChoice(state)).toBe(state === 'RUNNING' || state === 'RESUME');
  });

  it('every state that offers the choice accepts both reset and resume', () => {
    for (const state of PROCESS_STATES.filter(offersResumeChoice)) {
      expect(allowedEvents(state)).toEqual(expect.arrayContaining(['reset', 'resume']));
    }
  });
});
