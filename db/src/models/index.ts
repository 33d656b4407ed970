import type { PartnerScope } from '@ems/schema';
import type { QuestionType } from '@ems/schema/rules';
import { Model, type RelationMappings } from 'objection';

/**
 * Objection models where a data function uses them (sign-in, API keys, the directory, the forms
 * definitions); other tables are read and written with knex in their owner's `data/`. Relation
 * mappings are thunks so that the order of class definitions does not matter. Data functions in
 * each subgraph's `data/` are the only users of these classes.
 */
export class RegistrationSystem extends Model {
  static override tableName = 'membership.registrationSystems';
  id!: number;
  name!: string;
  hashScheme!: 'md5' | 'hmac-sha256';
  hashMaxAgeSeconds!: number;
  secrets?: CustomerSecret[];

  static override relationMappings = (): RelationMappings => ({
    secrets: {
      relation: Model.HasManyRelation,
      modelClass: CustomerSecret,
      join: { from: 'membership.registrationSystems.id', to: 'membership.customerSecrets.registrationSystemId' },
    },
  });
}

export class CustomerSecret extends Model {
  static override tableName = 'membership.customerSecrets';
  id!: number;
  registrationSystemId!: number;
  label!: string;
  secret!: string;
  createdAt!: Date;
  expiresAt!: Date | null;
  revokedAt!: Date | null;

  static override modifiers = {
    active(query: ReturnType<typeof CustomerSecret.query>) {
      query.whereNull('revokedAt').where((q) => q.whereNull('expiresAt').orWhere('expiresAt', '>', new Date()));
    },
  };
}

export class Organisation extends Model {
  static override tableName = 'membership.organisations';
  id!: number;
  registrationSystemId!: number;
  name!: string;
  slug!: string;
  /** How membership numbers are formatted (tokens in docs/payments.md). */
  membershipNumberPattern!: string;
  /** The club's contact for members, shown on the member portal's pages (null: not given). */
  contactEmail!: string | null;
  contactPhone!: string | null;
  websiteUrl!: string | null;
}

export class Person extends Model {
  static override tableName = 'membership.persons';
  id!: number;
  registrationSystemId!: number;
  firstName!: string;
  lastName!: string;
  dateOfBirth!: string | null;
  email!: string | null;
}

export class OrgUser extends Model {
  static override tableName = 'membership.orgUsers';
  id!: number;
  accountId!: number;
  organisationId!: number;
  roles!: string[];
  isPrimary!: boolean;
}

export class LinkedPerson extends Model {
  static override tableName = 'membership.linkedPersons';
  id!: number;
  accountId!: number;
  personId!: number;
  relationship!: string;
  person?: Person;

  static override relationMappings = (): RelationMappings => ({
    person: {
      relation: Model.BelongsToOneRelation,
      modelClass: Person,
      join: { from: 'membership.linkedPersons.personId', to: 'membership.persons.id' },
    },
  });
}

export class Account extends Model {
  static override tableName = 'membership.accounts';
  id!: number;
  registrationSystemId!: number;
  /** The contract's userKey. */
  externalUserId!: string;
  personId!: number | null;
  email!: string | null;
  disabledAt!: Date | null;
  orgUsers?: OrgUser[];
  linkedPersons?: LinkedPerson[];

  static override relationMappings = (): RelationMappings => ({
    orgUsers: {
      relation: Model.HasManyRelation,
      modelClass: OrgUser,
      join: { from: 'membership.accounts.id', to: 'membership.orgUsers.accountId' },
    },
    linkedPersons: {
      relation: Model.HasManyRelation,
      modelClass: LinkedPerson,
      join: { from: 'membership.accounts.id', to: 'membership.linkedPersons.accountId' },
    },
  });
}

export class ApiKey extends Model {
  static override tableName = 'membership.apiKeys';
  id!: number;
  prefix!: string;
  keyHash!: string;
  portal!: 'registration' | 'admin' | 'partner';
  label!: string | null;
  registrationSystemId!: number | null;
  organisationIds!: number[] | null;
  scopes!: PartnerScope[];
  createdAt!: Date;
  expiresAt!: Date | null;
  lastUsedAt!: Date | null;
  revokedAt!: Date | null;
  /** The key that replaced this one in its rotation; a key is rotated once. */
  successorId!: number | null;
}

export class HandoffAttempt extends Model {
  static override tableName = 'membership.handoffAttempts';
  id!: string;
  registrationSystemId!: number | null;
  userKey!: string | null;
  scheme!: string | null;
  result!: 'accepted' | 'refused';
  reason!: string | null;
  clientAddress!: string | null;
  createdAt!: Date;
}

/* ------------------------------------------------------------------------------------------------
 * Forms models (schema `forms`, written only by the forms subgraph; docs/design/registration.md):
 * the definition with its steps is the one graph forms reads through objection's relations.
 * --------------------------------------------------------------------------------------------- */

/** What a step's answer feeds when the order is created (design: answer_key). */
export type FormsAnswerKey = 'membershipType' | 'insurance' | 'magazine' | 'transferFromClub';

export class ProcessDefinition extends Model {
  static override tableName = 'forms.processDefinitions';
  id!: number;
  key!: string;
  name!: string;
  version!: number;
  organisationId!: number;
  createdAt!: Date;
  steps?: ProcessStep[];

  static override relationMappings = (): RelationMappings => ({
    steps: {
      relation: Model.HasManyRelation,
      modelClass: ProcessStep,
      join: { from: 'forms.processDefinitions.id', to: 'forms.processSteps.definitionId' },
    },
  });
}

export class ProcessStep extends Model {
  static override tableName = 'forms.processSteps';
  id!: number;
  definitionId!: number;
  position!: number;
  question!: string;
  questionType!: QuestionType;
  required!: boolean;
  options!: Array<{ value: string; label: string }> | null;
  answerKey!: FormsAnswerKey | null;
  appliesTo!: { minAge?: number; maxAge?: number } | null;
  /** Bounds of a NUM question (null: none of its own; see numberRangeOf in @ems/schema/rules). */
  numberMin!: number | null;
  numberMax!: number | null;

  // jsonb arrays must be written as JSON text: pg would send a JS array as a PostgreSQL array.
  static override jsonAttributes = ['options', 'appliesTo'];
}
