import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Writes a run's result as JSON (directories created) and says where. */
export function writeResult(file: string, result: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nresults: ${path.relative(ROOT, file)}`);
}

/** Undoes what a run set up, last first; a failing step is reported and the others still run. */
export async function runCleanup(cleanup: Array<() => Promise<void>>): Promise<void> {
  for (const step of cleanup.reverse()) {
    try {
      await step();
    } catch (err) {
      console.error('cleanup failed:', err);
      process.exitCode = 1;
    }
  }
}
