/**
 * Run by `npm test` before anything else: the browser tests drive Debian's Chromium at
 * /usr/bin/chromium (never a downloaded browser). When it is missing it is installed, if this
 * process may (root, with apt-get); otherwise the run stops at once, saying what to run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium';
export const MISSING_MESSAGE = `${CHROMIUM} is missing; the browser tests need Debian's Chromium: run \`sudo apt-get install chromium\`, then npm test again.`;

export interface ChromiumDeps {
  exists(file: string): boolean;
  isRoot(): boolean;
  hasAptGet(): boolean;
  /** Runs a shell command with inherited output; true when it exited with 0. */
  run(command: string): boolean;
  log(line: string): void;
}

export type ChromiumOutcome = 'present' | 'installed' | 'missing';

export function ensureChromium(deps: ChromiumDeps): ChromiumOutcome {
  if (deps.exists(CHROMIUM)) return 'present';
  if (!deps.isRoot() || !deps.hasAptGet()) {
    deps.log(MISSING_MESSAGE);
    return 'missing';
  }
  deps.log(`${CHROMIUM} is missing; installing Debian's chromium for the browser tests ...`);
  if (!deps.run(INSTALL_COMMAND) || !deps.exists(CHROMIUM)) {
    deps.log(`installing chromium failed (${INSTALL_COMMAND}); install it by hand, then npm test again.`);
    return 'missing';
  }
  return 'installed';
}

const systemDeps: ChromiumDeps = {
  exists: existsSync,
  isRoot: () => process.getuid?.() === 0,
  hasAptGet: () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0,
  run: (command) =>
    spawnSync('sh', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0,
  log: (line) => console.error(line),
};

if (require.main === module) {
  if (ensureChromium(systemDeps) === 'missing') process.exit(1);
}
