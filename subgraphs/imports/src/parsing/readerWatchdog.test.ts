import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { watchChild } from './readerWatchdog';

/** A child that grows (memory it touches, or files in its directory) until something stops it. */
function growing(script: string, dir: string) {
  return spawn(process.execPath, ['-e', script], { cwd: dir, stdio: 'ignore' });
}

describe('readerWatchdog: the reader child is bounded from outside', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'watchdog-test-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('kills a child whose resident memory passes the limit, though its heap stays small', async () => {
    // Buffers live outside V8's heap: --max-old-space-size would never see them.
    const child = growing(
      'const kept = []; setInterval(() => { if (kept.length < 100) kept.push(Buffer.alloc(8 * 1024 * 1024, 1)); }, 5); setTimeout(() => process.exit(0), 20000);',
      dir,
    );
    const watchdog = watchChild(child, { maxRssBytes: 150 * 1024 * 1024, dir, maxDirBytes: 1024 * 1024, intervalMs: 20 });
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect({ code, signal, reason: watchdog.reason() }).toEqual({ code: null, signal: 'SIGKILL', reason: 'memory' });
  });

  it('kills a child whose temp directory passes the disk budget', async () => {
    const child = growing(
      "const fs = require('fs'); let n = 0; setInterval(() => fs.writeFileSync('part' + n++, Buffer.alloc(1024 * 1024)), 5); setTimeout(() => process.exit(0), 20000);",
      dir,
    );
    const watchdog = watchChild(child, { maxRssBytes: 1024 * 1024 * 1024, dir, maxDirBytes: 5 * 1024 * 1024, intervalMs: 20 });
    const [, signal] = (await once(child, 'exit')) as [number | null, string | null];
    expect({ signal, reason: watchdog.reason() }).toEqual({ signal: 'SIGKILL', reason: 'disk' });
  });

  it('leaves a child within its limits alone', async () => {
    const child = growing('setTimeout(() => process.exit(3), 300);', dir);
    const watchdog = watchChild(child, { maxRssBytes: 1024 * 1024 * 1024, dir, maxDirBytes: 1024 * 1024, intervalMs: 20 });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect({ code, reason: watchdog.reason() }).toEqual({ code: 3, reason: null });
  });
});
