/**
 * Bounds a reader child from the outside. V8's `--max-old-space-size` caps only the JavaScript
 * heap: strings parsed out of a workbook, buffers and the parser's own memory live beside it, and
 * a reader capped at 1.5 GB of heap was seen at 3.2 GB resident. The watchdog reads the child's
 * resident memory (Linux `/proc/<pid>/status`) and the size of its temp directory a few times a
 * second and kills it past either limit; the reason is kept for the caller's message.
 */
import type { ChildProcess } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type WatchdogReason = 'memory' | 'disk';

export interface WatchdogLimits {
  maxRssBytes: number;
  /** The directory the child may write to (its TMPDIR, holding the spooled upload) and its budget. */
  dir: string;
  maxDirBytes: number;
  intervalMs?: number;
}

export interface Watchdog {
  /** Why the child was killed, or null when the watchdog did not kill it. */
  reason(): WatchdogReason | null;
  stop(): void;
}

/** The resident set of a process in bytes, or null where `/proc` cannot tell (not Linux, gone). */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** Bytes of the regular files under `dir` (a few: the upload and whatever the reader wrote). */
export async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    // A file removed between the listing and here counts nothing.
    total += await stat(path.join(entry.parentPath ?? entry.path, entry.name)).then(
      (s) => s.size,
      () => 0,
    );
  }
  return total;
}

export function watchChild(child: ChildProcess, limits: WatchdogLimits): Watchdog {
  let reason: WatchdogReason | null = null;
  let checking = false;
  const kill = (why: WatchdogReason) => {
    if (reason) return;
    reason = why;
    child.kill('SIGKILL');
  };
  const check = async () => {
    if (checking || reason || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    checking = true;
    try {
      const rss = await residentBytes(child.pid);
      if (rss !== null && rss > limits.maxRssBytes) return kill('memory');
      if ((await directoryBytes(limits.dir).catch(() => 0)) > limits.maxDirBytes) kill('disk');
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), limits.intervalMs ?? 100);
  timer.unref();
  child.once('exit', () => clearInterval(timer));
  return {
    reason: () => reason,
    stop: () => clearInterval(timer),
  };
}
