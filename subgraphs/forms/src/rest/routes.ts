import { Router } from 'express';
import { requireBearer } from '@ems/schema/runtime';

/** The forms service's REST endpoints; every /api/** path needs a valid bearer token. */
export function formsRoutes(jwtSecret: string): Router {
  const router = Router();
  router.use('/api', requireBearer(jwtSecret));
  return router;
}
