import type { Server } from 'node:http';
import express from 'express';
import type { Knex } from '@ems/db';
import { signAccessToken } from '@ems/schema';
import { createLogger, errorMiddleware, notFoundHandler, type ApiKeyChecker } from '@ems/service-runtime';
import { scratchDatabase } from '../testing/fixture';
import { membershipFixture } from '../testing/membership';
import type { MembershipFixture } from '../testing/membershipFixture';
import { ADULT, CHILD, scenario, type Scenario } from '../testing/scenario';
import { formsRoutes } from './routes';
import { listenOnLoopback } from '../../../../tests/support/listening';

/** The REST surface: the contract's four endpoints plus back, their DTOs, limits and error bodies. */

const SECRET = 'x'.repeat(64);
const API_KEY = 'k'.repeat(40);
const keys: ApiKeyChecker = {
  verify: async (presented) =>
    presented === API_KEY ? { id: 1, portal: 'registration', registrationSystemId: null, organisationIds: null, scopes: [] } : null,
};

const FORM_DTO_KEYS = ['options', 'paymentUrl', 'people', 'processId', 'processState', 'question', 'questionType', 'required', 'step'];
const PERSON_DTO_KEYS = ['answer', 'canSelect', 'dateOfBirth', 'firstName', 'hide', 'id', 'lastName', 'selected', 'status'];

let db: { knex: Knex; drop(): Promise<void> };
let membership: MembershipFixture;
let sc: Scenario;
let server: Server;
let base: string;
let token: string;

beforeAll(async () => {
  db = await scratchDatabase();
  membership = await membershipFixture(db.knex);
  sc = await scenario(db.knex, membership, {
    steps: [{ questionType: 'DRP', answerKey: 'membershipType' }, { questionType: 'ITC' }],
    persons: [ADULT, CHILD],
  });
  const app = express();
  // As startSubgraphService mounts them, with the forms service's body limit.
  app.use(express.json({ limit: '64kb' }));
  app.use(formsRoutes({ forms: sc.deps, keys, jwtSecret: SECRET }));
  app.use(notFoundHandler());
  app.use(errorMiddleware(createLogger('forms-test', 'silent')));
  ({ server, url: base } = await listenOnLoopback(app));
  const { user } = sc.account;
  token = signAccessToken(
    {
      userKey: user.userKey,
      authorities: ['ROLE_USER'],
      accountId: user.accountId,
      personId: null,
      orgId: null,
      registrationSystemId: user.registrationSystemId,
    },
    SECRET,
    1800,
  ).token;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.drop();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-api-key': API_KEY,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const formPath = () => `/api/forms/membership/${sc.periodId}`;

describe('authentication', () => {
  it('needs a bearer token (401)', async () => {
    const res = await call('GET', formPath(), undefined, { authorization: '' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'Unauthorized', code: 'NOT_AUTHENTICATED' });
  });

  it("needs the portal's API key (401)", async () => {
    const res = await call('GET', formPath(), undefined, { 'x-api-key': 'wrong' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/forms/membership/{periodid}', () => {
  it('answers the contract FormDTO with exactly its fields, people as FormPersonDTO', async () => {
    const res = await call('GET', formPath());
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FORM_DTO_KEYS);
    expect(res.body).toMatchObject({
      step: 1,
      processState: 'RUNNING',
      question: null,
      questionType: null,
      options: null,
      paymentUrl: null,
    });
    for (const person of res.body.people) expect(Object.keys(person).sort()).toEqual(PERSON_DTO_KEYS);
    expect(res.body.people[0]).toEqual({
      id: sc.account.personIds[0],
      firstName: 'Anna',
      lastName: 'Test',
      dateOfBirth: '1984-03-12',
      status: 'Available',
      canSelect: true,
      selected: false,
      answer: null,
      hide: false,
    });
  });

  it("accepts the token's userKey and refuses another (403)", async () => {
    expect((await call('GET', `${formPath()}?userKey=${encodeURIComponent(sc.account.user.userKey)}`)).status).toBe(200);
    const res = await call('GET', `${formPath()}?userKey=someone.else`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Forbidden', message: expect.any(String), code: 'USER_KEY_MISMATCH' });
  });

  it.each(['abc', '0', '1.5', '-3', '99999999999'])('refuses period id %p (400)', async (id) => {
    const res = await call('GET', `/api/forms/membership/${id}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
  });

  it('an unknown period is 404 PERIOD_NOT_FOUND', async () => {
    const res = await call('GET', '/api/forms/membership/424242');
    expect(res).toMatchObject({ status: 404, body: { error: 'Not Found', code: 'PERIOD_NOT_FOUND' } });
  });
});

describe('POST /api/forms/next and the process endpoints', () => {
  it('walks the form; a stale step is 409 with the current FormDTO in details.current', async () => {
    const overview = (await call('GET', formPath())).body;
    const [adult, child] = sc.account.personIds;
    const select = { processId: overview.processId, step: 1, people: [{ id: adult }, { id: child }] };
    const first = await call('POST', '/api/forms/next', select);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      step: 2,
      questionType: 'DRP',
      options: [{ value: 'individual', label: 'Individual' }, expect.anything(), expect.anything()],
    });

    const stale = await call('POST', '/api/forms/next', select);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: 'Conflict',
      code: 'STEP_CONFLICT',
      details: { current: { step: 2, processState: 'RUNNING' } },
    });
    expect(Object.keys(stale.body.details.current).sort()).toEqual(FORM_DTO_KEYS);

    const refused = await call('POST', '/api/forms/next', {
      processId: overview.processId,
      step: 2,
      people: [{ id: adult, answer: 'individual' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'Bad Request',
      message: expect.any(String),
      code: 'ANSWER_INVALID',
      details: {
        rule: 'ANSWER_REQUIRED',
        personId: child,
        violations: [{ rule: 'ANSWER_REQUIRED', personId: child, message: expect.any(String) }],
      },
    });

    const third = await call('POST', '/api/forms/next', {
      processId: overview.processId,
      step: 2,
      people: [
        { id: adult, answer: 'individual' },
        { id: child, answer: 'junior' },
      ],
    });
    expect(third.body).toMatchObject({ step: 3, questionType: 'ITC' });

    const backed = await call('POST', `/api/forms/processes/${overview.processId}/back`);
    expect(backed.body).toMatchObject({ step: 2, people: [{ answer: 'individual' }, { answer: 'junior' }] });
    const resumed = await call('POST', `/api/forms/processes/${overview.processId}/resume`);
    expect(resumed.body).toMatchObject({ step: 2, processState: 'RUNNING' });
    const reset = await call('POST', `/api/forms/processes/${overview.processId}/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ step: 1, processState: 'RUNNING' });
    expect(Object.keys(reset.body).sort()).toEqual(FORM_DTO_KEYS);
  });

  it('completes with processState PENDING_PAYMENT and the paymentUrl', async () => {
    const overview = (await call('GET', formPath())).body;
    const [adult] = sc.account.personIds;
    await call('POST', '/api/forms/next', { processId: overview.processId, step: 1, people: [{ id: adult }] });
    await call('POST', '/api/forms/next', { processId: overview.processId, step: 2, people: [{ id: adult, answer: 'individual' }] });
    const done = await call('POST', '/api/forms/next', { processId: overview.processId, step: 3, people: [{ id: adult, answer: '1' }] });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      processState: 'PENDING_PAYMENT',
      paymentUrl: expect.stringMatching(/\/pay\?token=[\w-]{43}$/),
      question: null,
    });
    expect(done.body.people.map((p: { id: number }) => p.id)).toEqual([adult]);
  });

  it('an unknown process is 404 PROCESS_NOT_FOUND', async () => {
    for (const path of ['/api/forms/processes/00000000-0000-4000-8000-000000000000/resume', '/api/forms/processes/nope/reset']) {
      const res = await call('POST', path);
      expect(res).toMatchObject({ status: 404, body: { code: 'PROCESS_NOT_FOUND' } });
    }
  });
});

describe('request limits', () => {
  const valid = { processId: '00000000-0000-4000-8000-000000000000', step: 1, people: [] };

  it.each([
    ['step as a string', { ...valid, step: '1' }],
    ['step not an integer', { ...valid, step: 1.5 }],
    ['people not an array', { ...valid, people: {} }],
    ['person id not an integer', { ...valid, people: [{ id: 'x' }] }],
    ['answer not a string', { ...valid, people: [{ id: 1, answer: 5 }] }],
    ['processId missing', { step: 1, people: [] }],
    ['an oversized answer', { ...valid, people: [{ id: 1, answer: 'x'.repeat(2001) }] }],
    ['too many persons', { ...valid, people: Array.from({ length: 51 }, (_, i) => ({ id: i + 1 })) }],
  ])('%s: 400 INVALID_INPUT', async (_what, body) => {
    const res = await call('POST', '/api/forms/next', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', code: 'INVALID_INPUT', details: { fields: expect.any(Array) } });
  });

  it('malformed JSON: 400 MALFORMED_JSON', async () => {
    const res = await call('POST', '/api/forms/next', '{"processId":');
    expect(res).toMatchObject({ status: 400, body: { code: 'MALFORMED_JSON' } });
  });

  it('a body over 64 kB: 413', async () => {
    const res = await call('POST', '/api/forms/next', { ...valid, people: [{ id: 1, answer: 'x'.repeat(70_000) }] });
    expect(res).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});
