/**
 * Polls `probe` until it answers something truthy and returns that, or fails after `withinMs`
 * naming `what`: for what happens in the background (a webhook, a worker's sweep), never a sleep.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, withinMs = 10_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
