import type { Knex } from '@ems/db';
import type { QuestionType } from '@ems/schema/rules';
import { migratedScratchDatabase } from '../../../../tests/support/scratchDatabase';
import { insertDefinitionVersion } from '../data/definitions';
import type { AppliesTo, AnswerKey } from '../data/rows';
import type { MembershipPort } from '../domain/membershipPort';
import type { FormUser } from '../domain/types';
import type { Clock, FormsDeps } from '../domain/commands';

/**
 * Test set-up for the forms workflow: a migrated scratch database, identity rows inserted into
 * membership's tables (tests may; production code may not), process definitions, and a fixed clock.
 */

export interface Tenant {
  registrationSystemId: number;
  organisationId: number;
}

export interface SeededAccount {
  user: FormUser;
  personIds: number[];
}

export interface PersonSpec {
  firstName: string;
  lastName?: string;
  dateOfBirth: string | null;
  relationship?: string;
}

export interface StepSpec {
  question?: string;
  questionType: QuestionType;
  required?: boolean;
  options?: Array<{ value: string; label: string }> | null;
  answerKey?: AnswerKey | null;
  appliesTo?: AppliesTo | null;
}

export const TODAY = '2026-03-15';

/** A clock the test moves by hand; today is the UTC date of `now`. */
export function fixedClock(now = new Date(`${TODAY}T12:00:00Z`)): Clock & { set(now: Date): void } {
  let current = now;
  return {
    now: () => current,
    today: () => current.toISOString().slice(0, 10),
    set: (next: Date) => {
      current = next;
    },
  };
}

export async function scratchDatabase(): Promise<{ knex: Knex; drop(): Promise<void> }> {
  const db = await migratedScratchDatabase();
  return { knex: db.knex, drop: db.drop };
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

export async function seedTenant(knex: Knex): Promise<Tenant> {
  const [system] = await knex('membership.registration_systems')
    .insert({ name: unique('tenant') })
    .returning('id');
  const [organisation] = await knex('membership.organisations')
    .insert({ registrationSystemId: system.id, name: 'Test Club', slug: unique('club') })
    .returning('id');
  return { registrationSystemId: system.id, organisationId: organisation.id };
}

/** An account (user key) with linked persons; the first person is the account holder. */
export async function seedAccount(knex: Knex, tenant: Tenant, persons: PersonSpec[], userKey = unique('user')): Promise<SeededAccount> {
  const personIds: number[] = [];
  for (const p of persons) {
    const [row] = await knex('membership.persons')
      .insert({
        registrationSystemId: tenant.registrationSystemId,
        firstName: p.firstName,
        lastName: p.lastName ?? 'Test',
        dateOfBirth: p.dateOfBirth,
      })
      .returning('id');
    personIds.push(row.id);
  }
  const [account] = await knex('membership.accounts')
    .insert({ registrationSystemId: tenant.registrationSystemId, externalUserId: userKey, personId: personIds[0] ?? null })
    .returning('id');
  await knex('membership.org_users').insert({
    accountId: account.id,
    organisationId: tenant.organisationId,
    roles: ['ROLE_USER'],
    isPrimary: true,
  });
  if (personIds.length > 0) {
    await knex('membership.linked_persons').insert(
      personIds.map((personId, i) => ({
        accountId: account.id,
        personId,
        relationship: persons[i]?.relationship ?? (i === 0 ? 'self' : 'child'),
      })),
    );
  }
  return { user: { accountId: account.id, registrationSystemId: tenant.registrationSystemId, userKey }, personIds };
}

export async function seedDefinition(knex: Knex, organisationId: number, steps: StepSpec[], version = 1): Promise<number> {
  const id = await insertDefinitionVersion(
    knex,
    { organisationId, key: 'membership', name: 'Membership registration', version },
    steps.map((s, i) => ({
      position: i + 1,
      question: s.question ?? `Question ${i + 1} (${s.questionType})`,
      questionType: s.questionType,
      required: s.required ?? true,
      options: s.options ?? null,
      answerKey: s.answerKey ?? null,
      appliesTo: s.appliesTo ?? null,
    })),
  );
  if (id === null) throw new Error(`definition version ${version} already exists`);
  return id;
}

export const MEMBERSHIP_TYPES = [
  { code: 'individual', name: 'Individual' },
  { code: 'family', name: 'Family' },
  { code: 'junior', name: 'Junior' },
];

export function deps(knex: Knex, membership: MembershipPort, clock: Clock = fixedClock(), suspendAfterMs = 30 * 60_000): FormsDeps {
  return { db: knex, membership, clock, suspendAfterMs };
}
