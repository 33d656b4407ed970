import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Compiles one of the bench's floor processes like the services it is compared with (so the floor
 * carries no tsx either), beside its source so that its imports resolve from the same
 * node_modules, and starts it in its own process, as the router runs in its own: in the bench's
 * process it would skip the process hop that is most of its cost. The process prints
 * `listening <port>` once ready.
 */
async function startFloorProcess(name: string, env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const bundle = path.join(__dirname, 'dist', `${name}.js`);
  await build({
    entryPoints: [path.join(__dirname, `${name}.ts`)],
    outfile: bundle,
    bundle: true,
    packages: 'external',
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
  const child = spawn(process.execPath, [bundle], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
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
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before listening`)));
    setTimeout(() => reject(new Error(`${name} did not start within 20 s`)), 20_000).unref();
  }).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { url: `http://127.0.0.1:${port}`, stop };
}

/** The bare Node proxy (bareProxyProcess.ts) in front of one service. */
export function startBareProxy(o: { upstreamUrl: string; prefix: string; apiKey: string }) {
  return startFloorProcess('bareProxyProcess', {
    BARE_PROXY_UPSTREAM: o.upstreamUrl,
    BARE_PROXY_PREFIX: o.prefix,
    BARE_PROXY_API_KEY: o.apiKey,
  });
}

/** Apollo Gateway with its defaults (bareGatewayProcess.ts) on the supergraph, in front of the subgraphs. */
export function startBareGateway(o: { supergraphPath: string; serviceUrls: Record<string, string>; apiKey: string }) {
  return startFloorProcess('bareGatewayProcess', {
    BARE_GATEWAY_SUPERGRAPH: o.supergraphPath,
    BARE_GATEWAY_SERVICES: JSON.stringify(o.serviceUrls),
    BARE_GATEWAY_API_KEY: o.apiKey,
  });
}
