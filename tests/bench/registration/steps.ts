/** What one step of the registration journey saw over all members: latencies and failures. */
export interface StepRecord {
  name: string;
  /** Position in the journey (0 = sign-in), so that the report lists steps in the order taken. */
  position: number;
  latenciesMs: number[];
  errors: number;
  firstError?: string;
}

/** Collects every request of every member's journey, keyed by step name. */
export class StepLog {
  private readonly steps = new Map<string, StepRecord>();

  ok(name: string, position: number, ms: number): void {
    this.step(name, position).latenciesMs.push(ms);
  }

  failed(name: string, position: number, err: unknown): void {
    const step = this.step(name, position);
    step.errors++;
    step.firstError ??= err instanceof Error ? err.message : String(err);
  }

  /** Steps in journey order. */
  records(): StepRecord[] {
    return [...this.steps.values()].sort((a, b) => a.position - b.position);
  }

  private step(name: string, position: number): StepRecord {
    let step = this.steps.get(name);
    if (!step) {
      step = { name, position, latenciesMs: [], errors: 0 };
      this.steps.set(name, step);
    }
    return step;
  }
}
