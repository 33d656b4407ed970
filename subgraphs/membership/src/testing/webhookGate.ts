import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUILTIN_SIGNATURE_HEADER } from '../domain/payments/builtinProvider';

const FORWARDED_HEADERS = ['content-type', BUILTIN_SIGNATURE_HEADER];

/**
 * Sits between the built-in provider and the service's webhook endpoint, so a test can play the
 * network's timing: hold webhooks back (they arrive after the payer), answer 500 in the service's
 * place, or forward. Point the service's PUBLIC_BASE_URL at `url` and set `target` to the service.
 */
export class WebhookGate {
  /** Every webhook body that reached the gate, in order, with what the gate answered. */
  readonly seen: Array<{ body: string; status: number }> = [];
  target = '';
  /** The next this many requests are answered 500 (Infinity: all of them). */
  failNext = 0;
  private held: Array<() => void> | null = null;
  private server: Server | null = null;

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    return `http://127.0.0.1:${address?.port}`;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    this.release();
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** Webhooks wait at the gate until `release()`. */
  hold(): void {
    this.held ??= [];
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const pass of held) pass();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (this.held) await new Promise<void>((pass) => this.held!.push(pass));
    let status = 500;
    let answer = 'the gate failed this delivery';
    if (this.failNext > 0) {
      this.failNext -= 1;
    } else {
      const forwarded = await fetch(`${this.target}${req.url}`, {
        method: 'POST',
        headers: Object.fromEntries(
          FORWARDED_HEADERS.flatMap((name) => (typeof req.headers[name] === 'string' ? [[name, req.headers[name]]] : [])),
        ),
        body,
      });
      status = forwarded.status;
      answer = await forwarded.text();
    }
    this.seen.push({ body: body.toString('utf8'), status });
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(answer);
  }
}

export async function startWebhookGate(): Promise<WebhookGate> {
  return new WebhookGate().start();
}
