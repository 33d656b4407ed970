import { backToStep } from './backToStep';
import type { FormActionOutcome } from './formOutcome';

type Form = { step: number };

/** A server whose process is at `step`; back moves to the previous step in `applies`, or refuses a stale step. */
function server(step: number, applies: number[]) {
  const sent: number[] = [];
  const back = async (fromStep: number): Promise<FormActionOutcome<Form>> => {
    sent.push(fromStep);
    if (fromStep !== step) return { kind: 'conflict', message: 'STEP_CONFLICT' };
    step = Math.max(...applies.filter((s) => s < step));
    return { kind: 'ok', form: { step } };
  };
  return { back, sent, at: () => step };
}

describe("the review's change: back to a question, each back naming the step it leaves", () => {
  it('sends the step on screen with every back', async () => {
    const s = server(7, [1, 2, 3, 4, 5, 6, 7]);
    expect(await backToStep(s.back, 7, 4)).toEqual({ kind: 'ok', form: { step: 4 } });
    expect(s.sent).toEqual([7, 6, 5]);
  });

  it('goes on from the step the server answered: a skipped question is not gone back over twice', async () => {
    const s = server(6, [1, 2, 4, 5, 6]);
    expect(await backToStep(s.back, 6, 2)).toEqual({ kind: 'ok', form: { step: 2 } });
    expect(s.sent).toEqual([6, 5, 4]);
    expect(s.at()).toBe(2);
  });

  it('stops at a conflict (the process moved elsewhere) without going further back', async () => {
    const s = server(5, [1, 2, 3, 4, 5]);
    expect(await backToStep(s.back, 6, 2)).toEqual({ kind: 'conflict', message: 'STEP_CONFLICT' });
    expect(s.at()).toBe(5);
  });

  it('at the question already, does nothing', async () => {
    const s = server(4, [1, 2, 3, 4]);
    expect(await backToStep(s.back, 4, 4)).toEqual({ kind: 'ok' });
    expect(s.sent).toEqual([]);
  });
});
