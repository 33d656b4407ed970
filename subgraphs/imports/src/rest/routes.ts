import { Router } from 'express';
import { requireBearer } from '@ems/service-runtime';

/** The imports service's REST endpoints; every /api/** path needs a valid bearer token. */
export function importsRoutes(jwtSecret: string): Router {
  const router = Router();
  router.use('/api', requireBearer(jwtSecret));
  return router;
}
