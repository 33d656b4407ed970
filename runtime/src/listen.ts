import type { Server } from 'node:http';
import type { Express } from 'express';

/** `app.listen` as a promise that rejects when the port cannot be taken. */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
