import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ReadPdf {
  pages: number;
  text: string;
  /** What the QR code on the first page says, as a phone's camera would read it; null: none found. */
  qr: string | null;
}

/** A PDF read back as a reader would: its text, and the QR code decoded from the rendered page. */
export function readPdf(pdf: Buffer): Promise<ReadPdf> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'readPdfProcess.ts')], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`reading the PDF failed (${code}): ${Buffer.concat(err).toString()}`));
      resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as ReadPdf);
    });
    child.stdin.end(pdf);
  });
}
