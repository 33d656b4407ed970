import type { Knex } from '@ems/db';
import { scratchDatabase } from '../../testing/fixture';
import { membershipFixture } from '../../testing/membership';
import { FAMILY_FORM_STEPS, familyAnswersAt, form, scenario, submit, type Scenario } from '../../testing/scenario';
import type { FormOutcome, FormView } from '../types';
import { back, getForm } from '.';

/**
 * A registration request reads membership's period and the account's linked persons once, and
 * the type offers and the running total work from those rows (each step used to read both again
 * for them). Counted by the statements' shape: data/periods.ts `periodQuery` and
 * data/persons.ts `linkedPersonsQuery`.
 */

const PERIOD_READ = '"membership"."membership_periods" as "p" inner join "membership"."organisations" as "o"';
const PERSONS_READ = '"membership"."linked_persons" as "l" inner join "membership"."persons" as "p"';

interface Reads {
  period: number;
  persons: number;
  /** The persons locked for the order (FOR UPDATE): completion's own read, which serialises registrations. */
  lockedPersons: number;
}

let db: { knex: Knex; drop(): Promise<void> };

beforeAll(async () => {
  db = await scratchDatabase();
});
afterAll(() => db.drop());

/** The period and persons statements `request` runs (transactions report theirs to the knex they came from). */
async function readsOf(knex: Knex, request: () => Promise<FormOutcome>): Promise<{ form: FormView; reads: Reads }> {
  const reads: Reads = { period: 0, persons: 0, lockedPersons: 0 };
  const count = ({ sql }: { sql: string }) => {
    if (sql.includes(PERIOD_READ)) reads.period += 1;
    if (sql.includes(PERSONS_READ)) reads[/ for update\b/i.test(sql) ? 'lockedPersons' : 'persons'] += 1;
  };
  knex.on('query', count);
  try {
    return { form: form(await request()), reads };
  } finally {
    knex.removeListener('query', count);
  }
}

it('each request of a registration reads the period and the persons once; completion reads the persons again after the order', async () => {
  const sc: Scenario = await scenario(db.knex, await membershipFixture(db.knex), { steps: FAMILY_FORM_STEPS });
  const seen: Array<[string, Reads]> = [];
  const request = async (name: string, run: () => Promise<FormOutcome>): Promise<FormView> => {
    const { form: shown, reads } = await readsOf(sc.knex, run);
    seen.push([name, reads]);
    return shown;
  };

  const everybody = sc.account.personIds.map((id) => ({ id }));
  let f = await request('get form', () => getForm(sc.deps, sc.account.user, { periodId: sc.periodId }));
  // The selection shows step 2 with its type offers; answering step 2 checks them and shows step 3 with the running total.
  f = await request('select persons', () => submit(sc, f, everybody));
  f = await request('back to the overview', () => back(sc.deps, sc.account.user, { processId: f.processId }));
  f = await request('select persons again', () => submit(sc, f, everybody));
  while (f.processState === 'RUNNING') {
    const step = f.step;
    f = await request(`step ${step}`, () => submit(sc, f, familyAnswersAt(step, sc.account.personIds)));
  }
  expect(f.processState).toBe('PENDING_PAYMENT');

  const once: Reads = { period: 1, persons: 1, lockedPersons: 0 };
  expect(seen).toEqual([
    ['get form', once],
    ['select persons', once],
    ['back to the overview', once],
    ['select persons again', once],
    ['step 2', once],
    ['step 3', once],
    ['step 4', once],
    ['step 5', once],
    ['step 6', once],
    // The order changes the persons' statuses, so the completed form reads them again.
    ['step 7', { period: 1, persons: 2, lockedPersons: 1 }],
  ]);
});

/** What each statement of a request is, by its shape; anything else shows as its start, so a new statement names itself. */
function statementKind(sql: string): string {
  if (/^(BEGIN|COMMIT|ROLLBACK)/i.test(sql)) return 'transaction';
  if (sql.includes('"forms"."process_instances"') && / for update\b/i.test(sql)) return 'lock instance';
  if (sql.includes(PERIOD_READ)) return 'period';
  if (sql.includes(PERSONS_READ)) return 'persons';
  if (/^WITH given AS/.test(sql.trim())) return 'answer and move on';
  if (sql.includes('from "membership"."accounts"')) return 'account';
  return sql.slice(0, 80);
}

it('a question step with the running total writes its answers and reads nothing it already holds', async () => {
  const sc: Scenario = await scenario(db.knex, await membershipFixture(db.knex), { steps: FAMILY_FORM_STEPS });
  const everybody = sc.account.personIds.map((id) => ({ id }));
  let f = form(await submit(sc, form(await getForm(sc.deps, sc.account.user, { periodId: sc.periodId })), everybody));
  f = form(await submit(sc, f, familyAnswersAt(f.step, sc.account.personIds))); // the membership type: the total starts after it
  f = form(await submit(sc, f, familyAnswersAt(f.step, sc.account.personIds))); // the phone: now at the insurance
  expect(FAMILY_FORM_STEPS[f.step - 2]?.answerKey).toBe('insurance');

  const kinds: string[] = [];
  const record = ({ sql }: { sql: string }) => kinds.push(statementKind(sql));
  sc.knex.on('query', record);
  let next: FormView;
  try {
    next = form(await submit(sc, f, familyAnswersAt(f.step, sc.account.personIds))); // the adult takes the insurance
  } finally {
    sc.knex.removeListener('query', record);
  }
  expect(next.step).toBe(f.step + 1);
  // The running total counts the answer just given (the insurance costs), priced from the answers
  // the step's own statement returned and the persons' memberships read with the persons: the same
  // total as the form read afresh, with no read of the answers or memberships again.
  expect(next.estimate?.totalMinor).toBeGreaterThan(f.estimate?.totalMinor ?? Infinity);
  expect(next.estimate).toEqual(form(await getForm(sc.deps, sc.account.user, { periodId: sc.periodId })).estimate);
  expect(kinds.filter((k) => k !== 'transaction')).toEqual(['lock instance', 'period', 'persons', 'answer and move on', 'account']);
});

it('the first visit creates the process and takes it from its own insert, without reading it back', async () => {
  const sc: Scenario = await scenario(db.knex, await membershipFixture(db.knex), { steps: FAMILY_FORM_STEPS });
  const statements: string[] = [];
  const record = ({ sql }: { sql: string }) => statements.push(sql);
  sc.knex.on('query', record);
  let opened: FormView;
  try {
    opened = form(await getForm(sc.deps, sc.account.user, { periodId: sc.periodId }));
  } finally {
    sc.knex.removeListener('query', record);
  }
  expect(opened).toMatchObject({ processState: 'RUNNING', step: 1 });
  const instanceStatements = statements.filter((sql) => /forms\.process_instances|"forms"\."process_instances"/.test(sql));
  // The open process looked for (none), then created: two statements on the instances table.
  expect(instanceStatements).toHaveLength(2);
  expect(instanceStatements[1]).toMatch(/^INSERT INTO forms\.process_instances[\s\S]*RETURNING \*$/);
});
