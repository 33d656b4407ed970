import { canMove, displayState, isTerminal, JOB_STATE_TABLE, JOB_STATES, WORKER_STATES } from './jobState';

describe('import job state table (docs/imports.md)', () => {
  it('has the contract terminal states COMPLETED, FAILED, CANCELLED and FINGERPRINT_ABORT, with no way out', () => {
    const terminal = JOB_STATES.filter(isTerminal);
    expect(terminal.sort()).toEqual(['CANCELLED', 'COMPLETED', 'FAILED', 'FINGERPRINT_ABORT']);
    for (const s of terminal) expect(JOB_STATE_TABLE[s].next).toEqual([]);
  });

  it('shows a fingerprint abort as FAILED (contract)', () => {
    expect(displayState('FINGERPRINT_ABORT')).toBe('FAILED');
    expect(displayState('COMPLETED')).toBe('COMPLETED');
  });

  it('lets every state that has not ended be cancelled', () => {
    for (const s of JOB_STATES.filter((s) => !isTerminal(s))) expect(canMove(s, 'CANCELLED')).toBe(true);
  });

  it('reaches COMPLETED only from PROCESSING, and PROCESSING only after verifying or the operator’s acknowledgement', () => {
    expect(JOB_STATES.filter((s) => canMove(s, 'COMPLETED'))).toEqual(['PROCESSING']);
    expect(JOB_STATES.filter((s) => canMove(s, 'PROCESSING')).sort()).toEqual(['FINGERPRINT_WARNING', 'VERIFYING']);
  });

  it('keeps operator waits out of the worker states', () => {
    expect([...WORKER_STATES].sort()).toEqual(['MATCHING_CELLS', 'PARSING', 'PROCESSING', 'QUEUED', 'VERIFYING']);
    expect(canMove('COLUMNS_NEEDED', 'PROCESSING')).toBe(false);
  });
});
