import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Knex } from '@ems/db';
import { AuthenticationError } from '@ems/schema';
import { asyncHandler, authOf, parseInput, requireBearer, requireXApiKey, type ApiKeyChecker } from '@ems/service-runtime';
import { todayIso } from '../domain/clock';
import { createOwnPerson, ownPerson } from '../domain/memberSignIn/ownPerson';
import { scopeForUser } from '../domain/scope';

/** A name as a member types it: trimmed, 1 to 100 characters. */
const name = z.string().trim().min(1).max(100);
const ownPersonBody = z.object({
  firstName: name,
  lastName: name,
  dateOfBirth: z.string().trim().max(10),
  email: z.string().trim().email().max(320),
});

export interface OwnPersonRoutesDeps {
  db: Knex;
  keys: ApiKeyChecker;
  jwtSecret: string;
}

/** The signed-in account, as the data scope finds it (an account retired since is no longer one). */
async function accountOf(db: Knex, req: Request): Promise<number> {
  const claims = authOf(req).user;
  const scope = claims ? await scopeForUser(db, claims) : null;
  if (!scope) throw new AuthenticationError('Authentication required', { code: 'NOT_AUTHENTICATED' });
  return scope.accountId;
}

/**
 * `GET|POST /api/account/person` (contract rule 12): the member's own details, which an account
 * made by an anonymous registration or a first OpenID sign-in has yet to give. Reached through the
 * router's `/services/admin-service` with the session's token.
 */
export function ownPersonRoutes({ db, keys, jwtSecret }: OwnPersonRoutesDeps): Router {
  const router = Router();
  const guards = [requireXApiKey(keys), requireBearer(jwtSecret)];

  router.get(
    '/api/account/person',
    ...guards,
    asyncHandler(async (req, res) => {
      res.setHeader('cache-control', 'no-store');
      res.json({ person: await ownPerson(db, await accountOf(db, req)) });
    }),
  );

  router.post(
    '/api/account/person',
    ...guards,
    asyncHandler(async (req, res) => {
      const input = parseInput(ownPersonBody, req.body);
      res.status(201).json({ person: await createOwnPerson(db, await accountOf(db, req), input, todayIso()) });
    }),
  );

  return router;
}
