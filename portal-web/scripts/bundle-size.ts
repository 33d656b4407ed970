/**
 * The portal's initial JavaScript, gzip-compressed, against a budget: the entry module(s) and the
 * chunks preloaded with them, exactly those referenced by dist/index.html (the admin portal's:
 * `--html admin.html`, `npm run size:admin`, with its own budget). Lazy chunks do not count: they
 * are not downloaded before the first screen.
 *
 *   node --import tsx portal-web/scripts/bundle-size.ts [--budget-kb 250] [--dist portal-web/dist] [--html index.html]
 *
 * Exit 0 within the budget, 1 over it, 2 when there is no build to measure.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { initialScripts } from './initialScripts';

export const DEFAULT_BUDGET_KB = 250;

function argValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

function main(args: string[]): number {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = path.resolve(argValue(args, '--dist') ?? path.join(here, '..', 'dist'));
  const budgetKb = Number(argValue(args, '--budget-kb') ?? DEFAULT_BUDGET_KB);
  const indexFile = path.join(dist, argValue(args, '--html') ?? 'index.html');
  if (!existsSync(indexFile)) {
    console.error(`No build at ${dist}: run \`npm run build -w @ems/portal-web\` first.`);
    return 2;
  }
  const scripts = initialScripts(readFileSync(indexFile, 'utf8')).filter((url) => !/^(https?:)?\/\//i.test(url));
  if (scripts.length === 0) {
    console.error(`${indexFile} references no script.`);
    return 2;
  }
  let totalGzip = 0;
  let totalRaw = 0;
  for (const url of scripts) {
    const file = path.join(dist, url.replace(/^\//, '').split(/[?#]/)[0]!);
    const source = readFileSync(file);
    const gzip = gzipSync(source, { level: 9 }).length;
    totalGzip += gzip;
    totalRaw += source.length;
    console.log(`${url}  ${(source.length / 1000).toFixed(2)} kB  gzip ${(gzip / 1000).toFixed(2)} kB`);
  }
  const verdict = totalGzip / 1000 <= budgetKb ? 'within' : 'OVER';
  console.log(
    `initial JavaScript: ${(totalGzip / 1000).toFixed(2)} kB gzip (${(totalRaw / 1000).toFixed(2)} kB raw) in ${scripts.length} file(s); budget ${budgetKb} kB: ${verdict}`,
  );
  return verdict === 'within' ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
