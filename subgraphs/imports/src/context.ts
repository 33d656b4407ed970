import type { Request } from 'express';
import type { Knex } from '@ems/db';
import { authOf, type RequestAuth } from '@ems/service-runtime';

export interface ImportsContext {
  db: Knex;
  auth: RequestAuth;
}

export function createContextFactory(db: Knex) {
  return async (req: Request): Promise<ImportsContext> => ({ db, auth: authOf(req) });
}
