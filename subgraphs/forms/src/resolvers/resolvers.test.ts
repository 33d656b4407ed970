import type { Request } from 'express';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { graphql, type GraphQLSchema } from 'graphql';
import type { Knex } from '@ems/db';
import type { AccessTokenClaims } from '@ems/schema';
import { createContextFactory } from '../context';
import { typeDefs } from '../server';
import { scratchDatabase } from '../testing/fixture';
import { membershipFixture } from '../testing/membership';
import { ADULT, scenario, type Scenario } from '../testing/scenario';
import { resolvers } from '.';

/** The forms subgraph's GraphQL surface: same domain functions, expected failures as FormError. */

let db: { knex: Knex; drop(): Promise<void> };
let sc: Scenario;
let schema: GraphQLSchema;

beforeAll(async () => {
  db = await scratchDatabase();
  const membership = await membershipFixture(db.knex);
  sc = await scenario(db.knex, membership, { steps: [{ questionType: 'DRP', answerKey: 'membershipType' }], persons: [ADULT] });
  schema = buildSubgraphSchema({ typeDefs, resolvers: resolvers as GraphQLResolverMap<unknown> });
});
afterAll(() => db.drop());

const FORM = `
  fragment F on Form {
    processId step stepCount processState question questionType required paymentUrl canGoBack
    options { value label }
    people { id firstName lastName dateOfBirth status canSelect selected answer hide }
    order { id }
  }`;
const RESULT = `
  __typename
  ... on Form { ...F }
  ... on FormError { code message rule personId current { ...F } }`;

async function run(source: string, variables: Record<string, unknown> = {}, signedIn = true, at: Scenario = sc) {
  const { user } = at.account;
  const claims = { userKey: user.userKey, accountId: user.accountId, registrationSystemId: user.registrationSystemId } as AccessTokenClaims;
  const req = { auth: { user: signedIn ? claims : undefined, authorities: [] } } as unknown as Request;
  const contextValue = await createContextFactory(at.deps)(req);
  return graphql({ schema, source: `${source}\n${FORM}`, variableValues: variables, contextValue });
}

type Data = Record<string, Record<string, unknown> & { __typename: string }>;

it('membershipForm returns the Form with stepCount and canGoBack', async () => {
  const res = await run(`query($p: Int!) { membershipForm(periodId: $p) { ${RESULT} } }`, { p: sc.periodId });
  expect(res.errors).toBeUndefined();
  expect((res.data as Data).membershipForm).toMatchObject({
    __typename: 'Form',
    step: 1,
    stepCount: 2,
    processState: 'RUNNING',
    canGoBack: false,
    order: null,
  });
});

it('submitFormStep walks to completion; the Form references the Order by id', async () => {
  const form = ((await run(`query($p: Int!) { membershipForm(periodId: $p) { ${RESULT} } }`, { p: sc.periodId })).data as Data)
    .membershipForm!;
  const id = sc.account.personIds[0]!;
  const submit = `mutation($i: SubmitFormStepInput!) { submitFormStep(input: $i) { ${RESULT} } }`;
  const second = (await run(submit, { i: { processId: form.processId, step: 1, people: [{ id }] } })).data as Data;
  expect(second.submitFormStep).toMatchObject({ __typename: 'Form', step: 2, questionType: 'DRP', canGoBack: true });

  const refused = (await run(submit, { i: { processId: form.processId, step: 2, people: [{ id, answer: null }] } })).data as Data;
  expect(refused.submitFormStep).toMatchObject({
    __typename: 'FormError',
    code: 'ANSWER_INVALID',
    rule: 'ANSWER_REQUIRED',
    personId: id,
    current: null,
  });

  const stale = (await run(submit, { i: { processId: form.processId, step: 1, people: [{ id }] } })).data as Data;
  expect(stale.submitFormStep).toMatchObject({
    __typename: 'FormError',
    code: 'STEP_CONFLICT',
    current: { step: 2, processState: 'RUNNING' },
  });

  const done = (await run(submit, { i: { processId: form.processId, step: 2, people: [{ id, answer: 'individual' }] } })).data as Data;
  expect(done.submitFormStep).toMatchObject({ __typename: 'Form', processState: 'PENDING_PAYMENT', paymentUrl: expect.any(String) });
  expect(done.submitFormStep!.order).toEqual({ id: expect.stringMatching(/^\d+$/) });

  for (const field of ['resetProcess', 'resumeProcess']) {
    const res = (await run(`mutation($id: ID!) { ${field}(processId: $id) { ${RESULT} } }`, { id: form.processId })).data as Data;
    expect(res[field]).toMatchObject({ __typename: 'FormError', code: 'ILLEGAL_PROCESS_TRANSITION' });
  }
  // Back while payment is due: the last question again, to change answers (issue 23).
  const backed = (await run(`mutation($id: ID!) { backFormStep(processId: $id) { ${RESULT} } }`, { id: form.processId })).data as Data;
  expect(backed.backFormStep).toMatchObject({ __typename: 'Form', processState: 'RUNNING', paymentUrl: null });
});

it('backFormStep takes the step on screen: a double click goes back once, the second gets STEP_CONFLICT', async () => {
  const twoQuestions = await scenario(db.knex, await membershipFixture(db.knex), {
    steps: [{ questionType: 'DRP', answerKey: 'membershipType' }, { questionType: 'TXT' }],
    persons: [ADULT],
  });
  const as = (source: string, variables: Record<string, unknown>) => run(source, variables, true, twoQuestions);
  const opened = ((await as(`query($p: Int!) { membershipForm(periodId: $p) { ${RESULT} } }`, { p: twoQuestions.periodId })).data as Data)
    .membershipForm!;
  const processId = opened.processId;
  const id = twoQuestions.account.personIds[0]!;
  const submit = `mutation($i: SubmitFormStepInput!) { submitFormStep(input: $i) { ${RESULT} } }`;
  await as(submit, { i: { processId, step: 1, people: [{ id }] } });
  const atThree = ((await as(submit, { i: { processId, step: 2, people: [{ id, answer: 'individual' }] } })).data as Data).submitFormStep!;
  expect(atThree).toMatchObject({ __typename: 'Form', step: 3 });

  const back = `mutation($id: ID!, $step: Int) { backFormStep(processId: $id, step: $step) { ${RESULT} } }`;
  const clicks = await Promise.all([as(back, { id: processId, step: 3 }), as(back, { id: processId, step: 3 })]);
  expect(clicks.map((c) => c.errors)).toEqual([undefined, undefined]);
  const answers = clicks.map((c) => (c.data as Data).backFormStep!);
  expect(answers.map((a) => a.__typename).sort()).toEqual(['Form', 'FormError']);
  expect(answers.find((a) => a.__typename === 'Form')).toMatchObject({ step: 2, people: [{ answer: 'individual' }] });
  expect(answers.find((a) => a.__typename === 'FormError')).toMatchObject({
    code: 'STEP_CONFLICT',
    current: { step: 2, processState: 'RUNNING' },
  });
  // Without a step (as REST's back without a body), back goes from wherever the process is.
  expect(((await as(back, { id: processId })).data as Data).backFormStep).toMatchObject({ __typename: 'Form', step: 1 });
});

it('an anonymous caller gets an authentication error, not a form', async () => {
  const res = await run(`query($p: Int!) { membershipForm(periodId: $p) { ${RESULT} } }`, { p: sc.periodId }, false);
  expect(res.errors?.[0]?.message).toBe('Authentication required');
});
