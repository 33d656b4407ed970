import { Router } from 'express';
import type { Knex } from 'knex';

/** UP when the database answers within a second. */
export async function databaseAnswers(db: Knex): Promise<boolean> {
  try {
    await Promise.race([db.raw('SELECT 1'), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref())]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The health endpoints a supervisor probes (public; they tell nothing about configuration or data):
 * - `GET /actuator/health` and `/actuator/health/readiness`: UP when the database answers within a
 *   second, else 503 DOWN. Send traffic only while it is UP.
 * - `GET /actuator/health/liveness`: UP while the process serves requests at all. Restart on this
 *   one only: a database outage is not cured by restarting every service.
 */
export function healthRoutes(db: Knex, service: string): Router {
  const router = Router();
  const readiness = async (_req: unknown, res: import('express').Response) => {
    const dbStatus = (await databaseAnswers(db)) ? 'UP' : 'DOWN';
    res.status(dbStatus === 'UP' ? 200 : 503).json({ status: dbStatus, service, components: { db: { status: dbStatus } } });
  };
  router.get('/actuator/health', readiness);
  router.get('/actuator/health/readiness', readiness);
  router.get('/actuator/health/liveness', (_req, res) => {
    res.json({ status: 'UP', service });
  });
  return router;
}
