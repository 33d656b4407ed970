import { pipeline, Transform, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { assembleTable } from './assembleTable';
import { assertLooksLikeText, detectEncoding } from './detectEncoding';
import { readErrors } from './messages';
import { asReadable, type FilePrefix } from './readPrefix';
import { sniffDelimiter } from './sniffDelimiter';
import type { ByteSource, CsvChoice, OpenedTable, RowRun } from './types';

/** A record longer than this is almost always an unclosed quote swallowing the rest of the file. */
export const MAX_RECORD_CHARS = 1_000_000;

/** csv-parse's errors become the operator's message; `records` counts the rows before the bad one. */
function csvReadError(err: unknown): unknown {
  if (!(err instanceof CsvError)) return err;
  const row = Number((err as CsvError & { records?: number }).records ?? 0) + 1;
  if (err.code === 'CSV_MAX_RECORD_SIZE') return readErrors.rowTooLong(row, MAX_RECORD_CHARS);
  if (err.code.includes('QUOTE')) return readErrors.brokenQuoting(row);
  return err;
}

/** Half of a UTF-16 surrogate pair on its own (with the `u` flag a whole pair is one code point). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Refuses decoded text holding a lone surrogate, by its line. Only UTF-16 can hold one; csv-parse
 * would turn it into U+FFFD, where every other input refuses it (`isAcceptedText`). A high
 * surrogate ending a chunk waits for the next one, which may hold its pair.
 */
function refuseLoneSurrogates(): Transform {
  let pending = '';
  let line = 1;
  const linesIn = (text: string) => {
    let n = 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };
  return new Transform({
    decodeStrings: false,
    transform(chunk: string | Buffer, _encoding, done) {
      let text = pending + String(chunk);
      pending = '';
      if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
        pending = text.slice(-1);
        text = text.slice(0, -1);
      }
      const at = text.search(LONE_SURROGATE);
      if (at >= 0) return done(readErrors.loneSurrogate(`Line ${line + linesIn(text.slice(0, at))}`));
      line += linesIn(text);
      done(null, text);
    },
    flush(done) {
      done(pending ? readErrors.loneSurrogate(`Line ${line}`) : null);
    },
  });
}

/**
 * Records in runs of up to `runSize`. Every record counts as a row, blank ones too, so row numbers
 * match what the operator sees when the CSV is opened in Excel (a quoted line break does not
 * start a new row there either).
 */
async function* recordRuns(parser: Transform, runSize: number): AsyncGenerator<RowRun> {
  let run: RowRun = { firstRowNumber: 1, rows: [] };
  try {
    for await (const record of parser) {
      run.rows.push(record as string[]);
      if (run.rows.length >= runSize) {
        yield run;
        run = { firstRowNumber: run.firstRowNumber + run.rows.length, rows: [] };
      }
    }
  } catch (err) {
    throw csvReadError(err);
  }
  if (run.rows.length) yield run;
}

export interface CsvReadOptions {
  maxRows: number;
  batchSize: number;
  /** The operator's encoding and delimiter, read instead of detected. */
  choice?: CsvChoice;
  /** Refuse a chosen encoding the bytes do not fit (TableReadOptions.refuseUndecodable). */
  refuseUndecodable?: boolean;
  /** Stops the read with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Streams a CSV: bytes -> iconv-lite's decoder -> csv-parse. Both keep only a chunk and the record
 * being built in memory, and the consumer pulling batches is what makes the source flow.
 */
export async function openCsv(source: ByteSource, prefix: FilePrefix, options: CsvReadOptions): Promise<OpenedTable> {
  const encoding = options.choice?.encoding ?? detectEncoding(prefix);
  // The BOM is stripped by the decoder; the sample may end inside a character, which only costs one
  // replacement character at its end.
  const sample = iconv.decode(prefix.bytes, encoding);
  // An encoding the operator chose is checked like a detected one: bytes it cannot decode would
  // be stored as replacement characters (a Windows-1252 "Größer" read as UTF-8 becomes "Gr��er").
  // The sample's last characters may be a character the prefix cut in two.
  if (options.refuseUndecodable && options.choice?.encoding && sample.slice(0, -4).includes('\ufffd'))
    throw readErrors.notInChosenEncoding(encoding);
  assertLooksLikeText(sample);
  const delimiter = options.choice?.delimiter ?? sniffDelimiter(sample, prefix.wholeFile);

  const input: Readable = asReadable(source());
  const parser = parse({ delimiter, relax_column_count: true, max_record_size: MAX_RECORD_CHARS });
  pipeline(input, iconv.decodeStream(encoding), refuseLoneSurrogates(), parser, () => {
    // Errors reach the consumer through the parser's iterator; nothing else to do here.
  });
  const { signal } = options;
  const onAbort = () => {
    parser.destroy(signal?.reason instanceof Error ? signal.reason : new Error('the CSV read was abandoned'));
    input.destroy();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    signal?.removeEventListener('abort', onAbort);
    parser.destroy();
    input.destroy();
  };
  try {
    const table = await assembleTable(recordRuns(parser, options.batchSize), {
      maxRows: options.maxRows,
      batchSize: options.batchSize,
      whenEmpty: readErrors.empty,
    });
    return { kind: 'csv', encoding, delimiter, ...table, close };
  } catch (err) {
    await close();
    throw err;
  }
}
