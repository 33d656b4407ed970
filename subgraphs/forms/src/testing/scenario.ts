import type { Knex } from '@ems/db';
import type { SubmittedPerson } from '../domain/answers';
import type { MembershipPort } from '../domain/membershipPort';
import type { FormFailure, FormOutcome, FormView } from '../domain/types';
import { getForm, next, type FormsDeps } from '../domain/commands';
import {
  deps,
  fixedClock,
  seedAccount,
  seedDefinition,
  seedTenant,
  MEMBERSHIP_TYPES,
  type PersonSpec,
  type SeededAccount,
  type StepSpec,
  type Tenant,
} from './fixture';
import type { MembershipFixture, PeriodSpec } from './membershipFixture';

export interface Scenario {
  knex: Knex;
  membership: MembershipFixture;
  tenant: Tenant;
  account: SeededAccount;
  periodId: number;
  clock: ReturnType<typeof fixedClock>;
  deps: FormsDeps;
}

export const ADULT = { firstName: 'Anna', dateOfBirth: '1984-03-12' };
export const CHILD = { firstName: 'Liv', dateOfBirth: '2012-05-04' };
export const SENIOR = { firstName: 'Ben', dateOfBirth: '1950-11-02' };

/** A form of every kind of question an adult-and-child family meets (steps 2..7). */
export const FAMILY_FORM_STEPS: StepSpec[] = [
  { question: 'Membership type', questionType: 'DRP', answerKey: 'membershipType' }, // step 2
  { question: 'Emergency phone', questionType: 'TXT', appliesTo: { minAge: 18 } }, // step 3
  { question: 'Insurance', questionType: 'BCB', answerKey: 'insurance', required: false }, // step 4
  { question: 'Magazine', questionType: 'ONE', answerKey: 'magazine' }, // step 5
  { question: 'Previous club', questionType: 'TXT', answerKey: 'transferFromClub', required: false }, // step 6
  { question: 'Terms', questionType: 'ITC' }, // step 7, the last
];
export const FAMILY_FORM_LAST = 7;

/** The family's answers per step of FAMILY_FORM_STEPS: the adult's, then the child's where the question is theirs too. */
const FAMILY_ANSWERS: Record<number, [adult: string, child?: string]> = {
  2: ['individual', 'junior'],
  3: ['+47 555 0100'],
  4: ['1', ''],
  5: ['1', '0'],
  6: ['Lakeside SC'],
  7: ['1', '1'],
};

/** The answers the family of an adult and a child (ADULT, CHILD) gives at each step of FAMILY_FORM_STEPS. */
export function familyAnswersAt(step: number, [adult, child]: number[]): SubmittedPerson[] {
  const [adultAnswer, childAnswer] = FAMILY_ANSWERS[step] ?? (FAMILY_ANSWERS[FAMILY_FORM_LAST] as [string, string]);
  return [{ id: adult!, answer: adultAnswer }, ...(childAnswer === undefined ? [] : [{ id: child!, answer: childAnswer }])];
}

/** A tenant, an account with persons, an open period and a definition with `steps`. */
export async function scenario(
  knex: Knex,
  membership: MembershipFixture,
  opts: { steps: StepSpec[]; persons?: PersonSpec[]; period?: Partial<PeriodSpec>; port?: MembershipPort; definition?: boolean },
): Promise<Scenario> {
  const tenant = await seedTenant(knex);
  const account = await seedAccount(knex, tenant, opts.persons ?? [ADULT, CHILD]);
  const periodId = await membership.createPeriod({ ...tenant, membershipTypes: MEMBERSHIP_TYPES, ...opts.period });
  if (opts.definition !== false) await seedDefinition(knex, tenant.organisationId, opts.steps);
  const clock = fixedClock();
  return { knex, membership, tenant, account, periodId, clock, deps: deps(knex, opts.port ?? membership.port, clock) };
}

export function form(outcome: FormOutcome): FormView {
  if (!outcome.ok) throw new Error(`expected a form, got ${outcome.failure.code}: ${outcome.failure.message}`);
  return outcome.form;
}

export function refusal(outcome: FormOutcome): FormFailure {
  if (outcome.ok) throw new Error(`expected a refusal, got step ${outcome.form.step} in ${outcome.form.processState}`);
  return outcome.failure;
}

export async function open(sc: Scenario): Promise<FormView> {
  return form(await getForm(sc.deps, sc.account.user, { periodId: sc.periodId }));
}

export async function submit(sc: Scenario, f: FormView, people: SubmittedPerson[]): Promise<FormOutcome> {
  return next(sc.deps, sc.account.user, { processId: f.processId, step: f.step, people });
}

/** Opens the form and selects `personIds` (all linked persons by default): the first question is shown. */
export async function selectPersons(sc: Scenario, personIds = sc.account.personIds): Promise<FormView> {
  const overview = await open(sc);
  return form(
    await submit(
      sc,
      overview,
      personIds.map((id) => ({ id })),
    ),
  );
}

export async function countRows(knex: Knex, table: string, where: Record<string, unknown> = {}): Promise<number> {
  const [row] = await knex(table).where(where).count({ n: '*' });
  return Number(row?.n ?? 0);
}
