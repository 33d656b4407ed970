import { canCancel, canMove, displayState, isTerminal, JOB_STATE_TABLE, JOB_STATES, WORKER_STATES } from './jobState';

describe('import job state table (docs/imports.md)', () => {
  it('has the contract terminal states COMPLETED, FAILED, CANCELLED and FINGERPRINT_ABORT, and UNDONE; only an undo leaves one', () => {
    const terminal = JOB_STATES.filter(isTerminal);
    expect(terminal.sort()).toEqual(['CANCELLED', 'COMPLETED', 'FAILED', 'FINGERPRINT_ABORT', 'UNDONE']);
    for (const s of terminal) expect(JOB_STATE_TABLE[s].next).toEqual(['COMPLETED', 'CANCELLED', 'FAILED'].includes(s) ? ['UNDOING'] : []);
  });

  it('undoes a job once: COMPLETED, CANCELLED or FAILED -> UNDOING -> UNDONE, or back where it came from when the undo failed', () => {
    expect(JOB_STATES.filter((s) => canMove(s, 'UNDOING'))).toEqual(['COMPLETED', 'FAILED', 'CANCELLED']);
    expect(JOB_STATE_TABLE.UNDOING.next).toEqual(['UNDONE', 'COMPLETED', 'CANCELLED', 'FAILED']);
    expect(canMove('UNDONE', 'UNDOING')).toBe(false);
    expect(canMove('FINGERPRINT_ABORT', 'UNDOING')).toBe(false);
  });

  it('shows a fingerprint abort as FAILED (contract)', () => {
    expect(displayState('FINGERPRINT_ABORT')).toBe('FAILED');
    expect(displayState('COMPLETED')).toBe('COMPLETED');
  });

  it('lets every state that has not ended be cancelled, except an undo (one transaction, never half done)', () => {
    for (const s of JOB_STATES.filter((s) => !isTerminal(s) && s !== 'UNDOING')) expect(canCancel(s)).toBe(true);
    expect(canCancel('UNDOING')).toBe(false);
  });

  it('reaches COMPLETED only from PROCESSING (or back from a failed undo), and PROCESSING only after verifying or the operator’s acknowledgement', () => {
    expect(JOB_STATES.filter((s) => canMove(s, 'COMPLETED'))).toEqual(['PROCESSING', 'UNDOING']);
    expect(JOB_STATES.filter((s) => canMove(s, 'PROCESSING')).sort()).toEqual(['FINGERPRINT_WARNING', 'VERIFYING']);
  });

  it('keeps operator waits out of the worker states', () => {
    expect([...WORKER_STATES].sort()).toEqual(['MATCHING_CELLS', 'PARSING', 'PROCESSING', 'QUEUED', 'UNDOING', 'VERIFYING']);
    expect(canMove('COLUMNS_NEEDED', 'PROCESSING')).toBe(false);
  });
});
