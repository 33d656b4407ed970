/**
 * `npm run build:services`: bundles every service process and CLI into JavaScript with esbuild,
 * for production (`node --enable-source-maps <package>/dist/main.js`) and the benchmarks.
 *
 * Each bundle holds its own TypeScript and the `@ems/*` workspace packages' sources; every other
 * npm package stays external and is loaded from node_modules at run time. A bundle sits at the
 * same depth below its package as its entry below `src/`, so that `__dirname`-relative paths
 * (the subgraphs' `schema.graphql`, the router's supergraph and portal) resolve as under tsx;
 * the build refuses code whose `__dirname` would point elsewhere. No typechecking here: that is
 * `npm run typecheck`.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ServiceEntry {
  /** The workspace package directory, relative to the repository root. */
  pkg: string;
  /** The entry below `<pkg>/src`, without extension: the bundle is `<pkg>/dist/<entry>.js`. */
  entry: string;
}

export const SERVICE_ENTRIES: readonly ServiceEntry[] = [
  { pkg: 'router', entry: 'main' },
  { pkg: 'router', entry: 'cli/sessions' },
  { pkg: 'subgraphs/membership', entry: 'main' },
  { pkg: 'subgraphs/membership', entry: 'cli/keys' },
  { pkg: 'subgraphs/membership', entry: 'worker/main' },
  { pkg: 'subgraphs/forms', entry: 'main' },
  { pkg: 'subgraphs/imports', entry: 'main' },
  { pkg: 'subgraphs/imports', entry: 'worker/main' },
  // The child process that reads an XLSX upload (forked by the imports worker, not run by hand).
  { pkg: 'subgraphs/imports', entry: 'parsing/xlsxWorker' },
];

export const sourceOf = (e: ServiceEntry, root = ROOT) => path.join(root, e.pkg, 'src', `${e.entry}.ts`);
export const bundleOf = (e: ServiceEntry, root = ROOT) => path.join(root, e.pkg, 'dist', `${e.entry}.js`);

/** The name of the npm package a bare import names (`@scope/name/sub` -> `@scope/name`). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The directory Node would load an npm package from, looking up from `dir` (null: not installed). */
function installedPackageDir(dir: string, name: string, cache: Map<string, string | null>): string | null {
  const key = `${dir}\0${name}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let found: string | null = null;
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(candidate)) {
      found = realpathSync(candidate);
      break;
    }
    if (path.dirname(d) === d) break;
  }
  cache.set(key, found);
  return found;
}

/**
 * Bare imports stay external unless they name a workspace package (`@ems/...`), whose TypeScript
 * is bundled. An external must be the same installed copy seen from the bundle as from the
 * source that imports it (a package's own nested node_modules would otherwise be missed).
 */
function externalNpmPackages(outDir: string, problems: string[]): Plugin {
  const cache = new Map<string, string | null>();
  return {
    name: 'external-npm-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@ems/') || args.path.startsWith('node:')) return undefined;
        const name = packageName(args.path);
        if (args.resolveDir && !args.resolveDir.includes(`${path.sep}node_modules${path.sep}`)) {
          const fromSource = installedPackageDir(args.resolveDir, name, cache);
          const fromBundle = installedPackageDir(outDir, name, cache);
          if (fromSource && fromSource !== fromBundle) {
            problems.push(
              `${path.relative(ROOT, args.importer)} imports ${name} from ${path.relative(ROOT, fromSource)}, ` +
                `but the bundle in ${path.relative(ROOT, outDir)} would load ${fromBundle ? path.relative(ROOT, fromBundle) : 'nothing'}`,
            );
          }
        }
        return { path: args.path, external: true };
      });
    },
  };
}

const LOCATION_DEPENDENT = /\b(__dirname|__filename|require\.resolve|import\.meta)\b/;

/**
 * Files that search up from wherever they are bundled, so any depth is right (see each file): the
 * XLSX reader's entry finds its sibling bundle; the env check finds the installation's
 * `.data/dev-secrets.json`.
 */
const BUNDLE_AWARE = new Set(['subgraphs/imports/src/parsing/xlsxWorkerEntry.ts', 'runtime/src/env.ts']);

/**
 * Bundled code that finds files relative to itself must come from the entry's own package at the
 * entry's depth below `src/`: only then is its `__dirname` in the bundle as deep as in the source.
 */
export function misplacedLocationUses(e: ServiceEntry, inputs: readonly string[], read: (file: string) => string, root = ROOT): string[] {
  const entryDir = path.dirname(sourceOf(e, root));
  return inputs
    .filter((file) => !file.includes('node_modules/') && /\.[cm]?tsx?$/.test(file) && !BUNDLE_AWARE.has(file))
    .filter((file) => path.dirname(path.resolve(root, file)) !== entryDir && LOCATION_DEPENDENT.test(read(file)))
    .map((file) => `${file} uses its own location, but is bundled into ${path.relative(root, bundleOf(e, root))}`);
}

/**
 * esbuild renames a top-level class when two bundled modules declare the same name; the error
 * taxonomy names each error after its class (`new.target.name`), so such a rename would show in logs.
 */
export function renamedClasses(bundle: string, declaredClasses: ReadonlySet<string>): string[] {
  const renamed = new Set<string>();
  for (const m of bundle.matchAll(/\bclass ([A-Za-z_$][\w$]*?)(\d+)\b/g)) if (declaredClasses.has(m[1]!)) renamed.add(`${m[1]}${m[2]}`);
  return [...renamed];
}

async function buildEntry(e: ServiceEntry): Promise<{ entry: ServiceEntry; bytes: number; problems: string[] }> {
  const outfile = bundleOf(e);
  const problems: string[] = [];
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [sourceOf(e)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalNpmPackages(path.dirname(outfile), problems)],
  });
  const inputs = Object.keys((result.metafile as Metafile).inputs);
  const read = (file: string) => readFileSync(path.resolve(ROOT, file), 'utf8');
  problems.push(...misplacedLocationUses(e, inputs, read));
  const declared = new Set(inputs.flatMap((file) => [...read(file).matchAll(/\bclass ([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!)));
  for (const name of renamedClasses(readFileSync(outfile, 'utf8'), declared)) {
    problems.push(`a class was renamed to ${name} in ${path.relative(ROOT, outfile)}: two bundled modules declare the same class name`);
  }
  return { entry: e, bytes: statSync(outfile).size, problems };
}

/** Builds every service bundle; throws, naming each problem, when one is unsafe to run. */
export async function buildServices(): Promise<void> {
  const started = Date.now();
  const settled = await Promise.allSettled(SERVICE_ENTRIES.map(buildEntry));
  const failed = settled.flatMap((s, i) => (s.status === 'rejected' ? [path.relative(ROOT, sourceOf(SERVICE_ENTRIES[i]!))] : []));
  if (failed.length) throw new Error(`esbuild failed on ${failed.join(', ')} (errors above)`);
  const built = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const problems = built.flatMap((b) => b.problems);
  if (problems.length) throw new Error(`service bundles are not safe to run:\n  ${problems.join('\n  ')}`);
  for (const b of built) console.log(`  ${path.relative(ROOT, bundleOf(b.entry))}  ${(b.bytes / 1024).toFixed(0)} kB`);
  console.log(`built ${built.length} service bundles in ${Date.now() - started} ms`);
}

if (require.main === module) {
  buildServices().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
