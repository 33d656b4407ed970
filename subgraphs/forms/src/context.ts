import type { Request } from 'express';
import type { Knex } from '@ems/db';
import { authOf, type RequestAuth } from '@ems/schema/runtime';

export interface FormsContext {
  db: Knex;
  auth: RequestAuth;
}

export function createContextFactory(db: Knex) {
  return async (req: Request): Promise<FormsContext> => ({ db, auth: authOf(req) });
}
