/**
 * Runs a service until SIGINT/SIGTERM, then stops it cleanly. Start-up failures (bad
 * configuration, unreachable database) end the process with a clear message and exit code 1.
 */
export function runUntilSignalled(name: string, start: () => Promise<{ stop(): Promise<void> }>): void {
  // Through a promise: `start` usually parses the environment first, and a refusal thrown there
  // is reported like any other start-up failure (one message, exit code 1, no stack trace).
  Promise.resolve()
    .then(start)
    .then((service) => {
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        service
          .stop()
          .then(() => process.exit(0))
          .catch((err: unknown) => {
            console.error(`${name}: error while stopping on ${signal}:`, err);
            process.exit(1);
          });
      };
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    })
    .catch((err: unknown) => {
      console.error(`${name}: failed to start: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    });
}
