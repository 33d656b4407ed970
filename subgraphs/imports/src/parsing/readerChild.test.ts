/**
 * The XLSX reader child failing in ways no workbook makes it fail: it cannot be started, or it
 * dies without a word. Each read ends typed, and this process (the service) lives on.
 */
import childProcess from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InputError, ServiceUnavailableError } from '@ems/schema';
import { openTable } from './openTable';
import { bytesSource, LIMITS, sheetXml, workbookParts, zipOf } from './testFiles';
import * as workerEntry from './xlsxWorkerEntry';

const WORKBOOK = zipOf(workbookParts([{ name: 'S', xml: sheetXml([['Name'], ['Ada']]) }]));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'parsing-reader-child-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => jest.restoreAllMocks());

async function readError(): Promise<unknown> {
  const table = await openTable(bytesSource(WORKBOOK), LIMITS).catch((err: unknown) => err);
  if (!(table instanceof Error)) throw new Error('expected the read to fail');
  return table;
}

describe('the XLSX reader child', () => {
  it('answers a child that exits with code 1 without a message as a workbook that could not be read', async () => {
    const file = path.join(dir, 'exits.js');
    await writeFile(file, 'process.stderr.write("boom\\n"); process.exit(1);\n');
    jest.spyOn(workerEntry, 'xlsxWorkerEntry').mockReturnValue({ file, execArgv: [], env: {} });
    const err = await readError();
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toBe('The file is not a valid XLSX workbook');
  });

  it('answers a child that cannot be spawned as a typed failure, and the process lives on', async () => {
    const realFork = childProcess.fork;
    jest
      .spyOn(childProcess, 'fork')
      .mockImplementation((modulePath, args, options) =>
        realFork(modulePath, args as string[], { ...options, execPath: path.join(dir, 'no-such-node') }),
      );
    const err = await readError();
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    // An unhandled 'error' event would have thrown from the emitter, failing this test's process.
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('reads a workbook again once the child can be started', async () => {
    const table = await openTable(bytesSource(WORKBOOK), LIMITS);
    const rows = [];
    for await (const batch of table.batches) rows.push(...batch.rows);
    await table.close();
    expect(rows).toEqual([['Ada']]);
  });
});
