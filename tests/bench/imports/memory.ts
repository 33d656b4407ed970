import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, launchService, serviceCommand, STACK_SERVICES, type StackOptions, type StackService } from '@ems/router/src/dev/stack';

const ROOT = path.resolve(__dirname, '..', '..', '..');
/** The imports worker's bundle (`npm run build:services`), as the stack runs it. */
export const WORKER_BUNDLE = 'subgraphs/imports/dist/worker/main.js';
/** The stack's name for the worker process, once router/src/dev/stack.ts has it. */
const WORKER_SERVICE = 'worker' as string as StackService;

/** Kibibytes of one `Vm*:` line of /proc/<pid>/status, or undefined when the process is gone. */
export function procStatusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The direct children of a process, from every one of its threads' `children` lists. */
export function childPids(pid: number): number[] {
  const pids = new Set<number>();
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const p of text ? text.split(/\s+/) : []) pids.add(Number(p));
    }
  } catch {
    // the process is gone, or this kernel has no children lists
  }
  return [...pids];
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/**
 * Peak resident memory of one worker process over one import: its own VmHWM (the kernel's high
 * water mark since the process started, so the worker is restarted before each measured import),
 * and its children's (the XLSX reader runs in one), which exit before the job completes: theirs
 * are sampled while they live, so the figure is a lower bound, at the sampling interval.
 */
export class PeakSampler {
  private readonly children = new Map<number, number>();

  constructor(readonly pid: number) {}

  sample(): void {
    for (const child of childPids(this.pid)) {
      const kb = procStatusKb(child, 'VmHWM');
      if (kb !== undefined) this.children.set(child, Math.max(kb, this.children.get(child) ?? 0));
    }
  }

  result(): { workerPeakMb: number; childPeakMb: number | null; childPids: number[] } {
    this.sample();
    const worker = procStatusKb(this.pid, 'VmHWM');
    if (worker === undefined) throw new Error(`the worker process ${this.pid} is gone: no peak memory to read`);
    const childPeak = Math.max(0, ...this.children.values());
    return { workerPeakMb: worker / 1024, childPeakMb: this.children.size ? childPeak / 1024 : null, childPids: [...this.children.keys()] };
  }
}

export interface WorkerProcess {
  pid: number;
  stop(): Promise<void>;
}

export class WorkerMissingError extends Error {}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the imports worker exited with code ${child.exitCode} before answering ${url}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${url}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts fresh imports workers, one at a time, for the measured imports. While the stack has no
 * worker process of its own (router/src/dev/stack.ts), the bundle is spawned here the way the
 * stack runs its services; once it has one, through the stack's launchService, and the worker
 * the stack started is stopped first, so that no other worker takes the measured job.
 */
export class WorkerLauncher {
  private current: WorkerProcess | undefined;

  constructor(
    private readonly stackOptions: StackOptions,
    private readonly extraEnv: Record<string, string>,
  ) {}

  static available(): boolean {
    return existsSync(path.join(ROOT, WORKER_BUNDLE));
  }

  /** Stops the running worker (the stack's own at the first call), then starts a new one. */
  async restart(): Promise<WorkerProcess> {
    await this.stop();
    await this.stopStackWorkers();
    if (!WorkerLauncher.available()) throw new WorkerMissingError(`the imports worker is not there yet: ${WORKER_BUNDLE} was not built`);
    const port = await freePort();
    const env = { ...this.extraEnv, IMPORTS_WORKER_PORT: String(port) };
    if (STACK_SERVICES.includes(WORKER_SERVICE)) {
      const launched = await launchService(WORKER_SERVICE, this.stackOptions, port, env);
      this.current = { pid: launched.child.pid!, stop: launched.stop };
    } else {
      this.current = await this.spawnBundle(port, env);
    }
    return this.current;
  }

  async stop(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.stop();
  }

  private async spawnBundle(port: number, extraEnv: Record<string, string>): Promise<WorkerProcess> {
    const o = this.stackOptions;
    if (!('fd' in o.logs)) throw new Error('the bench stack logs to a file');
    const child = spawn(process.execPath, [...(o.nodeArgs?.[WORKER_SERVICE] ?? []), ...serviceCommand(WORKER_SERVICE, true)], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: process.env.NODE_ENV ?? 'development',
        DATABASE_URL: o.databaseUrl,
        HOST: o.host ?? '127.0.0.1',
        LOG_LEVEL: 'info',
        EMS_DEV_SECRETS: '1',
        ...extraEnv,
      },
      stdio: ['ignore', o.logs.fd, o.logs.fd],
    });
    const stop = () => stopChild(child);
    try {
      await waitForHealth(`http://${o.host ?? '127.0.0.1'}:${port}/actuator/health`, child);
    } catch (err) {
      await stop();
      throw err;
    }
    return { pid: child.pid!, stop };
  }

  /**
   * The stack's own worker, if it started one: a child of this process running the worker
   * bundle. The stack's stop() finds it already gone, which it allows.
   */
  private async stopStackWorkers(): Promise<void> {
    const own = this.current?.pid;
    const stale = childPids(process.pid).filter((pid) => pid !== own && commandLine(pid).includes(WORKER_BUNDLE));
    for (const pid of stale) {
      process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + 10_000;
      while (existsSync(`/proc/${pid}`) && procStatusKb(pid, 'VmRSS') !== undefined && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
}
