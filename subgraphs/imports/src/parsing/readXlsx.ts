import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ServiceUnavailableError } from '@ems/schema';
import { createLogger, type Logger } from '@ems/service-runtime';
import { assembleTable } from './assembleTable';
import { readErrors } from './messages';
import { asReadable } from './readPrefix';
import { watchChild } from './readerWatchdog';
import { workbookOutline, type WorkbookOutline, type WorkbookSheet } from './workbookOutline';
import { xlsxWorkerEntry } from './xlsxWorkerEntry';
import type { FromXlsxWorker, ToXlsxWorker, WorkbookParts } from './xlsxProtocol';
import { readZipIndex, type ZipEntry } from './zipIndex';
import type { ByteSource, OpenedTable, RowRun } from './types';

export interface XlsxReadOptions {
  sheetIndex: number;
  maxRows: number;
  batchSize: number;
  maxUncompressedBytes: number;
  /** The reader child's memory limit (MB): its resident set, watched, and its heap cap. */
  workerMemoryMb: number;
  /** Temp disk one read may use: the spooled workbook and anything the reader writes beside it. */
  tempDiskBytes: number;
  /** Ends the read (kills the child) when whoever asked for it is gone; rejects with its reason. */
  signal?: AbortSignal;
}

/** exceljs reads a worksheet only when its part has this name. */
const WORKSHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;

/** How V8 dies when it reaches `--max-old-space-size`. */
const OUT_OF_HEAP = /heap out of memory|Reached heap limit|Allocation failed/i;

const MB = 1024 * 1024;

/** Created at the first unexpected death: a reader that works logs nothing and holds no stream open. */
let readerLog: Logger | null = null;
const log = () => (readerLog ??= createLogger('imports-xlsx-reader'));

/** The reader could not be started (too many processes or open files): the server's state, not the file's. */
const readerUnavailable = () =>
  new ServiceUnavailableError('The workbook reader could not be started; try again in a moment', { code: 'XLSX_READER_UNAVAILABLE' });

/**
 * A message to the child. Sending fails when the child is gone (killed by the watchdog, dead):
 * its 'close' then ends the read with the death's reason, so the failure is only kept for the log.
 */
function sendTo(child: ChildProcess, message: ToXlsxWorker, failed: (err: Error) => void): void {
  if (!child.connected) return;
  child.send(message, (err) => {
    if (err) failed(err);
  });
}

/** Passes bytes on until `maxBytes` have passed, then fails: the spool stays within the temp-disk budget. */
function atMost(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(readErrors.xlsxTooLarge());
      else done(null, chunk);
    },
  });
}

/** The zip's central directory sits at its end, so the upload is spooled to a file first. */
async function spool(source: ByteSource, dir: string, maxBytes: number, signal?: AbortSignal): Promise<string> {
  const file = path.join(dir, 'upload.xlsx');
  await pipeline(asReadable(source()), atMost(maxBytes), createWriteStream(file, { mode: 0o600 }), { signal });
  return file;
}

interface InspectedWorkbook extends WorkbookOutline {
  entries: ZipEntry[];
}

/**
 * Reads the workbook's one index (the directory and the local headers must agree), refuses it by
 * the sizes it declares, and lists its sheets. What the parts really inflate to is counted while
 * they are read.
 */
async function inspectWorkbook(file: string, maxUncompressedBytes: number): Promise<InspectedWorkbook> {
  const entries = await readZipIndex(file);
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > maxUncompressedBytes) throw readErrors.xlsxTooLarge();
  return { entries, ...(await workbookOutline(file, entries)) };
}

/** The parts the child reads for `sheet`; a sheet whose part the zip does not hold is no workbook's. */
function partsFor(workbook: InspectedWorkbook, sheet: WorkbookSheet): WorkbookParts {
  const entry = (name: string) => workbook.entries.find((e) => e.name === name) ?? null;
  if (!sheet.part || !WORKSHEET_PART.test(sheet.part)) throw readErrors.notAWorksheet(sheet.name);
  const workbookPart = entry('xl/workbook.xml');
  const relationships = entry('xl/_rels/workbook.xml.rels');
  const part = entry(sheet.part);
  if (!workbookPart || !relationships || !part) throw readErrors.notXlsx();
  return {
    workbook: workbookPart,
    relationships,
    sharedStrings: entry('xl/sharedStrings.xml'),
    styles: entry('xl/styles.xml'),
    sheet: part,
    date1904: workbook.date1904,
  };
}

/**
 * The child's runs as an iterator. A run is acknowledged when the consumer asks for the one after
 * it, so the child works at most one run ahead of the import.
 */
function runsFromChild(
  child: ChildProcess,
  deathError: () => Error,
  stoppedWith: () => Error | null,
  sendFailed: (err: Error) => void,
): AsyncGenerator<RowRun> {
  const inbox: FromXlsxWorker[] = [];
  let ended = false;
  let wake: () => void = () => undefined;
  child.on('message', (m: FromXlsxWorker) => {
    inbox.push(m);
    wake();
  });
  // Messages still in the channel arrive before it closes; only then is a missing 'end' a death.
  const end = () => {
    ended = true;
    wake();
  };
  child.on('close', end);
  // A child that could not be spawned, or whose channel broke, may never 'close'.
  child.on('error', end);
  return (async function* () {
    for (;;) {
      const stopped = stoppedWith();
      if (stopped) throw stopped;
      const message = inbox.shift();
      if (!message) {
        if (ended) throw deathError();
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'end') return;
      if (message.type === 'invalid') throw readErrors.notXlsx();
      if (message.type === 'tooLarge') throw readErrors.xlsxTooLarge();
      yield { firstRowNumber: message.firstRowNumber, rows: message.rows };
      sendTo(child, { type: 'ack' }, sendFailed);
    }
  })();
}

/** Starts the reader child with its heap cap, its own temp directory, and the watchdog on both. */
function startReader(dir: string, options: XlsxReadOptions) {
  const entry = xlsxWorkerEntry();
  let stderr = '';
  let child: ChildProcess;
  try {
    child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${options.workerMemoryMb}`],
      // Anything the reader spools goes to our directory, which close() removes even when the
      // child was killed, and which the watchdog measures. Everything else is inherited.
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, ...entry.env, TMPDIR: dir },
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
  } catch (err) {
    log().error({ err }, 'the XLSX reader could not be started');
    throw readerUnavailable();
  }
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  // Without a listener an 'error' (spawn failing with EMFILE/EAGAIN, a broken channel) would
  // end the whole service; here it ends this read.
  let spawnError: Error | null = null;
  let channelError: Error | null = null;
  child.on('error', (err) => {
    if (child.pid === undefined) spawnError ??= err;
    else channelError ??= err;
  });
  const sendFailed = (err: Error) => (channelError ??= err);
  const watchdog = watchChild(child, { maxRssBytes: options.workerMemoryMb * MB, dir, maxDirBytes: options.tempDiskBytes });
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  child.on('exit', (code, signal) => (exit = { code, signal }));
  /**
   * A child that ended without 'end': killed at a limit, dead of its heap, never started, or dead
   * of something else. The last is logged and answered as a workbook that could not be read:
   * what made the reader die was in the file, and the operator can do nothing else with it.
   */
  const deathError = (): Error => {
    if (watchdog.reason() || exit?.signal === 'SIGABRT' || exit?.signal === 'SIGKILL' || OUT_OF_HEAP.test(stderr))
      return readErrors.xlsxTooLarge();
    if (spawnError) {
      log().error({ err: spawnError }, 'the XLSX reader could not be started');
      return readerUnavailable();
    }
    log().error({ exit, stderr, err: channelError ?? undefined }, 'the XLSX reader exited unexpectedly');
    return readErrors.notXlsx();
  };
  return { child, deathError, watchdog, sendFailed };
}

/**
 * Reads the chosen sheet in a child process bounded in memory and temp disk: the upload is
 * spooled to a private directory, checked (one index, declared sizes, sheet index), then the
 * child reads the sheet's parts by that index. `close()`, the signal, or a limit kills the child.
 */
export async function openXlsx(source: ByteSource, options: XlsxReadOptions): Promise<OpenedTable> {
  const { signal } = options;
  signal?.throwIfAborted();
  const dir = await mkdtemp(path.join(tmpdir(), 'ems-xlsx-'));
  let child: ChildProcess | null = null;
  let stoppedWith: Error | null = null;
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      stoppedWith ??= new Error('the XLSX reader was closed');
      signal?.removeEventListener('abort', onAbort);
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    })();
    return closing;
  };
  const abortReason = () => (signal?.reason instanceof Error ? signal.reason : new Error('the XLSX read was abandoned'));
  function onAbort() {
    stoppedWith = abortReason();
    void close();
  }
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const file = await spool(source, dir, options.tempDiskBytes, signal);
    const workbook = await inspectWorkbook(file, options.maxUncompressedBytes);
    const { sheets } = workbook;
    const sheet = sheets[options.sheetIndex];
    if (!Number.isInteger(options.sheetIndex) || !sheet) throw readErrors.sheetOutOfRange(options.sheetIndex, sheets.length);
    const parts = partsFor(workbook, sheet);
    signal?.throwIfAborted();
    const reader = startReader(dir, options);
    child = reader.child;
    sendTo(
      child,
      { type: 'read', file, parts, maxUncompressedBytes: options.maxUncompressedBytes, runSize: options.batchSize },
      reader.sendFailed,
    );
    const table = await assembleTable(
      runsFromChild(child, reader.deathError, () => stoppedWith, reader.sendFailed),
      { maxRows: options.maxRows, batchSize: options.batchSize, whenEmpty: () => readErrors.sheetEmpty(sheet.name) },
    );
    return { kind: 'xlsx', sheetName: sheet.name, sheetNames: sheets.map((s) => s.name), ...table, close };
  } catch (err) {
    await close();
    throw signal?.aborted ? abortReason() : err;
  }
}

/**
 * The workbook's sheet names in tab order, checked as for reading (one index, declared sizes,
 * workbook part); for a screen that lets the operator choose another sheet when the one read
 * was no table.
 */
export async function xlsxSheetNames(
  source: ByteSource,
  limits: { maxUncompressedBytes: number; tempDiskBytes: number },
): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ems-xlsx-'));
  try {
    const file = await spool(source, dir, limits.tempDiskBytes);
    return (await inspectWorkbook(file, limits.maxUncompressedBytes)).sheets.map((s) => s.name);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
