import { DEFAULT_BATCH_SIZE } from './assembleTable';
import { detectKind } from './detectKind';
import { openCsv } from './readCsv';
import { readPrefix } from './readPrefix';
import { openXlsx } from './readXlsx';
import type { ByteSource, OpenedTable, TableReadOptions } from './types';

/**
 * Opens an uploaded participant list, CSV or XLSX by its content, and returns its header and a
 * stream of row batches. `source()` is called twice: once to sniff the first 64 kB, once to read.
 */
export async function openTable(source: ByteSource, options: TableReadOptions): Promise<OpenedTable> {
  const prefix = await readPrefix(source);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (detectKind(prefix.bytes) === 'xlsx') {
    return openXlsx(source, {
      sheetIndex: options.sheetIndex ?? 0,
      maxRows: options.maxRows,
      batchSize,
      maxUncompressedBytes: options.xlsxMaxUncompressedBytes,
      workerMemoryMb: options.xlsxWorkerMemoryMb,
      tempDiskBytes: options.xlsxTempDiskBytes,
      signal: options.signal,
    });
  }
  return openCsv(source, prefix, {
    maxRows: options.maxRows,
    batchSize,
    choice: options.csv,
    refuseUndecodable: options.refuseUndecodable ?? false,
    signal: options.signal,
  });
}
