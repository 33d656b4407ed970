/** What a command-line tool writes to and reads from; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
}

/** A mistake in the command line: the tool prints it with its usage and exits with 2. */
export class UsageError extends Error {}

/** An id or count given on the command line; anything else is a UsageError naming the argument. */
export function positiveInteger(name: string, value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw new UsageError(`${name} must be a positive whole number, not "${value}"`);
  return n;
}

/** All of standard input as text: a secret is piped in, never given as an argument (shell history, `ps`). */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
