import { Router } from 'express';
import type { Knex } from 'knex';

/**
 * `GET /actuator/health` (public): UP when the database answers within a second, else 503 DOWN.
 * It tells nothing about configuration or data.
 */
export function healthRoutes(db: Knex, service: string): Router {
  const router = Router();
  router.get('/actuator/health', async (_req, res) => {
    let dbStatus: 'UP' | 'DOWN' = 'UP';
    try {
      await Promise.race([db.raw('SELECT 1'), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref())]);
    } catch {
      dbStatus = 'DOWN';
    }
    res.status(dbStatus === 'UP' ? 200 : 503).json({ status: dbStatus, service, components: { db: { status: dbStatus } } });
  });
  return router;
}
