import type { Knex } from '@ems/db';
import * as formsMigration from '../../../../db/migrations/20261121120100_forms_workflow';
import { FORMS_DEMO_STEPS, seedFormsDemo } from '../demo/seed';
import { scratchDatabase, seedAccount, seedDefinition, seedTenant } from '../testing/fixture';
import { definitionWithSteps, latestDefinitionId } from './definitions';

/** Schema `forms`: the partial unique index, a real `down`, and the demo definition seed. */

let db: { knex: Knex; drop(): Promise<void> };
beforeAll(async () => {
  db = await scratchDatabase();
});
afterAll(() => db.drop());

async function instance(knex: Knex, definitionId: number, accountId: number, state: string) {
  return knex('forms.process_instances').insert({ definitionId, accountId, registrationSystemId: 1, periodId: 7, state });
}

it('allows one open process per account and period, any number of finished ones', async () => {
  const tenant = await seedTenant(db.knex);
  const { user } = await seedAccount(db.knex, tenant, []);
  const definitionId = await seedDefinition(db.knex, tenant.organisationId, []);
  await instance(db.knex, definitionId, user.accountId, 'COMPLETED');
  await instance(db.knex, definitionId, user.accountId, 'CANCELLED');
  await instance(db.knex, definitionId, user.accountId, 'RUNNING');
  await expect(instance(db.knex, definitionId, user.accountId, 'RESUME')).rejects.toThrow(/process_instances_one_open/);
  await expect(instance(db.knex, definitionId, user.accountId, 'BOGUS')).rejects.toThrow(/process_instances_state/);
});

it('the demo seed creates the membership form with all eight question types, once', async () => {
  await db.knex('membership.registration_systems').insert({ id: 1, name: 'Demo' }).onConflict('id').ignore();
  await db.knex('membership.organisations').insert({ registrationSystemId: 1, name: 'Riverside Athletics Club', slug: 'riverside-ac' });
  const organisation = await db.knex('membership.organisations').where({ slug: 'riverside-ac' }).first('id');
  await seedFormsDemo(db.knex, organisation.id);
  await seedFormsDemo(db.knex, organisation.id);
  const id = await latestDefinitionId(db.knex, organisation.id, 'membership');
  const definition = await definitionWithSteps(db.knex, id!);
  expect(await db.knex('forms.process_definitions').where({ organisationId: organisation.id }).count({ n: '*' })).toEqual([{ n: '1' }]);
  expect(definition!.steps.map((s) => s.questionType).sort()).toEqual(['BCB', 'DRP', 'ITC', 'NUM', 'ONE', 'RDO', 'SEL', 'TXT', 'TXT']);
  expect(definition!.steps.map((s) => s.answerKey).filter(Boolean)).toEqual([
    'membershipType',
    'insurance',
    'magazine',
    'transferFromClub',
  ]);
  expect(definition!.steps).toHaveLength(FORMS_DEMO_STEPS.length);
  expect(definition!.steps[0]!.options!.map((o) => o.value)).toEqual(['individual', 'family', 'junior', 'student', 'senior']);
  expect(definition!.steps.find((s) => s.appliesTo)).toMatchObject({ questionType: 'TXT', required: true, appliesTo: { minAge: 18 } });
  expect(definition!.steps.find((s) => s.questionType === 'ONE')).toMatchObject({ required: true, answerKey: 'magazine' });
  expect(definition!.steps.find((s) => s.questionType === 'NUM')).toMatchObject({ required: false });
});

it('down removes schema forms and up builds it again', async () => {
  await formsMigration.down(db.knex);
  expect((await db.knex.raw(`SELECT 1 FROM pg_namespace WHERE nspname = 'forms'`)).rows).toEqual([]);
  await formsMigration.up(db.knex);
  expect((await db.knex.raw(`SELECT to_regclass('forms.process_step_answers') AS t`)).rows[0].t).toBe('forms.process_step_answers');
});
