import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the e2e run (the `smtp-server` package). Every message it accepts is
 * written to `dir` as a raw .eml file, so test files in other processes can read what was
 * delivered.
 */
export async function startMailSink(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const name = `${String(Date.now()).padStart(15, '0')}-${String(count).padStart(5, '0')}`;
        writeFileSync(path.join(dir, `${name}.to`), to);
        writeFileSync(path.join(dir, `${name}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface DeliveredMail {
  to: string;
  subject: string;
  text: string;
}

/** Every message delivered so far, parsed. */
export async function deliveredMail(dir: string): Promise<DeliveredMail[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (f) => {
      const parsed = await simpleParser(readFileSync(path.join(dir, f)));
      return {
        to: readFileSync(path.join(dir, f.replace(/\.eml$/, '.to')), 'utf8'),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
      };
    }),
  );
}
