import { Model, type RelationMappings } from 'objection';

/**
 * Objection models of the membership schema that sign-in needs. Relation mappings are thunks so
 * that the order of class definitions does not matter. Data functions in each subgraph's `data/`
 * are the only users of these classes.
 */
export class RegistrationSystem extends Model {
  static override tableName = 'membership.registrationSystems';
  id!: number;
  name!: string;
  hashScheme!: 'md5' | 'hmac-sha256';
  hashMaxAgeSeconds!: number;

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
  createdAt!: Date;
  expiresAt!: Date | null;
  lastUsedAt!: Date | null;
  revokedAt!: Date | null;
}

/* ------------------------------------------------------------------------------------------------
 * Membership registration models (schema `membership`, written only by the membership subgraph;
 * docs/design/registration.md, docs/payments.md). jsonb columns are listed in jsonAttributes so
 * that objection writes them as JSON text; everything else is a plain column.
 * --------------------------------------------------------------------------------------------- */

export class MembershipType extends Model {
  static override tableName = 'membership.membershipTypes';
  id!: number;
  organisationId!: number;
  code!: string;
  name!: string;
  description!: string | null;
  active!: boolean;
  createdAt!: Date;
}

export class MembershipPeriod extends Model {
  static override tableName = 'membership.membershipPeriods';
  id!: number;
  organisationId!: number;
  name!: string;
  startsOn!: string;
  endsOn!: string;
  registrationOpensOn!: string;
  registrationClosesOn!: string;
  status!: 'open' | 'closed';
  /** The pricing engine's PeriodPricingRules (typed in the membership subgraph). */
  pricingRules!: unknown;
  previousPeriodId!: number | null;
  createdAt!: Date;

  static override jsonAttributes = ['pricingRules'];
}

export type MembershipStatus = 'pending_payment' | 'active' | 'cancelled';
export type MemberType = 'new' | 'renewal' | 'transfer';

export class Membership extends Model {
  static override tableName = 'membership.memberships';
  id!: number;
  personId!: number;
  periodId!: number;
  membershipTypeId!: number;
  orderId!: number | null;
  status!: MembershipStatus;
  memberType!: MemberType;
  membershipNumber!: string | null;
  details!: Record<string, unknown>;
  activatedAt!: Date | null;
  cancelledAt!: Date | null;
  createdAt!: Date;

  static override jsonAttributes = ['details'];
}

export type OrderStatus = 'unpaid' | 'paid' | 'cancelled';

export class Order extends Model {
  static override tableName = 'membership.orders';
  id!: number;
  reference!: string;
  accountId!: number;
  organisationId!: number;
  periodId!: number;
  status!: OrderStatus;
  currency!: string;
  totalMinor!: number;
  paidMinor!: number;
  pricedOn!: string;
  pricedWindow!: 'early' | 'standard' | 'late';
  /** The pricing engine's Quote (typed in the membership subgraph). */
  quote!: unknown;
  createdAt!: Date;
  updatedAt!: Date;
  paidAt!: Date | null;
  cancelledAt!: Date | null;
  lines?: OrderLine[];

  static override jsonAttributes = ['quote'];

  static override relationMappings = (): RelationMappings => ({
    lines: {
      relation: Model.HasManyRelation,
      modelClass: OrderLine,
      join: { from: 'membership.orders.id', to: 'membership.orderLines.orderId' },
    },
  });
}

export class OrderLine extends Model {
  static override tableName = 'membership.orderLines';
  id!: number;
  orderId!: number;
  personId!: number | null;
  kind!: string;
  description!: string;
  amountMinor!: number;
  rule!: string;
  position!: number;
}

export type PaymentStatus = 'created' | 'pending' | 'succeeded' | 'failed' | 'cancelled';

export class Payment extends Model {
  static override tableName = 'membership.payments';
  id!: number;
  orderId!: number;
  provider!: string;
  providerPaymentId!: string | null;
  status!: PaymentStatus;
  amountMinor!: number;
  currency!: string;
  createdAt!: Date;
  updatedAt!: Date;
  confirmedAt!: Date | null;
  recordedByAccountId!: number | null;
}

export class PaymentEvent extends Model {
  static override tableName = 'membership.paymentEvents';
  static override idColumn = ['provider', 'eventId'];
  provider!: string;
  eventId!: string;
  providerPaymentId!: string | null;
  receivedAt!: Date;
}

export class MembershipNumberSequence extends Model {
  static override tableName = 'membership.membershipNumberSequences';
  static override idColumn = 'organisationId';
  organisationId!: number;
  /** bigint: pg returns it as a string. */
  nextValue!: string;
}

export type EmailStatus = 'queued' | 'sent' | 'failed';

export class Email extends Model {
  static override tableName = 'membership.emails';
  id!: number;
  toAddress!: string;
  subject!: string;
  textBody!: string;
  htmlBody!: string | null;
  kind!: string;
  orderId!: number | null;
  status!: EmailStatus;
  attempts!: number;
  lastError!: string | null;
  createdAt!: Date;
  sentAt!: Date | null;
}

export type BuiltinCheckoutStatus = 'open' | 'paid' | 'failed' | 'cancelled';

export class BuiltinCheckout extends Model {
  static override tableName = 'membership.builtinCheckouts';
  id!: string;
  orderReference!: string;
  amountMinor!: number;
  currency!: string;
  status!: BuiltinCheckoutStatus;
  returnUrl!: string;
  eventId!: string | null;
  createdAt!: Date;
  decidedAt!: Date | null;
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
 * Forms models (schema `forms`, written only by the forms subgraph; docs/design/registration.md).
 * --------------------------------------------------------------------------------------------- */

export type FormsQuestionType = 'TXT' | 'NUM' | 'DRP' | 'BCB' | 'ITC' | 'ONE' | 'RDO' | 'SEL';
export type FormsAnswerKey = 'membershipType' | 'insurance' | 'magazine' | 'transferFromClub';
export type FormsProcessState = 'NONE' | 'RUNNING' | 'SUSPENDED' | 'DONE' | 'PENDING_PAYMENT' | 'COMPLETED' | 'CANCELLED' | 'RESUME';

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
  questionType!: FormsQuestionType;
  required!: boolean;
  options!: Array<{ value: string; label: string }> | null;
  answerKey!: FormsAnswerKey | null;
  appliesTo!: { minAge?: number; maxAge?: number } | null;

  // jsonb arrays must be written as JSON text: pg would send a JS array as a PostgreSQL array.
  static override jsonAttributes = ['options', 'appliesTo'];
}

export class ProcessInstance extends Model {
  static override tableName = 'forms.processInstances';
  id!: string;
  definitionId!: number;
  accountId!: number;
  registrationSystemId!: number;
  periodId!: number;
  state!: FormsProcessState;
  step!: number;
  selectedPersonIds!: number[];
  orderId!: number | null;
  paymentUrl!: string | null;
  createdAt!: Date;
  updatedAt!: Date;

  // An integer[] column, not JSON: keep objection from stringifying it.
  static override jsonAttributes = [];
}

export class ProcessStepAnswer extends Model {
  static override tableName = 'forms.processStepAnswers';
  static override idColumn = ['instanceId', 'step', 'personId'];
  instanceId!: string;
  step!: number;
  personId!: number;
  answer!: string | null;
  updatedAt!: Date;
}
