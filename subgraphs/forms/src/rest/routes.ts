import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { AuthenticationError } from '@ems/schema';
import { MAX_ANSWER_LENGTH } from '@ems/schema/rules';
import { asyncHandler, authOf, parseInput, requireBearer, requireXApiKey, type ApiKeyChecker } from '@ems/service-runtime';
import { MAX_PEOPLE } from '../domain/answers';
import type { FormOutcome, FormUser } from '../domain/types';
import { back, getForm, next, reset, resume, type FormsDeps } from '../domain/commands';
import { toFormDTO } from './dto';
import { toAppError } from './errors';

const MAX_INT = 2_147_483_647;

const positiveIntString = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_INT));

const periodPath = z.object({ periodid: positiveIntString });
const processPath = z.object({ processid: z.string().min(1).max(64) });
const formQuery = z.object({ userKey: z.string().min(1).max(256).optional() });

const personInput = z.object({
  id: z.number().int().min(1).max(MAX_INT),
  // UTF-16 units: at most two per code point, so nothing the code-point limit would accept is cut
  // here; the exact limit (ANSWER_TOO_LONG, naming the person) is the domain's.
  answer: z
    .string()
    .max(MAX_ANSWER_LENGTH * 2)
    .nullable()
    .optional(),
});

const nextBody = z.object({
  processId: z.string().min(1).max(64),
  step: z.number().int().min(1).max(10_000),
  people: z.array(personInput).max(MAX_PEOPLE),
});

const backBody = z.object({ step: z.number().int().min(1).max(10_000).optional() });

function formUser(req: Request): FormUser {
  const claims = authOf(req).user;
  // requireBearer ran before every handler; a missing user here is a wiring bug turned safe.
  if (!claims) throw new AuthenticationError('Authentication required', { code: 'NOT_AUTHENTICATED' });
  return { accountId: claims.accountId, registrationSystemId: claims.registrationSystemId, userKey: claims.userKey };
}

function send(res: Response, outcome: FormOutcome): void {
  if (!outcome.ok) throw toAppError(outcome.failure);
  res.json(toFormDTO(outcome.form));
}

export interface FormsRoutesDeps {
  forms: FormsDeps;
  keys: ApiKeyChecker;
  jwtSecret: string;
}

/**
 * The contract's four form endpoints plus `back`. Every `/api/**` path needs a valid bearer token
 * (contract rule 5); the form endpoints also need the portal's X-API-KEY, since they act on behalf
 * of the portal (rule 6) and the gateway always sends it.
 */
export function formsRoutes({ forms, keys, jwtSecret }: FormsRoutesDeps): Router {
  const router = Router();
  router.use('/api', requireBearer(jwtSecret));
  router.use('/api/forms', requireXApiKey(keys));

  router.get(
    '/api/forms/membership/:periodid',
    asyncHandler(async (req, res) => {
      const { periodid } = parseInput(periodPath, req.params, 'path');
      const { userKey } = parseInput(formQuery, req.query, 'query');
      send(res, await getForm(forms, formUser(req), { periodId: periodid, userKey }));
    }),
  );

  router.post(
    '/api/forms/next',
    asyncHandler(async (req, res) => {
      const body = parseInput(nextBody, req.body);
      send(res, await next(forms, formUser(req), body));
    }),
  );

  router.post(
    '/api/forms/processes/:processid/reset',
    asyncHandler(async (req, res) => {
      const { processid } = parseInput(processPath, req.params, 'path');
      send(res, await reset(forms, formUser(req), processid));
    }),
  );

  router.post(
    '/api/forms/processes/:processid/resume',
    asyncHandler(async (req, res) => {
      const { processid } = parseInput(processPath, req.params, 'path');
      send(res, await resume(forms, formUser(req), processid));
    }),
  );

  router.post(
    '/api/forms/processes/:processid/back',
    asyncHandler(async (req, res) => {
      const { processid } = parseInput(processPath, req.params, 'path');
      const { step } = parseInput(backBody, req.body);
      send(res, await back(forms, formUser(req), { processId: processid, step }));
    }),
  );

  return router;
}
