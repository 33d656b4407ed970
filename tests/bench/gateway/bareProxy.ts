import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

const SOURCE = path.join(__dirname, 'bareProxyProcess.ts');
/** Beside its source, so that its imports (undici) resolve from the same node_modules. */
const BUNDLE = path.join(__dirname, 'dist', 'bareProxyProcess.js');

/** Compiled like the services it is compared with, so that the floor carries no tsx either. */
async function buildBareProxy(): Promise<void> {
  await build({
    entryPoints: [SOURCE],
    outfile: BUNDLE,
    bundle: true,
    packages: 'external',
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
}

/**
 * Starts the bare proxy (see bareProxyProcess.ts) in its own process, as the router runs in
 * its own: in the bench's process it would skip the process hop that is most of its cost.
 */
export async function startBareProxy(o: {
  upstreamUrl: string;
  prefix: string;
  apiKey: string;
}): Promise<{ url: string; stop(): Promise<void> }> {
  await buildBareProxy();
  const child = spawn(process.execPath, [BUNDLE], {
    env: { ...process.env, BARE_PROXY_UPSTREAM: o.upstreamUrl, BARE_PROXY_PREFIX: o.prefix, BARE_PROXY_API_KEY: o.apiKey },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare proxy exited with ${code} before listening`)));
    setTimeout(() => reject(new Error('bare proxy did not start within 20 s')), 20_000).unref();
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { url: `http://127.0.0.1:${port}`, stop };
}
