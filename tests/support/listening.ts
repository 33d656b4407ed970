import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { listen } from '@ems/service-runtime';

/**
 * A test's app on a free loopback port, started the way the services start theirs (`listen`:
 * rejects when the port cannot be taken, answers malformed requests in the contract's shape).
 * `url` is its origin, e.g. `http://127.0.0.1:41234`.
 */
export async function listenOnLoopback(app: Express): Promise<{ server: Server; url: string }> {
  const server = await listen(app, 0, '127.0.0.1');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
