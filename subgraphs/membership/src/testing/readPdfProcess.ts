/**
 * Reads a PDF from standard input with pdf-parse (pdf.js) and answers, as JSON on standard
 * output, its pages' text and the QR code found on its first page rendered to an image (jsQR).
 * A process of its own: pdf.js loads its worker with a dynamic `import()`, which jest's module
 * sandbox refuses. Run by `readPdf` (pdfReader.ts); not part of any service.
 */
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { PDFParse } from 'pdf-parse';

async function main(): Promise<void> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(0)) });
  try {
    const text = await parser.getText();
    // About 7 pixels per module of the card's QR code: plenty for a reader.
    const shot = await parser.getScreenshot({ scale: 4, first: 1 });
    const page = shot.pages[0];
    let qr: string | null = null;
    if (page) {
      const png = PNG.sync.read(Buffer.from(page.data));
      qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
    }
    process.stdout.write(JSON.stringify({ pages: text.pages.length, text: text.text, qr }));
  } finally {
    await parser.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(String(err instanceof Error ? err.stack : err));
  process.exit(1);
});
