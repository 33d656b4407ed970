import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assembleTable } from './assembleTable';
import { readErrors } from './messages';
import { asReadable } from './readPrefix';
import { workbookSheets, type WorkbookSheet } from './workbookSheets';
import { xlsxWorkerEntry } from './xlsxWorkerEntry';
import type { FromXlsxWorker, ToXlsxWorker } from './xlsxProtocol';
import { assertInflatesWithin, listZipEntries } from './zipDirectory';
import type { ByteSource, OpenedTable, RowRun } from './types';

export interface XlsxReadOptions {
  sheetIndex: number;
  maxRows: number;
  batchSize: number;
  maxUncompressedBytes: number;
  workerMemoryMb: number;
}

/** exceljs reads a worksheet only when its part has this name. */
const WORKSHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** How V8 dies when it reaches `--max-old-space-size`. */
const OUT_OF_HEAP = /heap out of memory|Reached heap limit|Allocation failed/i;

/** The zip's central directory sits at its end, so the upload is spooled to a file first. */
async function spool(source: ByteSource, dir: string): Promise<string> {
  const file = path.join(dir, 'upload.xlsx');
  await pipeline(asReadable(source()), createWriteStream(file));
  return file;
}

/** Refuses a zip bomb by the sizes it declares, then by what its entries really inflate to. */
async function inspectWorkbook(file: string, maxUncompressedBytes: number): Promise<WorkbookSheet[]> {
  const entries = await listZipEntries(file);
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > maxUncompressedBytes) throw readErrors.xlsxTooLarge();
  const sheets = await workbookSheets(file, entries);
  await assertInflatesWithin(file, entries, maxUncompressedBytes);
  return sheets;
}

/**
 * The child's runs as an iterator. A run is acknowledged when the consumer asks for the one after
 * it, so the child works at most one run ahead of the import.
 */
function runsFromChild(child: ChildProcess, stderrTail: () => string, stopped: () => boolean): AsyncGenerator<RowRun> {
  const inbox: FromXlsxWorker[] = [];
  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  let wake: () => void = () => undefined;
  child.on('message', (m: FromXlsxWorker) => {
    inbox.push(m);
    wake();
  });
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });
  // Messages still in the channel arrive before it closes; only then is a missing 'end' a death.
  child.on('close', () => {
    ended = exited ?? { code: null, signal: null };
    wake();
  });
  const deathError = () => {
    const { signal } = ended ?? { signal: null };
    if (signal === 'SIGABRT' || signal === 'SIGKILL' || OUT_OF_HEAP.test(stderrTail())) return readErrors.xlsxTooLarge();
    return new Error(`the XLSX reader exited unexpectedly (${JSON.stringify(ended)}): ${stderrTail()}`);
  };
  return (async function* () {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        if (ended) throw stopped() ? new Error('the XLSX reader was closed') : deathError();
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'end') return;
      if (message.type === 'invalid') throw readErrors.notXlsx();
      yield { firstRowNumber: message.firstRowNumber, rows: message.rows };
      if (child.connected) child.send({ type: 'ack' } satisfies ToXlsxWorker);
    }
  })();
}

/**
 * Reads the chosen sheet in a child process with a capped heap: the upload is spooled to a
 * private directory, checked (sheet index, expansion), then streamed by exceljs in the child.
 */
export async function openXlsx(source: ByteSource, options: XlsxReadOptions): Promise<OpenedTable> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ems-xlsx-'));
  let child: ChildProcess | null = null;
  let stopped = false;
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      stopped = true;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    })();
    return closing;
  };
  try {
    const file = await spool(source, dir);
    const sheets = await inspectWorkbook(file, options.maxUncompressedBytes);
    const sheet = sheets[options.sheetIndex];
    if (!Number.isInteger(options.sheetIndex) || !sheet) throw readErrors.sheetOutOfRange(options.sheetIndex, sheets.length);
    const sheetFileNumber = sheet.part?.match(WORKSHEET_PART)?.[1];
    if (!sheetFileNumber) throw readErrors.notAWorksheet(sheet.name);

    const entry = xlsxWorkerEntry();
    let stderr = '';
    child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${options.workerMemoryMb}`],
      // exceljs spools sheets stored before the shared strings to the temp directory: make that
      // ours, so close() removes them even when the child was killed. Everything else is inherited.
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, TMPDIR: dir },
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.send({ type: 'read', file, sheetFileNumber, runSize: options.batchSize } satisfies ToXlsxWorker);
    const table = await assembleTable(
      runsFromChild(
        child,
        () => stderr,
        () => stopped,
      ),
      { maxRows: options.maxRows, batchSize: options.batchSize, whenEmpty: () => readErrors.sheetEmpty(sheet.name) },
    );
    return { kind: 'xlsx', sheetName: sheet.name, sheetNames: sheets.map((s) => s.name), ...table, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * The workbook's sheet names in tab order, checked as for reading (zip bomb, workbook part); for
 * a screen that lets the operator choose another sheet when the one read was no table.
 */
export async function xlsxSheetNames(source: ByteSource, maxUncompressedBytes: number): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ems-xlsx-'));
  try {
    return (await inspectWorkbook(await spool(source, dir), maxUncompressedBytes)).map((s) => s.name);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
