import { IllegalTransitionError, transition, type ProcessEvent, type ProcessState } from '@ems/schema/rules';
import { failure, type FormFailure } from './types';

/**
 * The one place where the workflow changes a process state: every change goes through the shared
 * transition table (schema/src/rules/processState.ts, docs/process-states.md). An event the state
 * does not accept is an expected refusal (409), not a bug: a second tab or a late click sends it.
 */
export function applyEvent(
  state: ProcessState,
  event: ProcessEvent,
): { ok: true; state: ProcessState } | { ok: false; failure: FormFailure } {
  try {
    return { ok: true, state: transition(state, event) };
  } catch (err) {
    if (!(err instanceof IllegalTransitionError)) throw err;
    return failure('conflict', err.code, err.message);
  }
}
