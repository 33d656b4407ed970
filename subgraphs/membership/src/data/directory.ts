import type { Knex } from '@ems/db';
import { models } from '@ems/db';

export type PersonRow = models.Person;
export type OrganisationRow = models.Organisation;

export async function personsByIds(db: Knex, ids: readonly number[]): Promise<PersonRow[]> {
  return models.Person.query(db).whereIn('id', ids as number[]);
}

export async function organisationsByIds(db: Knex, ids: readonly number[]): Promise<OrganisationRow[]> {
  return models.Organisation.query(db).whereIn('id', ids as number[]);
}

export async function registrationSystemById(db: Knex, id: number): Promise<models.RegistrationSystem | undefined> {
  return models.RegistrationSystem.query(db).findById(id);
}

export async function orgUsersOfAccount(db: Knex, accountId: number): Promise<models.OrgUser[]> {
  return models.OrgUser.query(db).where({ accountId }).orderBy('id');
}

export async function linkedPersonsOfAccount(db: Knex, accountId: number): Promise<models.LinkedPerson[]> {
  return models.LinkedPerson.query(db).where({ accountId }).orderBy('id');
}

/** Those of `ids` that are organisations of the registration system, in id order. */
export async function organisationsOfRegistrationSystem(
  db: Knex,
  registrationSystemId: number,
  ids: readonly number[],
): Promise<OrganisationRow[]> {
  return models.Organisation.query(db)
    .where({ registrationSystemId })
    .whereIn('id', ids as number[])
    .orderBy('id');
}

/** Every organisation of the registration system, by name. */
export async function organisationsOfTenant(db: Knex, registrationSystemId: number): Promise<OrganisationRow[]> {
  return models.Organisation.query(db).where({ registrationSystemId }).orderBy(['name', 'id']);
}
