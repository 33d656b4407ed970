import express from 'express';
import knex from 'knex';
import { createServer } from 'node:net';
import { healthRoutes } from './health';

/** A port nothing listens on: a database that is down. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('health endpoints for a supervisor', () => {
  it('stay alive but not ready while the database is down, so a supervisor does not restart for an outage', async () => {
    const db = knex({ client: 'pg', connection: `postgres://postgres@127.0.0.1:${await closedPort()}/none`, pool: { min: 0, max: 1 } });
    const app = express().use(healthRoutes(db, 'test-service'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const liveness = await fetch(`${base}/actuator/health/liveness`);
      expect(liveness.status).toBe(200);
      expect(await liveness.json()).toEqual({ status: 'UP', service: 'test-service' });
      for (const path of ['/actuator/health', '/actuator/health/readiness']) {
        const readiness = await fetch(`${base}${path}`);
        expect(readiness.status).toBe(503);
        expect(await readiness.json()).toEqual({ status: 'DOWN', service: 'test-service', components: { db: { status: 'DOWN' } } });
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    }
  });
});
