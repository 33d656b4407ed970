import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startExtraRouter } from '../../support/extraRouter';
import { e2eContext } from '../../support/stackContext';

/** What the forms subgraph does with the next `submitFormStep` that reaches it. */
export type Fault =
  | { kind: 'none' }
  /** HTTP 500 with a GraphQL error body: the service failed. */
  | { kind: 'http500' }
  /** A FormError value with a code the portal does not know, and the service's message. */
  | { kind: 'formError'; code: string; message: string }
  /** No answer at all until the test ends (the client's 15 s time-out decides). */
  | { kind: 'hang' };

/**
 * The real forms subgraph behind a pass-through proxy that can make `submitFormStep` fail, and
 * an extra router whose FORMS_URL points at the proxy. Everything else (the form query, back,
 * sign-in, the other subgraphs) is the real system.
 */
export async function startFaultyForms() {
  const target = new URL(e2eContext().urls.forms);
  let fault: Fault = { kind: 'none' };
  const hanging = new Set<http.ServerResponse>();
  let hits = 0;

  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url === '/graphql' && body.toString('utf8').includes('submitFormStep') && fault.kind !== 'none') {
        hits += 1;
        const current = fault;
        fault = { kind: 'none' };
        if (current.kind === 'hang') {
          hanging.add(res);
          return;
        }
        res.setHeader('content-type', 'application/json');
        if (current.kind === 'http500') {
          res.statusCode = 500;
          res.end(JSON.stringify({ errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }));
        } else {
          const error = {
            __typename: 'FormError',
            code: current.code,
            message: current.message,
            rule: null,
            personId: null,
            current: null,
          };
          res.end(JSON.stringify({ data: { submitFormStep: error } }));
        }
        return;
      }
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const router = await startExtraRouter({}, { forms: (proxy.address() as AddressInfo).port });

  return {
    router,
    /** The fault applies to the next submitFormStep only. */
    failNext(next: Fault) {
      fault = next;
    },
    hits: () => hits,
    async stop() {
      for (const res of hanging) res.destroy();
      await router.stop();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
