import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface WorkerEntry {
  file: string;
  execArgv: string[];
  /** Added to the child's environment. */
  env: Record<string, string>;
}

/**
 * Where the XLSX child's entry is. From source (tsx, ts-jest) it is `xlsxWorker.ts` beside this
 * file and needs tsx's loader. In a bundle this code runs inside `<package>/dist/main.js` or a
 * deeper bundle, and `npm run build:services` writes the child to `<package>/dist/parsing/xlsxWorker.js`,
 * so it is looked for in `parsing/` below each directory up from the bundle's.
 * (`runtime/scripts/build-services.ts` knows this file finds its location this way.)
 */
export function xlsxWorkerEntry(): WorkerEntry {
  if (__filename.endsWith('.ts')) {
    // Resolved from here, not from the process's working directory, which may be anywhere.
    return {
      file: path.join(__dirname, 'xlsxWorker.ts'),
      execArgv: ['--import', pathToFileURL(createRequire(__filename).resolve('tsx')).href],
      // tsx would keep its compile cache in the child's TMPDIR, the read's own directory: written
      // anew for every read, and counted against the read's temp-disk budget.
      env: { TSX_DISABLE_CACHE: '1' },
    };
  }
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'parsing', 'xlsxWorker.js');
    if (existsSync(file)) return { file, execArgv: [], env: {} };
    if (path.basename(dir) === 'dist' || path.dirname(dir) === dir) break;
  }
  throw new Error(`the XLSX reader's bundle (dist/parsing/xlsxWorker.js) is missing beside ${__filename}: run npm run build:services`);
}
