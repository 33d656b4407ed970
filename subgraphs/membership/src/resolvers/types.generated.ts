import type { GraphQLResolveInfo } from 'graphql';
import type { OrderRow, OrderLineRow } from '../data/orders';
import type { MembershipRow } from '../data/memberships';
import type { EmailRow } from '../data/emails';
import type { PersonRow, OrganisationRow } from '../data/directory';
import type { MembershipPeriodView } from '../domain/registration/period';
import type { PaymentReturnView } from '../domain/payments/paymentReturn';
import type { ViewerParent, RegistrationSystemParent, OrgUserParent, LinkedPersonParent } from './parents';
import type { OperatorEvent, CategoryRef } from '../domain/events/types';
import type { ParticipantRow } from '../data/participants';
import type { ParticipantPage, ParticipantEdgeView } from '../domain/events/participantPage';
import type { ResultSetRow, ResultRow } from '../data/results';
import type { ResultPage, ResultEdgeView } from '../domain/events/resultPage';
import type { PartnerReader } from '../domain/partner/reader';
import type { MembershipTypeRow } from '../data/periods';
import type { MemberRow, MemberMembershipRow, HouseholdLinkRow } from '../data/partnerMembers';
import type { PartnerOrderRow, PartnerOrderLineRow } from '../data/partnerOrders';
import type { PartnerEventRow, PartnerParticipantRow } from '../data/partnerEvents';
import type { AuditEntryRow } from '../data/auditLog';
import type { AuditLogPageView } from '../domain/audit/auditLogView';
import type { OperatorMemberPageView, OperatorPersonView } from '../domain/operator/members';
import type { OperatorMemberRow, HouseholdRow } from '../data/operatorMembers';
import type { OperatorOrderView } from '../domain/operator/orders';
import type { OrderPaymentRow, PaymentEventRow } from '../data/operatorOrders';
import type { MergeCandidateView } from '../domain/operator/mergeCandidates';
import type { PersonSideRow } from '../data/personMerge';
import type { HandoffAttemptRow } from '../data/handoffTrail';
import type { OperatorPeriodView } from '../domain/operator/periods';
import type { ApiKeySummary } from '../domain/apiKeys';
import type { Quote, OrderLine as PricingOrderLine } from '../domain/pricing';
import type { MembershipContext } from '../context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string | number; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  _FieldSet: { input: unknown; output: unknown; }
};

/** One operator action that changed data: who, what, when, and the subject's state before and after. */
export type AuditLogEntry = {
  __typename?: 'AuditLogEntry';
  action: Scalars['String']['output'];
  /** The operator's user key (kept even when the account is gone). */
  actorUserKey: Scalars['String']['output'];
  /** The subject's state after, as JSON; null for a deletion. */
  after?: Maybe<Scalars['String']['output']>;
  /** ISO 8601 instant. */
  at: Scalars['String']['output'];
  /** The subject's state before, as JSON; null for a creation. */
  before?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  organisation: Organisation;
  subjectId: Scalars['String']['output'];
  subjectType: Scalars['String']['output'];
};

/** Every field narrows the log; since and until are ISO 8601 dates or instants (inclusive). */
export type AuditLogFilter = {
  /** An action name, e.g. payment.recorded. */
  action?: InputMaybe<Scalars['String']['input']>;
  actorUserKey?: InputMaybe<Scalars['String']['input']>;
  organisationId?: InputMaybe<Scalars['ID']['input']>;
  since?: InputMaybe<Scalars['String']['input']>;
  subjectId?: InputMaybe<Scalars['String']['input']>;
  /** What the action changed, e.g. order, person, membershipPeriod. */
  subjectType?: InputMaybe<Scalars['String']['input']>;
  until?: InputMaybe<Scalars['String']['input']>;
};

export type AuditLogPage = {
  __typename?: 'AuditLogPage';
  entries: Array<AuditLogEntry>;
  /** Pass as `after` for the next (older) entries; null on the last page. */
  nextCursor?: Maybe<Scalars['ID']['output']>;
};

/** An e-mail of the outbox. */
export type Email = {
  __typename?: 'Email';
  attempts: Scalars['Int']['output'];
  /** ISO 8601 instants. */
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  kind: Scalars['String']['output'];
  order?: Maybe<Order>;
  sentAt?: Maybe<Scalars['String']['output']>;
  status: EmailStatus;
  subject: Scalars['String']['output'];
  textBody: Scalars['String']['output'];
  toAddress: Scalars['String']['output'];
};

export type EmailStatus =
  | 'FAILED'
  | 'QUEUED'
  | 'SENT';

export type EndSessionsError = {
  __typename?: 'EndSessionsError';
  code: EndSessionsErrorCode;
  message: Scalars['String']['output'];
};

export type EndSessionsErrorCode =
  | 'NOT_FOUND';

export type EndSessionsResult = EndSessionsError | SessionsEnded;

/**
 * An event of an organisation (a race, a tournament). Only operators (ROLE_ORG_ADMIN) of its
 * organisation see it and its participants; to anyone else it does not exist.
 */
export type Event = {
  __typename?: 'Event';
  categories: Array<EventCategory>;
  /** What the operator calls the three free columns custom1..custom3 (null: unused); always three entries. */
  customFieldLabels: Array<Maybe<Scalars['String']['output']>>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  organisationId: Scalars['ID']['output'];
  /** In the order they were added; first at most 100. */
  participants: ParticipantConnection;
  /** The event's result sets (e.g. one per results import), oldest first. */
  resultSets: Array<ResultSet>;
  /** ISO 8601 date, YYYY-MM-DD. */
  startsOn?: Maybe<Scalars['String']['output']>;
};


/**
 * An event of an organisation (a race, a tournament). Only operators (ROLE_ORG_ADMIN) of its
 * organisation see it and its participants; to anyone else it does not exist.
 */
export type EventParticipantsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type EventCategory = {
  __typename?: 'EventCategory';
  code: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type EventFilter = {
  organisationId?: InputMaybe<Scalars['ID']['input']>;
  /** YYYY-MM-DD: events starting on that day or later. */
  startsOnOrAfter?: InputMaybe<Scalars['String']['input']>;
  /** ISO 8601 instant: events changed at or after it (the event itself; participants have their own filter). */
  updatedSince?: InputMaybe<Scalars['String']['input']>;
};

export type HandoffAttempt = {
  __typename?: 'HandoffAttempt';
  /** ISO 8601 instant. */
  at: Scalars['String']['output'];
  /** The address the attempt came from. */
  clientAddress?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** Why it was refused (null when accepted). */
  reason?: Maybe<Scalars['String']['output']>;
  result: HandoffResult;
  /** The tenant's link scheme at the time. */
  scheme?: Maybe<Scalars['String']['output']>;
  /** The user key the link named (as sent). */
  userKey?: Maybe<Scalars['String']['output']>;
};

export type HandoffAttemptFilter = {
  /** A refusal reason: bad_signature, expired, replayed, unknown_user, unknown_tenant, malformed, no_secret. */
  reason?: InputMaybe<Scalars['String']['input']>;
  result?: InputMaybe<HandoffResult>;
  userKey?: InputMaybe<Scalars['String']['input']>;
};

export type HandoffAttemptPage = {
  __typename?: 'HandoffAttemptPage';
  attempts: Array<HandoffAttempt>;
  nextCursor?: Maybe<Scalars['ID']['output']>;
};

export type HandoffResult =
  | 'ACCEPTED'
  | 'REFUSED';

/** A person's place in a household: the persons one account registers. */
export type HouseholdLink = {
  __typename?: 'HouseholdLink';
  /** The household (the account that links its persons). */
  householdId: Scalars['ID']['output'];
  memberId: Scalars['ID']['output'];
  /** How the member stands to the account holder: self (the holder), partner, child, ... */
  relationship: Scalars['String']['output'];
};

export type HouseholdMember = {
  __typename?: 'HouseholdMember';
  dateOfBirth?: Maybe<Scalars['String']['output']>;
  firstName: Scalars['String']['output'];
  lastName: Scalars['String']['output'];
  personId: Scalars['ID']['output'];
  /** How the person is linked to the account: self, partner, child, parent... */
  relationship: Scalars['String']['output'];
  userKey: Scalars['String']['output'];
};

export type LinkedPerson = {
  __typename?: 'LinkedPerson';
  person: Person;
  relationship: Scalars['String']['output'];
};

export type ManualPaymentRecorded = {
  __typename?: 'ManualPaymentRecorded';
  /** This payment covered the order: it is paid and its memberships were activated. */
  activated: Scalars['Boolean']['output'];
  order: Order;
};

/** A person holding a membership in one of the key's organisations. */
export type Member = {
  __typename?: 'Member';
  /** The households (accounts) the member belongs to, with those of their persons who are members of the key's organisations too (the member included). */
  householdLinks: Array<HouseholdLink>;
  /** The person's id. */
  id: Scalars['ID']['output'];
  /** Their memberships in the key's organisations, the latest period first. */
  memberships: Array<MemberMembership>;
  /** members:pii. Null when the key lacks members:pii. */
  personalData?: Maybe<PersonalData>;
  /** ISO 8601 instant of the last change of the person's data, one of their memberships or their household. */
  updatedAt: Scalars['String']['output'];
};

/**
 * Relay pages in sync order. Keep the last page's endCursor: passed as `after` later, it returns
 * exactly what changed since (docs/partner-api.md, "Pagination and syncs").
 */
export type MemberConnection = {
  __typename?: 'MemberConnection';
  edges: Array<MemberEdge>;
  pageInfo: PageInfo;
};

export type MemberEdge = {
  __typename?: 'MemberEdge';
  cursor: Scalars['String']['output'];
  node: Member;
};

/** What a sync of members asks for; all conditions hold together (status, period and organisation of one membership). */
export type MemberFilter = {
  organisationId?: InputMaybe<Scalars['ID']['input']>;
  periodId?: InputMaybe<Scalars['ID']['input']>;
  /** Members with a membership in one of these states. */
  status?: InputMaybe<Array<MembershipStatus>>;
  /** ISO 8601 instant: members changed at or after it (the person, a membership or the household). For a first sync; later syncs pass the last endCursor as `after`. */
  updatedSince?: InputMaybe<Scalars['String']['input']>;
};

export type MemberMembership = {
  __typename?: 'MemberMembership';
  activatedAt?: Maybe<Scalars['String']['output']>;
  cancelledAt?: Maybe<Scalars['String']['output']>;
  /** ISO 8601 instants. */
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  memberId: Scalars['ID']['output'];
  /** new, renewal or transfer. */
  memberType: Scalars['String']['output'];
  /** Given when the membership is activated. */
  membershipNumber?: Maybe<Scalars['String']['output']>;
  membershipType: Scalars['String']['output'];
  membershipTypeCode: Scalars['String']['output'];
  /** The order that registered it; null for memberships recorded otherwise. */
  order?: Maybe<PartnerOrder>;
  organisationId: Scalars['ID']['output'];
  periodId: Scalars['ID']['output'];
  status: MembershipStatus;
};

export type MemberSearch = {
  membershipTypeCode?: InputMaybe<Scalars['String']['input']>;
  periodId?: InputMaybe<Scalars['ID']['input']>;
  status?: InputMaybe<MembershipStatus>;
  /** A name (or part of one, first and last in either order), a membership number or a user key. */
  text?: InputMaybe<Scalars['String']['input']>;
};

export type Membership = {
  __typename?: 'Membership';
  /**
   * Where the membership card (a PDF with a QR code the club checks) is downloaded while the
   * membership is active: a path on the portal's own origin, for the signed-in member.
   */
  cardUrl?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** new, renewal or transfer. */
  memberType: Scalars['String']['output'];
  /** Given when the membership is activated. */
  membershipNumber?: Maybe<Scalars['String']['output']>;
  /** The membership type's name. */
  membershipType: Scalars['String']['output'];
  membershipTypeCode: Scalars['String']['output'];
  person: Person;
  status: MembershipStatus;
};

export type MembershipPeriod = {
  __typename?: 'MembershipPeriod';
  /** Why registration is not possible today (PERIOD_CLOSED, REGISTRATION_NOT_OPEN, REGISTRATION_ENDED); null when it is. */
  closedReason?: Maybe<Scalars['String']['output']>;
  currency: Scalars['String']['output'];
  endsOn: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The membership types a person can choose in this period. */
  membershipTypes: Array<MembershipTypeOffer>;
  name: Scalars['String']['output'];
  /** Options offered in this period: insurance, magazine. */
  options: Array<Scalars['String']['output']>;
  organisation: Organisation;
  registrationClosesOn: Scalars['String']['output'];
  registrationOpensOn: Scalars['String']['output'];
  /** ISO 8601 dates, YYYY-MM-DD. */
  startsOn: Scalars['String']['output'];
  status: PeriodStatus;
};

export type MembershipStatus =
  | 'ACTIVE'
  | 'CANCELLED'
  | 'PENDING_PAYMENT';

/** A membership type of an organisation. */
export type MembershipType = {
  __typename?: 'MembershipType';
  /** Whether it can be chosen in new registrations. */
  active: Scalars['Boolean']['output'];
  code: Scalars['String']['output'];
  description?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  organisationId: Scalars['ID']['output'];
};

export type MembershipTypeOffer = {
  __typename?: 'MembershipTypeOffer';
  code: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

export type MergeCandidate = {
  __typename?: 'MergeCandidate';
  candidate: PersonToReview;
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The import job that proposed it; null for a registration. */
  importJobId?: Maybe<Scalars['String']['output']>;
  person: PersonToReview;
  /** Why the two were proposed (e.g. FUZZY_NAME). */
  reason: Scalars['String']['output'];
  score: Scalars['Float']['output'];
};

export type MergeDecided = {
  __typename?: 'MergeDecided';
  /** The person that remains (for a dismissal: the candidate's first person). */
  keptPersonId: Scalars['ID']['output'];
};

export type MergeDecisionError = {
  __typename?: 'MergeDecisionError';
  code: MergeDecisionErrorCode;
  message: Scalars['String']['output'];
};

export type MergeDecisionErrorCode =
  | 'ALREADY_DECIDED'
  | 'INVALID_CHOICE'
  | 'MERGE_CONFLICT'
  | 'NOT_FOUND';

export type MergeDecisionResult = MergeDecided | MergeDecisionError;

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * A partner API key for organisations the caller administers (all of them unless given), with a
   * name, scopes (members:read, members:pii, events:read, imports:read) and an expiry. The key is in
   * this answer only: it is stored as a hash. Audit entry apiKey.created.
   */
  createPartnerApiKey: PartnerApiKeyResult;
  /** The candidate's persons are different people: the candidate is closed (audit entry). */
  dismissMergeCandidate: MergeDecisionResult;
  /**
   * Ends every session of a member at once (a lost phone), as `npm run sessions -- end` does: for a
   * user whose persons are connected to an organisation the caller administers; NOT_FOUND for
   * anyone else. Audit entry sessions.ended.
   */
  endMemberSessions: EndSessionsResult;
  /**
   * Merges a candidate's two persons into the one kept: every membership, order, participation,
   * household link and account of the other moves to it, in one transaction, with an audit entry.
   * MERGE_CONFLICT (nothing changed) when both have a record that cannot be kept twice.
   */
  mergePersons: MergeDecisionResult;
  /**
   * Records money received outside the online flow (e.g. a bank transfer quoting the order reference). ROLE_ORG_ADMIN of the order's organisation.
   * `expectedPaidMinor`: what the operator saw paid when they entered the transfer; when given and the order has been credited since (the same transfer recorded twice, a retry, another operator), nothing is recorded (ORDER_CHANGED).
   */
  recordManualPayment: RecordPaymentResult;
  /** Revoked at once. */
  revokePartnerApiKey: PartnerApiKeyResult;
  /**
   * A new key with the same scope; the old one keeps working for overlapHours (24 unless given; 0
   * revokes it now). A key is rotated once: ALREADY_ROTATED when it has a successor already.
   */
  rotatePartnerApiKey: PartnerApiKeyResult;
  /**
   * Sets or replaces the logo of an organisation the caller administers: a PNG, JPEG or WebP image
   * (told by its bytes; no SVG) of at most 200 kB, in base64 (GraphQL file uploads reach only the
   * imports subgraph). Audit entry organisation.logo_changed.
   */
  setOrganisationLogo: OrganisationLogoResult;
  /**
   * Opens or closes a period of an organisation the caller administers, moves its registration dates
   * or changes its pricing rules (checked by the pricing engine's rule check); audit entry period.updated.
   * Orders already placed keep their quoted price.
   */
  updateMembershipPeriod: PeriodChangeResult;
};


export type MutationCreatePartnerApiKeyArgs = {
  input: PartnerApiKeyInput;
};


export type MutationDismissMergeCandidateArgs = {
  candidateId: Scalars['ID']['input'];
};


export type MutationEndMemberSessionsArgs = {
  userKey: Scalars['String']['input'];
};


export type MutationMergePersonsArgs = {
  candidateId: Scalars['ID']['input'];
  keepPersonId: Scalars['ID']['input'];
};


export type MutationRecordManualPaymentArgs = {
  amountMinor: Scalars['Int']['input'];
  expectedPaidMinor?: InputMaybe<Scalars['Int']['input']>;
  orderReference: Scalars['String']['input'];
};


export type MutationRevokePartnerApiKeyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRotatePartnerApiKeyArgs = {
  expiresInDays?: InputMaybe<Scalars['Int']['input']>;
  id: Scalars['ID']['input'];
  overlapHours?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationSetOrganisationLogoArgs = {
  imageBase64: Scalars['String']['input'];
  organisationId: Scalars['ID']['input'];
};


export type MutationUpdateMembershipPeriodArgs = {
  id: Scalars['ID']['input'];
  input: PeriodSettingsInput;
};

/** One membership of a person, as the operator's member list shows it. */
export type OperatorMember = {
  __typename?: 'OperatorMember';
  /** YYYY-MM-DD. */
  dateOfBirth?: Maybe<Scalars['String']['output']>;
  email?: Maybe<Scalars['String']['output']>;
  firstName: Scalars['String']['output'];
  lastName: Scalars['String']['output'];
  memberType: Scalars['String']['output'];
  membershipId: Scalars['ID']['output'];
  membershipNumber?: Maybe<Scalars['String']['output']>;
  membershipTypeCode: Scalars['String']['output'];
  membershipTypeName: Scalars['String']['output'];
  periodId: Scalars['ID']['output'];
  periodName: Scalars['String']['output'];
  personId: Scalars['ID']['output'];
  status: MembershipStatus;
  /** The user keys of the accounts the person is linked to. */
  userKeys: Array<Scalars['String']['output']>;
};

export type OperatorMemberPage = {
  __typename?: 'OperatorMemberPage';
  nextCursor?: Maybe<Scalars['ID']['output']>;
  rows: Array<OperatorMember>;
  /** How many memberships match (all pages). */
  total: Scalars['Int']['output'];
};

export type OperatorOrder = {
  __typename?: 'OperatorOrder';
  /** ISO 8601 instant. */
  createdAt: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  paidAt?: Maybe<Scalars['String']['output']>;
  paidMinor: Scalars['Int']['output'];
  /** Every payment attempt, oldest first: the provider's and the bank transfers operators recorded. */
  payments: Array<OperatorPayment>;
  periodName: Scalars['String']['output'];
  /** The payment provider's notifications (webhook events) about the order's payments, as they arrived. */
  providerEvents: Array<PaymentProviderEvent>;
  reference: Scalars['String']['output'];
  status: OrderStatus;
  totalMinor: Scalars['Int']['output'];
  /** The ordering account's user key. */
  userKey: Scalars['String']['output'];
};

export type OperatorOrderPage = {
  __typename?: 'OperatorOrderPage';
  nextCursor?: Maybe<Scalars['ID']['output']>;
  orders: Array<OperatorOrder>;
};

export type OperatorPayment = {
  __typename?: 'OperatorPayment';
  amountMinor: Scalars['Int']['output'];
  confirmedAt?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The provider's name; manual for a bank transfer an operator recorded. */
  provider: Scalars['String']['output'];
  providerPaymentId?: Maybe<Scalars['String']['output']>;
  /** The user key of the operator who recorded a bank transfer. */
  recordedBy?: Maybe<Scalars['String']['output']>;
  /** created, pending, succeeded, failed or cancelled. */
  status: Scalars['String']['output'];
};

export type OperatorPeriod = {
  __typename?: 'OperatorPeriod';
  endsOn: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  organisation: Organisation;
  /** The pricing engine's rules for the period, as JSON (docs/decisions.md). */
  pricingRules: Scalars['String']['output'];
  registrationClosesOn: Scalars['String']['output'];
  registrationOpensOn: Scalars['String']['output'];
  startsOn: Scalars['String']['output'];
  status: PeriodStatus;
};

export type OperatorPerson = {
  __typename?: 'OperatorPerson';
  dateOfBirth?: Maybe<Scalars['String']['output']>;
  email?: Maybe<Scalars['String']['output']>;
  firstName: Scalars['String']['output'];
  /** Everyone linked to the person's accounts (the person too) whom the caller may see. */
  household: Array<HouseholdMember>;
  id: Scalars['ID']['output'];
  lastName: Scalars['String']['output'];
  memberships: Array<OperatorMember>;
  orders: Array<OperatorOrder>;
};

/** An order of a registration. Visible to its account and to operators of its organisation. */
export type Order = {
  __typename?: 'Order';
  /** ISO 4217 code; amounts are integers in its minor unit. */
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lines: Array<OrderLine>;
  memberships: Array<Membership>;
  paidMinor: Scalars['Int']['output'];
  /** Relative to the portal origin; starts a new payment attempt each time it is visited. */
  paymentUrl: Scalars['String']['output'];
  periodId: Scalars['Int']['output'];
  /** Human friendly and also the bank-transfer payment reference, e.g. ORD-2026-000123. */
  reference: Scalars['String']['output'];
  status: OrderStatus;
  totalMinor: Scalars['Int']['output'];
};

export type OrderFilter = {
  organisationId?: InputMaybe<Scalars['ID']['input']>;
  periodId?: InputMaybe<Scalars['ID']['input']>;
  status?: InputMaybe<Array<OrderStatus>>;
  /** ISO 8601 instant: orders changed at or after it. */
  updatedSince?: InputMaybe<Scalars['String']['input']>;
};

/** One line item as the pricing engine produced it (docs/pricing.md). */
export type OrderLine = {
  __typename?: 'OrderLine';
  /** Negative for discounts. */
  amountMinor: Scalars['Int']['output'];
  description: Scalars['String']['output'];
  kind: Scalars['String']['output'];
  /** Null for a line of the whole order (family cap, per-order options, administration fee). */
  person?: Maybe<Person>;
  /** The pricing rule that produced the line, e.g. base_fee:individual:adult. */
  rule: Scalars['String']['output'];
};

export type OrderSearch = {
  /** Part of an order reference. */
  reference?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<OrderStatus>;
};

export type OrderStatus =
  | 'CANCELLED'
  | 'PAID'
  | 'UNPAID';

export type OrgUser = {
  __typename?: 'OrgUser';
  isPrimary: Scalars['Boolean']['output'];
  organisation: Organisation;
  roles: Array<Scalars['String']['output']>;
};

export type Organisation = {
  __typename?: 'Organisation';
  /** The club's contact for members (the member portal shows it); null when not given. */
  contactEmail?: Maybe<Scalars['String']['output']>;
  contactPhone?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /**
   * The club's logo (PNG, JPEG or WebP), relative to the portal's origin; its address changes with
   * the image, so it may be cached for good. Null when the club has none.
   */
  logoUrl?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
  websiteUrl?: Maybe<Scalars['String']['output']>;
};

export type OrganisationLogoError = {
  __typename?: 'OrganisationLogoError';
  code: OrganisationLogoErrorCode;
  /** What is wrong, in words an operator can act on. */
  message: Scalars['String']['output'];
};

export type OrganisationLogoErrorCode =
  | 'EMPTY'
  /** Not an organisation the caller administers. */
  | 'NOT_FOUND'
  /** Over 200 kB. */
  | 'TOO_LARGE'
  /** Not PNG, JPEG or WebP (SVG is refused), or not base64. */
  | 'UNSUPPORTED_FORMAT';

export type OrganisationLogoResult = OrganisationLogoError | OrganisationLogoSet;

export type OrganisationLogoSet = {
  __typename?: 'OrganisationLogoSet';
  organisation: Organisation;
};

/** Relay's page information. */
export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
  hasPreviousPage: Scalars['Boolean']['output'];
  startCursor?: Maybe<Scalars['String']['output']>;
};

export type Participant = {
  __typename?: 'Participant';
  bib?: Maybe<Scalars['String']['output']>;
  category?: Maybe<EventCategory>;
  custom1?: Maybe<Scalars['String']['output']>;
  custom2?: Maybe<Scalars['String']['output']>;
  custom3?: Maybe<Scalars['String']['output']>;
  /** The participant's id in the system the import came from. */
  externalId?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  person: Person;
};

export type ParticipantConnection = {
  __typename?: 'ParticipantConnection';
  edges: Array<ParticipantEdge>;
  pageInfo: PageInfo;
  totalCount: Scalars['Int']['output'];
};

export type ParticipantEdge = {
  __typename?: 'ParticipantEdge';
  cursor: Scalars['String']['output'];
  node: Participant;
};

export type ParticipantFilter = {
  /** ISO 8601 instant: participants changed at or after it. */
  updatedSince?: InputMaybe<Scalars['String']['input']>;
};

export type PartnerApiKey = {
  __typename?: 'PartnerApiKey';
  createdAt: Scalars['String']['output'];
  expiresAt?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  label?: Maybe<Scalars['String']['output']>;
  lastUsedAt?: Maybe<Scalars['String']['output']>;
  organisations: Array<Organisation>;
  /** The key's first characters, to tell keys apart. */
  prefix: Scalars['String']['output'];
  revokedAt?: Maybe<Scalars['String']['output']>;
  scopes: Array<Scalars['String']['output']>;
  /** active, expiring, expired or revoked. */
  status: Scalars['String']['output'];
};

export type PartnerApiKeyDone = {
  __typename?: 'PartnerApiKeyDone';
  apiKey: PartnerApiKey;
  /** The new key, shown this once (create and rotate); null otherwise. */
  key?: Maybe<Scalars['String']['output']>;
  /** The rotated key, with its end of overlap. */
  previous?: Maybe<PartnerApiKey>;
};

export type PartnerApiKeyError = {
  __typename?: 'PartnerApiKeyError';
  code: PartnerApiKeyErrorCode;
  message: Scalars['String']['output'];
};

export type PartnerApiKeyErrorCode =
  /** The key was rotated before; its successor is in the list (npm run keys: API_KEY_ALREADY_ROTATED). */
  | 'ALREADY_ROTATED'
  | 'INVALID_INPUT'
  | 'NOT_FOUND';

export type PartnerApiKeyInput = {
  /** No expiry when not given. */
  expiresInDays?: InputMaybe<Scalars['Int']['input']>;
  /** What the key is for, e.g. the partner's name. */
  label: Scalars['String']['input'];
  organisationIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  scopes: Array<Scalars['String']['input']>;
};

export type PartnerApiKeyResult = PartnerApiKeyDone | PartnerApiKeyError;

/** An event of one of the key's organisations (events:read). */
export type PartnerEvent = {
  __typename?: 'PartnerEvent';
  categories: Array<EventCategory>;
  /** What the organisation calls the participants' free columns custom1..custom3 (null: unused); always three entries. */
  customFieldLabels: Array<Maybe<Scalars['String']['output']>>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  organisationId: Scalars['ID']['output'];
  /** The event's participants in sync order; first: 100 unless given, at most 500. */
  participants: PartnerParticipantConnection;
  /** Result sets, oldest first. */
  resultSets: Array<PartnerResultSet>;
  /** ISO 8601 date, YYYY-MM-DD. */
  startsOn?: Maybe<Scalars['String']['output']>;
  /** ISO 8601 instant of the event's last change. */
  updatedAt: Scalars['String']['output'];
};


/** An event of one of the key's organisations (events:read). */
export type PartnerEventParticipantsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ParticipantFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

export type PartnerEventConnection = {
  __typename?: 'PartnerEventConnection';
  edges: Array<PartnerEventEdge>;
  pageInfo: PageInfo;
};

export type PartnerEventEdge = {
  __typename?: 'PartnerEventEdge';
  cursor: Scalars['String']['output'];
  node: PartnerEvent;
};

/** An order of a registration with its payment state (never its pay link). */
export type PartnerOrder = {
  __typename?: 'PartnerOrder';
  cancelledAt?: Maybe<Scalars['String']['output']>;
  /** ISO 8601 instants. */
  createdAt: Scalars['String']['output'];
  /** ISO 4217 code; amounts are integers in its minor unit. */
  currency: Scalars['String']['output'];
  /** The household (account) that placed it. */
  householdId: Scalars['ID']['output'];
  id: Scalars['ID']['output'];
  lines: Array<PartnerOrderLine>;
  memberships: Array<MemberMembership>;
  organisationId: Scalars['ID']['output'];
  paidAt?: Maybe<Scalars['String']['output']>;
  paidMinor: Scalars['Int']['output'];
  periodId: Scalars['ID']['output'];
  /** Also the bank-transfer payment reference, e.g. ORD-2026-000123. */
  reference: Scalars['String']['output'];
  /** UNPAID until the money received covers totalMinor, then PAID; CANCELLED by an operator. */
  status: OrderStatus;
  totalMinor: Scalars['Int']['output'];
  updatedAt: Scalars['String']['output'];
};

export type PartnerOrderConnection = {
  __typename?: 'PartnerOrderConnection';
  edges: Array<PartnerOrderEdge>;
  pageInfo: PageInfo;
};

export type PartnerOrderEdge = {
  __typename?: 'PartnerOrderEdge';
  cursor: Scalars['String']['output'];
  node: PartnerOrder;
};

export type PartnerOrderLine = {
  __typename?: 'PartnerOrderLine';
  /** Negative for discounts. */
  amountMinor: Scalars['Int']['output'];
  description: Scalars['String']['output'];
  kind: Scalars['String']['output'];
  /** The member the line is for; null for a line of the whole order. */
  memberId?: Maybe<Scalars['ID']['output']>;
  rule: Scalars['String']['output'];
};

export type PartnerParticipant = {
  __typename?: 'PartnerParticipant';
  bib?: Maybe<Scalars['String']['output']>;
  category?: Maybe<EventCategory>;
  custom1?: Maybe<Scalars['String']['output']>;
  custom2?: Maybe<Scalars['String']['output']>;
  custom3?: Maybe<Scalars['String']['output']>;
  eventId: Scalars['ID']['output'];
  /** The participant's id in the system the import came from. */
  externalId?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** The person's id (a member's id when the person is a member). */
  personId: Scalars['ID']['output'];
  /** members:pii. Null when the key lacks members:pii. */
  personalData?: Maybe<PersonalData>;
  /** ISO 8601 instant. */
  updatedAt: Scalars['String']['output'];
};

export type PartnerParticipantConnection = {
  __typename?: 'PartnerParticipantConnection';
  edges: Array<PartnerParticipantEdge>;
  pageInfo: PageInfo;
};

export type PartnerParticipantEdge = {
  __typename?: 'PartnerParticipantEdge';
  cursor: Scalars['String']['output'];
  node: PartnerParticipant;
};

/** A row that left a partner's list: drop it from your copy. */
export type PartnerRemoval = {
  __typename?: 'PartnerRemoval';
  /** PARTICIPANT: the participant's event. */
  eventId?: Maybe<Scalars['ID']['output']>;
  /** The member's (person's), order's or participant's id, as its list named it. */
  id: Scalars['ID']['output'];
  kind: PartnerRemovalKind;
  /** The organisation it left (MEMBER), or whose order or event it was. */
  organisationId: Scalars['ID']['output'];
  /** ISO 8601 instant. */
  removedAt: Scalars['String']['output'];
};

export type PartnerRemovalConnection = {
  __typename?: 'PartnerRemovalConnection';
  edges: Array<PartnerRemovalEdge>;
  pageInfo: PageInfo;
};

export type PartnerRemovalEdge = {
  __typename?: 'PartnerRemovalEdge';
  cursor: Scalars['String']['output'];
  node: PartnerRemoval;
};

export type PartnerRemovalKind =
  /** A person no longer holds any membership of the organisation (they may still be a member of another of the key's organisations). */
  | 'MEMBER'
  | 'ORDER'
  | 'PARTICIPANT';

export type PartnerResult = {
  __typename?: 'PartnerResult';
  id: Scalars['ID']['output'];
  participant: PartnerParticipant;
  participantId: Scalars['ID']['output'];
  points?: Maybe<Scalars['Float']['output']>;
  /** Null when the participant has no rank (e.g. DNF). */
  rank?: Maybe<Scalars['Int']['output']>;
  /** FINISHED, DNF, DNS or DSQ. */
  status: Scalars['String']['output'];
  /** timeMs as h:mm:ss.s, tenths cut, not rounded. */
  time?: Maybe<Scalars['String']['output']>;
  /** Milliseconds. */
  timeMs?: Maybe<Scalars['Int']['output']>;
};

export type PartnerResultConnection = {
  __typename?: 'PartnerResultConnection';
  edges: Array<PartnerResultEdge>;
  pageInfo: PageInfo;
};

export type PartnerResultEdge = {
  __typename?: 'PartnerResultEdge';
  cursor: Scalars['String']['output'];
  node: PartnerResult;
};

export type PartnerResultSet = {
  __typename?: 'PartnerResultSet';
  /** ISO 8601 instant. */
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** In the order they were recorded (id order); first: 100 unless given, at most 500. */
  results: PartnerResultConnection;
};


export type PartnerResultSetResultsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerView = {
  __typename?: 'PartnerView';
  /** events:read. One event; null when the id names none of the key's organisations' events. */
  event?: Maybe<PartnerEvent>;
  /** events:read. Events of the key's organisations, in sync order. */
  events?: Maybe<PartnerEventConnection>;
  keyId: Scalars['ID']['output'];
  /** members:read. One member; null when the id names none of the key's members. */
  member?: Maybe<Member>;
  /**
   * members:read. Persons holding a membership (of any status) in a period of the key's
   * organisations, in sync order. first: 100 unless given, at most 500.
   */
  members?: Maybe<MemberConnection>;
  /** members:read. The membership periods of the key's organisations (or of one), the latest first. */
  membershipPeriods?: Maybe<Array<MembershipPeriod>>;
  /** members:read. Every membership type of the key's organisations (or of one), active or not. */
  membershipTypes?: Maybe<Array<MembershipType>>;
  /** members:read. One order; null when the id names none of the key's organisations' orders. */
  order?: Maybe<PartnerOrder>;
  /** members:read. Orders of the key's organisations with their payment state, in sync order. */
  orders?: Maybe<PartnerOrderConnection>;
  /** The key's organisations. */
  organisations: Array<Organisation>;
  registrationSystemId: Scalars['ID']['output'];
  /**
   * What left the lists, in sync order (docs/partner-api.md, "Removals"): a member who no longer
   * holds any membership of an organisation, a deleted order (both members:read), a deleted
   * participant (events:read). Of every kind the key's scopes allow, unless kinds are asked for.
   */
  removals?: Maybe<PartnerRemovalConnection>;
  /** The key's scopes: members:read, members:pii, events:read, imports:read. */
  scopes: Array<Scalars['String']['output']>;
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewEventArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<EventFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewMemberArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewMembersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<MemberFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewMembershipPeriodsArgs = {
  organisationId?: InputMaybe<Scalars['ID']['input']>;
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewMembershipTypesArgs = {
  organisationId?: InputMaybe<Scalars['ID']['input']>;
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewOrderArgs = {
  id: Scalars['ID']['input'];
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewOrdersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<OrderFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/**
 * The calling partner key's view of its registration system: its organisations and, by scope,
 * members (members:read; personal data with members:pii), orders, events (events:read) and import
 * jobs (imports:read). Lists are Relay connections in sync order; a list the key has no scope for is
 * null with a MISSING_SCOPE error. Anything outside the key's organisations does not exist here.
 */
export type PartnerViewRemovalsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<RemovalFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** An expected reason a payment was not recorded. */
export type PaymentError = {
  __typename?: 'PaymentError';
  code: PaymentErrorCode;
  message: Scalars['String']['output'];
};

export type PaymentErrorCode =
  | 'FORBIDDEN'
  | 'INVALID_AMOUNT'
  | 'ORDER_ALREADY_PAID'
  | 'ORDER_CANCELLED'
  | 'ORDER_CHANGED'
  | 'ORDER_NOT_FOUND';

export type PaymentProviderEvent = {
  __typename?: 'PaymentProviderEvent';
  eventId: Scalars['String']['output'];
  provider: Scalars['String']['output'];
  providerPaymentId?: Maybe<Scalars['String']['output']>;
  receivedAt: Scalars['String']['output'];
};

export type PaymentReturn = {
  __typename?: 'PaymentReturn';
  order: Order;
  /** The state of the attempt the payer returns from (NONE: no attempt was made). */
  paymentStatus: PaymentStatus;
  /** For the link back to the registration (/membership/register/:periodId). */
  periodId: Scalars['Int']['output'];
};

export type PaymentStatus =
  | 'CANCELLED'
  | 'FAILED'
  | 'NONE'
  | 'PENDING'
  | 'SUCCEEDED';

export type PeriodChangeError = {
  __typename?: 'PeriodChangeError';
  code: PeriodChangeErrorCode;
  /** Every problem found, in words an operator can act on. */
  messages: Array<Scalars['String']['output']>;
};

export type PeriodChangeErrorCode =
  | 'INVALID_SETTINGS'
  | 'NOT_FOUND';

export type PeriodChangeResult = PeriodChangeError | PeriodChanged;

export type PeriodChanged = {
  __typename?: 'PeriodChanged';
  period: OperatorPeriod;
};

/** Only the fields given change. */
export type PeriodSettingsInput = {
  /** The whole pricing rules as JSON. */
  pricingRules?: InputMaybe<Scalars['String']['input']>;
  /** YYYY-MM-DD. */
  registrationClosesOn?: InputMaybe<Scalars['String']['input']>;
  /** YYYY-MM-DD. */
  registrationOpensOn?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<PeriodStatus>;
};

export type PeriodStatus =
  | 'CLOSED'
  | 'OPEN';

export type Person = {
  __typename?: 'Person';
  /** ISO 8601 date, YYYY-MM-DD. */
  dateOfBirth?: Maybe<Scalars['String']['output']>;
  firstName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastName: Scalars['String']['output'];
};

/** One side of a merge candidate. */
export type PersonToReview = {
  __typename?: 'PersonToReview';
  createdAt: Scalars['String']['output'];
  dateOfBirth?: Maybe<Scalars['String']['output']>;
  email?: Maybe<Scalars['String']['output']>;
  firstName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastName: Scalars['String']['output'];
  memberships: Scalars['Int']['output'];
  orders: Scalars['Int']['output'];
  participations: Scalars['Int']['output'];
  userKeys: Array<Scalars['String']['output']>;
};

/** Personal data (members:pii). */
export type PersonalData = {
  __typename?: 'PersonalData';
  /** ISO 8601 date, YYYY-MM-DD. */
  dateOfBirth?: Maybe<Scalars['String']['output']>;
  email?: Maybe<Scalars['String']['output']>;
  firstName: Scalars['String']['output'];
  lastName: Scalars['String']['output'];
};

export type PricePreview = {
  __typename?: 'PricePreview';
  currency: Scalars['String']['output'];
  lines: Array<PricePreviewLine>;
  totalMinor: Scalars['Int']['output'];
  /** The timing window the date falls in: early, standard or late. */
  window: Scalars['String']['output'];
};

export type PricePreviewLine = {
  __typename?: 'PricePreviewLine';
  amountMinor: Scalars['Int']['output'];
  description: Scalars['String']['output'];
  kind: Scalars['String']['output'];
  /** The person's position in the request (1 for the first); null for a line of the whole order. */
  person?: Maybe<Scalars['Int']['output']>;
};

export type PricePreviewPerson = {
  /** YYYY-MM-DD. */
  dateOfBirth: Scalars['String']['input'];
  /** new, renewal or transfer. */
  memberType: Scalars['String']['input'];
  membershipTypeCode: Scalars['String']['input'];
  /** insurance, magazine. */
  options?: InputMaybe<Array<Scalars['String']['input']>>;
};

export type PricePreviewRefused = {
  __typename?: 'PricePreviewRefused';
  messages: Array<Scalars['String']['output']>;
};

export type PricePreviewResult = PricePreview | PricePreviewRefused;

export type Query = {
  __typename?: 'Query';
  membershipHealth: ServiceHealth;
  /** A membership period of the caller's registration system; null when there is none. */
  membershipPeriod?: Maybe<MembershipPeriod>;
  /**
   * The partner API keys of the caller's registration system whose organisations the caller all
   * administers (ROLE_ORG_ADMIN), newest first; revoked ones too when asked. Never the key itself.
   */
  operatorApiKeys: Array<PartnerApiKey>;
  /**
   * The operators' audit log (issue 20): every change an operator made in the organisations the caller
   * administers (ROLE_ORG_ADMIN), newest first; empty for anyone else, and for another organisation's id.
   * first: 50 unless given, at most 200; after: the previous page's nextCursor.
   */
  operatorAuditLog: AuditLogPage;
  /** Events of the organisations the signed-in user administers (ROLE_ORG_ADMIN); empty for anyone else. */
  operatorEvents: Array<Event>;
  /**
   * Sign-in hand-offs: the signed-link attempts (POST /auth/external-login) of the caller's
   * registration system with the reason each refused one was refused, newest first, for an operator
   * (ROLE_ORG_ADMIN) of the tenant; empty for anyone else. first: 50 unless given, at most 200.
   */
  operatorHandoffAttempts: HandoffAttemptPage;
  /**
   * The members of the organisations the caller administers (ROLE_ORG_ADMIN): one row per membership,
   * newest first, searched by name, membership number or user key and filtered by period, type and
   * status. first: 50 unless given, at most 1000; after: the previous page's nextCursor. Empty for anyone else.
   */
  operatorMembers: OperatorMemberPage;
  /** Membership periods of the organisations the signed-in user administers (ROLE_ORG_ADMIN), the latest first; empty for anyone else. */
  operatorMembershipPeriods: Array<MembershipPeriod>;
  /**
   * Persons to review: the open merge candidates (F8, from imports and registrations) of the caller's
   * tenant where either person is connected to an organisation the caller administers, newest first
   * (at most 100), both persons side by side. Empty for anyone else.
   */
  operatorMergeCandidates: Array<MergeCandidate>;
  /** One order of the caller's organisations by its reference; null otherwise. */
  operatorOrder?: Maybe<OperatorOrder>;
  /**
   * The orders of the organisations the caller administers, newest first (open orders: status UNPAID).
   * first: 50 unless given, at most 200. Empty for anyone else.
   */
  operatorOrders: OperatorOrderPage;
  /** A membership period of an organisation the caller administers, with its pricing rules; null otherwise. */
  operatorPeriod?: Maybe<OperatorPeriod>;
  /** A person connected to one of the caller's organisations, with household, memberships, orders and payments; null otherwise. */
  operatorPerson?: Maybe<OperatorPerson>;
  /**
   * Recent e-mails (newest first, at most 100): an operator (ROLE_ORG_ADMIN) sees those about orders of
   * their organisations; without an SMTP server (the demo's local outbox) a user also sees their own.
   */
  outbox: Array<Email>;
  /**
   * The partner API (docs/partner-api.md): what the calling partner key may read. Only a partner
   * token (the router exchanges `Authorization: ApiKey <key>` for one) gets it; anyone else gets an
   * error (NOT_AUTHENTICATED, or PARTNER_KEY_REQUIRED for a member's or operator's session).
   */
  partner?: Maybe<PartnerView>;
  /**
   * The state of an order when the payer comes back from the payment provider (contract route
   * /membership/payment-return). The return URL's status is never trusted: when the attempt is still
   * open the provider is asked, and the answer is the real state. transactionId (the provider's
   * payment id) picks the attempt; otherwise the latest one. Null when the caller may not see the order.
   */
  paymentReturn?: Maybe<PaymentReturn>;
  /**
   * What a family would pay in one of the caller's periods on a registration date, priced by the
   * registration's own engine; nothing is stored. Null for a period outside the caller's organisations.
   */
  previewMembershipPrice?: Maybe<PricePreviewResult>;
  /** The signed-in user (from the bearer token): account, organisations and linked persons. */
  viewer?: Maybe<Viewer>;
};


export type QueryMembershipPeriodArgs = {
  id: Scalars['Int']['input'];
};


export type QueryOperatorApiKeysArgs = {
  includeRevoked?: InputMaybe<Scalars['Boolean']['input']>;
};


export type QueryOperatorAuditLogArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
  filter?: InputMaybe<AuditLogFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryOperatorHandoffAttemptsArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
  filter?: InputMaybe<HandoffAttemptFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryOperatorMembersArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
  filter?: InputMaybe<MemberSearch>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryOperatorOrderArgs = {
  reference: Scalars['String']['input'];
};


export type QueryOperatorOrdersArgs = {
  after?: InputMaybe<Scalars['ID']['input']>;
  filter?: InputMaybe<OrderSearch>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryOperatorPeriodArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOperatorPersonArgs = {
  id: Scalars['ID']['input'];
};


export type QueryOutboxArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryPaymentReturnArgs = {
  reference: Scalars['String']['input'];
  transactionId?: InputMaybe<Scalars['String']['input']>;
};


export type QueryPreviewMembershipPriceArgs = {
  periodId: Scalars['ID']['input'];
  persons: Array<PricePreviewPerson>;
  registrationDate: Scalars['String']['input'];
};

export type RecordPaymentResult = ManualPaymentRecorded | PaymentError;

export type RegistrationSystem = {
  __typename?: 'RegistrationSystem';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type RemovalFilter = {
  /** Only these kinds; each needs its list's scope (MEMBER, ORDER: members:read; PARTICIPANT: events:read). */
  kinds?: InputMaybe<Array<PartnerRemovalKind>>;
  organisationId?: InputMaybe<Scalars['ID']['input']>;
  /** ISO 8601 instant: removals at or after it. */
  updatedSince?: InputMaybe<Scalars['String']['input']>;
};

/** A participant's result in a result set. */
export type Result = {
  __typename?: 'Result';
  id: Scalars['ID']['output'];
  participant: Participant;
  points?: Maybe<Scalars['Float']['output']>;
  /** Null when the participant has no rank (e.g. DNF). */
  rank?: Maybe<Scalars['Int']['output']>;
  /** FINISHED, DNF (did not finish), DNS (did not start) or DSQ (disqualified). */
  status: Scalars['String']['output'];
  /** timeMs as h:mm:ss.s (e.g. 0:41:07.3), tenths cut, not rounded. */
  time?: Maybe<Scalars['String']['output']>;
  /** Milliseconds. */
  timeMs?: Maybe<Scalars['Int']['output']>;
};

export type ResultConnection = {
  __typename?: 'ResultConnection';
  edges: Array<ResultEdge>;
  pageInfo: PageInfo;
  totalCount: Scalars['Int']['output'];
};

export type ResultEdge = {
  __typename?: 'ResultEdge';
  cursor: Scalars['String']['output'];
  node: Result;
};

/** One list of results of an event (a race's overall classification, a stage); seen where its event is. */
export type ResultSet = {
  __typename?: 'ResultSet';
  /** ISO 8601 instant. */
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** In the order they were recorded; first at most 100. */
  results: ResultConnection;
};


/** One list of results of an event (a race's overall classification, a stage); seen where its event is. */
export type ResultSetResultsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** Health of one subgraph; each subgraph answers its own field. */
export type ServiceHealth = {
  __typename?: 'ServiceHealth';
  service: Scalars['String']['output'];
  status: Scalars['String']['output'];
};

export type SessionsEnded = {
  __typename?: 'SessionsEnded';
  /** How many sessions were ended (0: the user was not signed in). */
  ended: Scalars['Int']['output'];
};

export type Viewer = {
  __typename?: 'Viewer';
  accountId: Scalars['Int']['output'];
  /** Persons the user may act for (LinkedPerson rows), the user's own person included. */
  linkedPersons: Array<LinkedPerson>;
  /** Organisations the user belongs to (OrgUser rows) with the roles held there. */
  memberships: Array<OrgUser>;
  /** The account's unpaid orders of a period, oldest first: what the member portal offers to pay (its persons are Pending Payment). */
  openOrders: Array<Order>;
  registrationSystem: RegistrationSystem;
  /** The contract's userKey (OrgUser.externalUserId). */
  userKey: Scalars['String']['output'];
};


export type ViewerOpenOrdersArgs = {
  periodId: Scalars['Int']['input'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ReferenceResolver<TResult, TReference, TContext> = (
      reference: TReference,
      context: TContext,
      info: GraphQLResolveInfo
    ) => Promise<TResult> | TResult;

      type ScalarCheck<T, S> = S extends true ? T : NullableCheck<T, S>;
      type NullableCheck<T, S> = Maybe<T> extends T ? Maybe<ListCheck<NonNullable<T>, S>> : ListCheck<T, S>;
      type ListCheck<T, S> = T extends (infer U)[] ? NullableCheck<U, S>[] : GraphQLRecursivePick<T, S>;
      export type GraphQLRecursivePick<T, S> = { [K in keyof T & keyof S]: ScalarCheck<T[K], S[K]> };
    

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of federation types */
export type FederationTypes = {
  Event: Event;
  Order: Order;
  Organisation: Organisation;
  PartnerView: PartnerView;
  Person: Person;
  RegistrationSystem: RegistrationSystem;
};

/** Mapping of federation reference types */
export type FederationReferenceTypes = {
  Event:
    ( { __typename: 'Event' }
    & GraphQLRecursivePick<FederationTypes['Event'], {"id":true}> );
  Order:
    ( { __typename: 'Order' }
    & GraphQLRecursivePick<FederationTypes['Order'], {"id":true}> );
  Organisation:
    ( { __typename: 'Organisation' }
    & GraphQLRecursivePick<FederationTypes['Organisation'], {"id":true}> );
  PartnerView:
    ( { __typename: 'PartnerView' }
    & GraphQLRecursivePick<FederationTypes['PartnerView'], {"keyId":true}> );
  Person:
    ( { __typename: 'Person' }
    & GraphQLRecursivePick<FederationTypes['Person'], {"id":true}> );
  RegistrationSystem:
    ( { __typename: 'RegistrationSystem' }
    & GraphQLRecursivePick<FederationTypes['RegistrationSystem'], {"id":true}> );
};

/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = {
  EndSessionsResult:
    | ( EndSessionsError & { __typename: 'EndSessionsError' } )
    | ( SessionsEnded & { __typename: 'SessionsEnded' } )
  ;
  MergeDecisionResult:
    | ( MergeDecided & { __typename: 'MergeDecided' } )
    | ( MergeDecisionError & { __typename: 'MergeDecisionError' } )
  ;
  OrganisationLogoResult:
    | ( OrganisationLogoError & { __typename: 'OrganisationLogoError' } )
    | ( Omit<OrganisationLogoSet, 'organisation'> & { organisation: _RefType['Organisation'] } & { __typename: 'OrganisationLogoSet' } )
  ;
  PartnerApiKeyResult:
    | ( Omit<PartnerApiKeyDone, 'apiKey' | 'previous'> & { apiKey: _RefType['PartnerApiKey'], previous?: Maybe<_RefType['PartnerApiKey']> } & { __typename: 'PartnerApiKeyDone' } )
    | ( PartnerApiKeyError & { __typename: 'PartnerApiKeyError' } )
  ;
  PeriodChangeResult:
    | ( PeriodChangeError & { __typename: 'PeriodChangeError' } )
    | ( Omit<PeriodChanged, 'period'> & { period: _RefType['OperatorPeriod'] } & { __typename: 'PeriodChanged' } )
  ;
  PricePreviewResult:
    | ( Quote & { __typename: 'PricePreview' } )
    | ( PricePreviewRefused & { __typename: 'PricePreviewRefused' } )
  ;
  RecordPaymentResult:
    | ( Omit<ManualPaymentRecorded, 'order'> & { order: _RefType['Order'] } & { __typename: 'ManualPaymentRecorded' } )
    | ( PaymentError & { __typename: 'PaymentError' } )
  ;
};


/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  AuditLogEntry: ResolverTypeWrapper<AuditEntryRow>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  AuditLogFilter: AuditLogFilter;
  AuditLogPage: ResolverTypeWrapper<AuditLogPageView>;
  Email: ResolverTypeWrapper<EmailRow>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  EmailStatus: EmailStatus;
  EndSessionsError: ResolverTypeWrapper<EndSessionsError>;
  EndSessionsErrorCode: EndSessionsErrorCode;
  EndSessionsResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['EndSessionsResult']>;
  Event: ResolverTypeWrapper<OperatorEvent>;
  EventCategory: ResolverTypeWrapper<CategoryRef>;
  EventFilter: EventFilter;
  HandoffAttempt: ResolverTypeWrapper<HandoffAttemptRow>;
  HandoffAttemptFilter: HandoffAttemptFilter;
  HandoffAttemptPage: ResolverTypeWrapper<Omit<HandoffAttemptPage, 'attempts'> & { attempts: Array<ResolversTypes['HandoffAttempt']> }>;
  HandoffResult: HandoffResult;
  HouseholdLink: ResolverTypeWrapper<HouseholdLinkRow>;
  HouseholdMember: ResolverTypeWrapper<HouseholdRow>;
  LinkedPerson: ResolverTypeWrapper<LinkedPersonParent>;
  ManualPaymentRecorded: ResolverTypeWrapper<Omit<ManualPaymentRecorded, 'order'> & { order: ResolversTypes['Order'] }>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Member: ResolverTypeWrapper<MemberRow>;
  MemberConnection: ResolverTypeWrapper<Omit<MemberConnection, 'edges'> & { edges: Array<ResolversTypes['MemberEdge']> }>;
  MemberEdge: ResolverTypeWrapper<Omit<MemberEdge, 'node'> & { node: ResolversTypes['Member'] }>;
  MemberFilter: MemberFilter;
  MemberMembership: ResolverTypeWrapper<MemberMembershipRow>;
  MemberSearch: MemberSearch;
  Membership: ResolverTypeWrapper<MembershipRow>;
  MembershipPeriod: ResolverTypeWrapper<MembershipPeriodView>;
  MembershipStatus: MembershipStatus;
  MembershipType: ResolverTypeWrapper<MembershipTypeRow>;
  MembershipTypeOffer: ResolverTypeWrapper<MembershipTypeOffer>;
  MergeCandidate: ResolverTypeWrapper<MergeCandidateView>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  MergeDecided: ResolverTypeWrapper<MergeDecided>;
  MergeDecisionError: ResolverTypeWrapper<MergeDecisionError>;
  MergeDecisionErrorCode: MergeDecisionErrorCode;
  MergeDecisionResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['MergeDecisionResult']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  OperatorMember: ResolverTypeWrapper<OperatorMemberRow>;
  OperatorMemberPage: ResolverTypeWrapper<OperatorMemberPageView>;
  OperatorOrder: ResolverTypeWrapper<OperatorOrderView>;
  OperatorOrderPage: ResolverTypeWrapper<Omit<OperatorOrderPage, 'orders'> & { orders: Array<ResolversTypes['OperatorOrder']> }>;
  OperatorPayment: ResolverTypeWrapper<OrderPaymentRow>;
  OperatorPeriod: ResolverTypeWrapper<OperatorPeriodView>;
  OperatorPerson: ResolverTypeWrapper<OperatorPersonView>;
  Order: ResolverTypeWrapper<OrderRow>;
  OrderFilter: OrderFilter;
  OrderLine: ResolverTypeWrapper<OrderLineRow>;
  OrderSearch: OrderSearch;
  OrderStatus: OrderStatus;
  OrgUser: ResolverTypeWrapper<OrgUserParent>;
  Organisation: ResolverTypeWrapper<OrganisationRow>;
  OrganisationLogoError: ResolverTypeWrapper<OrganisationLogoError>;
  OrganisationLogoErrorCode: OrganisationLogoErrorCode;
  OrganisationLogoResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['OrganisationLogoResult']>;
  OrganisationLogoSet: ResolverTypeWrapper<Omit<OrganisationLogoSet, 'organisation'> & { organisation: ResolversTypes['Organisation'] }>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Participant: ResolverTypeWrapper<ParticipantRow>;
  ParticipantConnection: ResolverTypeWrapper<ParticipantPage>;
  ParticipantEdge: ResolverTypeWrapper<ParticipantEdgeView>;
  ParticipantFilter: ParticipantFilter;
  PartnerApiKey: ResolverTypeWrapper<ApiKeySummary>;
  PartnerApiKeyDone: ResolverTypeWrapper<Omit<PartnerApiKeyDone, 'apiKey' | 'previous'> & { apiKey: ResolversTypes['PartnerApiKey'], previous?: Maybe<ResolversTypes['PartnerApiKey']> }>;
  PartnerApiKeyError: ResolverTypeWrapper<PartnerApiKeyError>;
  PartnerApiKeyErrorCode: PartnerApiKeyErrorCode;
  PartnerApiKeyInput: PartnerApiKeyInput;
  PartnerApiKeyResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['PartnerApiKeyResult']>;
  PartnerEvent: ResolverTypeWrapper<PartnerEventRow>;
  PartnerEventConnection: ResolverTypeWrapper<Omit<PartnerEventConnection, 'edges'> & { edges: Array<ResolversTypes['PartnerEventEdge']> }>;
  PartnerEventEdge: ResolverTypeWrapper<Omit<PartnerEventEdge, 'node'> & { node: ResolversTypes['PartnerEvent'] }>;
  PartnerOrder: ResolverTypeWrapper<PartnerOrderRow>;
  PartnerOrderConnection: ResolverTypeWrapper<Omit<PartnerOrderConnection, 'edges'> & { edges: Array<ResolversTypes['PartnerOrderEdge']> }>;
  PartnerOrderEdge: ResolverTypeWrapper<Omit<PartnerOrderEdge, 'node'> & { node: ResolversTypes['PartnerOrder'] }>;
  PartnerOrderLine: ResolverTypeWrapper<PartnerOrderLineRow>;
  PartnerParticipant: ResolverTypeWrapper<PartnerParticipantRow>;
  PartnerParticipantConnection: ResolverTypeWrapper<Omit<PartnerParticipantConnection, 'edges'> & { edges: Array<ResolversTypes['PartnerParticipantEdge']> }>;
  PartnerParticipantEdge: ResolverTypeWrapper<Omit<PartnerParticipantEdge, 'node'> & { node: ResolversTypes['PartnerParticipant'] }>;
  PartnerRemoval: ResolverTypeWrapper<PartnerRemoval>;
  PartnerRemovalConnection: ResolverTypeWrapper<PartnerRemovalConnection>;
  PartnerRemovalEdge: ResolverTypeWrapper<PartnerRemovalEdge>;
  PartnerRemovalKind: PartnerRemovalKind;
  PartnerResult: ResolverTypeWrapper<ResultRow>;
  PartnerResultConnection: ResolverTypeWrapper<ResultPage>;
  PartnerResultEdge: ResolverTypeWrapper<ResultEdgeView>;
  PartnerResultSet: ResolverTypeWrapper<ResultSetRow>;
  PartnerView: ResolverTypeWrapper<PartnerReader>;
  PaymentError: ResolverTypeWrapper<PaymentError>;
  PaymentErrorCode: PaymentErrorCode;
  PaymentProviderEvent: ResolverTypeWrapper<PaymentEventRow>;
  PaymentReturn: ResolverTypeWrapper<PaymentReturnView>;
  PaymentStatus: PaymentStatus;
  PeriodChangeError: ResolverTypeWrapper<PeriodChangeError>;
  PeriodChangeErrorCode: PeriodChangeErrorCode;
  PeriodChangeResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['PeriodChangeResult']>;
  PeriodChanged: ResolverTypeWrapper<Omit<PeriodChanged, 'period'> & { period: ResolversTypes['OperatorPeriod'] }>;
  PeriodSettingsInput: PeriodSettingsInput;
  PeriodStatus: PeriodStatus;
  Person: ResolverTypeWrapper<PersonRow>;
  PersonToReview: ResolverTypeWrapper<PersonSideRow>;
  PersonalData: ResolverTypeWrapper<PersonalData>;
  PricePreview: ResolverTypeWrapper<Quote>;
  PricePreviewLine: ResolverTypeWrapper<PricingOrderLine>;
  PricePreviewPerson: PricePreviewPerson;
  PricePreviewRefused: ResolverTypeWrapper<PricePreviewRefused>;
  PricePreviewResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['PricePreviewResult']>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RecordPaymentResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RecordPaymentResult']>;
  RegistrationSystem: ResolverTypeWrapper<RegistrationSystemParent>;
  RemovalFilter: RemovalFilter;
  Result: ResolverTypeWrapper<ResultRow>;
  ResultConnection: ResolverTypeWrapper<ResultPage>;
  ResultEdge: ResolverTypeWrapper<ResultEdgeView>;
  ResultSet: ResolverTypeWrapper<ResultSetRow>;
  ServiceHealth: ResolverTypeWrapper<ServiceHealth>;
  SessionsEnded: ResolverTypeWrapper<SessionsEnded>;
  Viewer: ResolverTypeWrapper<ViewerParent>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  AuditLogEntry: AuditEntryRow;
  String: Scalars['String']['output'];
  ID: Scalars['ID']['output'];
  AuditLogFilter: AuditLogFilter;
  AuditLogPage: AuditLogPageView;
  Email: EmailRow;
  Int: Scalars['Int']['output'];
  EndSessionsError: EndSessionsError;
  EndSessionsResult: ResolversUnionTypes<ResolversParentTypes>['EndSessionsResult'];
  Event: OperatorEvent;
  EventCategory: CategoryRef;
  EventFilter: EventFilter;
  HandoffAttempt: HandoffAttemptRow;
  HandoffAttemptFilter: HandoffAttemptFilter;
  HandoffAttemptPage: Omit<HandoffAttemptPage, 'attempts'> & { attempts: Array<ResolversParentTypes['HandoffAttempt']> };
  HouseholdLink: HouseholdLinkRow;
  HouseholdMember: HouseholdRow;
  LinkedPerson: LinkedPersonParent;
  ManualPaymentRecorded: Omit<ManualPaymentRecorded, 'order'> & { order: ResolversParentTypes['Order'] };
  Boolean: Scalars['Boolean']['output'];
  Member: MemberRow;
  MemberConnection: Omit<MemberConnection, 'edges'> & { edges: Array<ResolversParentTypes['MemberEdge']> };
  MemberEdge: Omit<MemberEdge, 'node'> & { node: ResolversParentTypes['Member'] };
  MemberFilter: MemberFilter;
  MemberMembership: MemberMembershipRow;
  MemberSearch: MemberSearch;
  Membership: MembershipRow;
  MembershipPeriod: MembershipPeriodView;
  MembershipType: MembershipTypeRow;
  MembershipTypeOffer: MembershipTypeOffer;
  MergeCandidate: MergeCandidateView;
  Float: Scalars['Float']['output'];
  MergeDecided: MergeDecided;
  MergeDecisionError: MergeDecisionError;
  MergeDecisionResult: ResolversUnionTypes<ResolversParentTypes>['MergeDecisionResult'];
  Mutation: Record<PropertyKey, never>;
  OperatorMember: OperatorMemberRow;
  OperatorMemberPage: OperatorMemberPageView;
  OperatorOrder: OperatorOrderView;
  OperatorOrderPage: Omit<OperatorOrderPage, 'orders'> & { orders: Array<ResolversParentTypes['OperatorOrder']> };
  OperatorPayment: OrderPaymentRow;
  OperatorPeriod: OperatorPeriodView;
  OperatorPerson: OperatorPersonView;
  Order: OrderRow;
  OrderFilter: OrderFilter;
  OrderLine: OrderLineRow;
  OrderSearch: OrderSearch;
  OrgUser: OrgUserParent;
  Organisation: OrganisationRow;
  OrganisationLogoError: OrganisationLogoError;
  OrganisationLogoResult: ResolversUnionTypes<ResolversParentTypes>['OrganisationLogoResult'];
  OrganisationLogoSet: Omit<OrganisationLogoSet, 'organisation'> & { organisation: ResolversParentTypes['Organisation'] };
  PageInfo: PageInfo;
  Participant: ParticipantRow;
  ParticipantConnection: ParticipantPage;
  ParticipantEdge: ParticipantEdgeView;
  ParticipantFilter: ParticipantFilter;
  PartnerApiKey: ApiKeySummary;
  PartnerApiKeyDone: Omit<PartnerApiKeyDone, 'apiKey' | 'previous'> & { apiKey: ResolversParentTypes['PartnerApiKey'], previous?: Maybe<ResolversParentTypes['PartnerApiKey']> };
  PartnerApiKeyError: PartnerApiKeyError;
  PartnerApiKeyInput: PartnerApiKeyInput;
  PartnerApiKeyResult: ResolversUnionTypes<ResolversParentTypes>['PartnerApiKeyResult'];
  PartnerEvent: PartnerEventRow;
  PartnerEventConnection: Omit<PartnerEventConnection, 'edges'> & { edges: Array<ResolversParentTypes['PartnerEventEdge']> };
  PartnerEventEdge: Omit<PartnerEventEdge, 'node'> & { node: ResolversParentTypes['PartnerEvent'] };
  PartnerOrder: PartnerOrderRow;
  PartnerOrderConnection: Omit<PartnerOrderConnection, 'edges'> & { edges: Array<ResolversParentTypes['PartnerOrderEdge']> };
  PartnerOrderEdge: Omit<PartnerOrderEdge, 'node'> & { node: ResolversParentTypes['PartnerOrder'] };
  PartnerOrderLine: PartnerOrderLineRow;
  PartnerParticipant: PartnerParticipantRow;
  PartnerParticipantConnection: Omit<PartnerParticipantConnection, 'edges'> & { edges: Array<ResolversParentTypes['PartnerParticipantEdge']> };
  PartnerParticipantEdge: Omit<PartnerParticipantEdge, 'node'> & { node: ResolversParentTypes['PartnerParticipant'] };
  PartnerRemoval: PartnerRemoval;
  PartnerRemovalConnection: PartnerRemovalConnection;
  PartnerRemovalEdge: PartnerRemovalEdge;
  PartnerResult: ResultRow;
  PartnerResultConnection: ResultPage;
  PartnerResultEdge: ResultEdgeView;
  PartnerResultSet: ResultSetRow;
  PartnerView: PartnerReader;
  PaymentError: PaymentError;
  PaymentProviderEvent: PaymentEventRow;
  PaymentReturn: PaymentReturnView;
  PeriodChangeError: PeriodChangeError;
  PeriodChangeResult: ResolversUnionTypes<ResolversParentTypes>['PeriodChangeResult'];
  PeriodChanged: Omit<PeriodChanged, 'period'> & { period: ResolversParentTypes['OperatorPeriod'] };
  PeriodSettingsInput: PeriodSettingsInput;
  Person: PersonRow;
  PersonToReview: PersonSideRow;
  PersonalData: PersonalData;
  PricePreview: Quote;
  PricePreviewLine: PricingOrderLine;
  PricePreviewPerson: PricePreviewPerson;
  PricePreviewRefused: PricePreviewRefused;
  PricePreviewResult: ResolversUnionTypes<ResolversParentTypes>['PricePreviewResult'];
  Query: Record<PropertyKey, never>;
  RecordPaymentResult: ResolversUnionTypes<ResolversParentTypes>['RecordPaymentResult'];
  RegistrationSystem: RegistrationSystemParent;
  RemovalFilter: RemovalFilter;
  Result: ResultRow;
  ResultConnection: ResultPage;
  ResultEdge: ResultEdgeView;
  ResultSet: ResultSetRow;
  ServiceHealth: ServiceHealth;
  SessionsEnded: SessionsEnded;
  Viewer: ViewerParent;
};

export type AuditLogEntryResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['AuditLogEntry'] = ResolversParentTypes['AuditLogEntry']> = {
  action?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  actorUserKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  after?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  at?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  before?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organisation?: Resolver<ResolversTypes['Organisation'], ParentType, ContextType>;
  subjectId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subjectType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type AuditLogPageResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['AuditLogPage'] = ResolversParentTypes['AuditLogPage']> = {
  entries?: Resolver<Array<ResolversTypes['AuditLogEntry']>, ParentType, ContextType>;
  nextCursor?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type EmailResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Email'] = ResolversParentTypes['Email']> = {
  attempts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType>;
  sentAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['EmailStatus'], ParentType, ContextType>;
  subject?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  textBody?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  toAddress?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type EndSessionsErrorResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['EndSessionsError'] = ResolversParentTypes['EndSessionsError']> = {
  code?: Resolver<ResolversTypes['EndSessionsErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type EndSessionsResultResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['EndSessionsResult'] = ResolversParentTypes['EndSessionsResult']> = {
  __resolveType: TypeResolveFn<'EndSessionsError' | 'SessionsEnded', ParentType, ContextType>;
};

export type EventResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Event'] = ResolversParentTypes['Event'], FederationReferenceType extends FederationReferenceTypes['Event'] = FederationReferenceTypes['Event']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Event']> | FederationReferenceType, FederationReferenceType, ContextType>;
  categories?: Resolver<Array<ResolversTypes['EventCategory']>, ParentType, ContextType>;
  customFieldLabels?: Resolver<Array<Maybe<ResolversTypes['String']>>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  organisationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  participants?: Resolver<ResolversTypes['ParticipantConnection'], ParentType, ContextType, RequireFields<EventParticipantsArgs, 'first'>>;
  resultSets?: Resolver<Array<ResolversTypes['ResultSet']>, ParentType, ContextType>;
  startsOn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type EventCategoryResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['EventCategory'] = ResolversParentTypes['EventCategory']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type HandoffAttemptResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['HandoffAttempt'] = ResolversParentTypes['HandoffAttempt']> = {
  at?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  clientAddress?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  result?: Resolver<ResolversTypes['HandoffResult'], ParentType, ContextType>;
  scheme?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type HandoffAttemptPageResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['HandoffAttemptPage'] = ResolversParentTypes['HandoffAttemptPage']> = {
  attempts?: Resolver<Array<ResolversTypes['HandoffAttempt']>, ParentType, ContextType>;
  nextCursor?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type HouseholdLinkResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['HouseholdLink'] = ResolversParentTypes['HouseholdLink']> = {
  householdId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  memberId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  relationship?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type HouseholdMemberResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['HouseholdMember'] = ResolversParentTypes['HouseholdMember']> = {
  dateOfBirth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  personId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  relationship?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  userKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type LinkedPersonResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['LinkedPerson'] = ResolversParentTypes['LinkedPerson']> = {
  person?: Resolver<ResolversTypes['Person'], ParentType, ContextType>;
  relationship?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ManualPaymentRecordedResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['ManualPaymentRecorded'] = ResolversParentTypes['ManualPaymentRecorded']> = {
  activated?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  order?: Resolver<ResolversTypes['Order'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MemberResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Member'] = ResolversParentTypes['Member']> = {
  householdLinks?: Resolver<Array<ResolversTypes['HouseholdLink']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  memberships?: Resolver<Array<ResolversTypes['MemberMembership']>, ParentType, ContextType>;
  personalData?: Resolver<Maybe<ResolversTypes['PersonalData']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MemberConnectionResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MemberConnection'] = ResolversParentTypes['MemberConnection']> = {
  edges?: Resolver<Array<ResolversTypes['MemberEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type MemberEdgeResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MemberEdge'] = ResolversParentTypes['MemberEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Member'], ParentType, ContextType>;
};

export type MemberMembershipResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MemberMembership'] = ResolversParentTypes['MemberMembership']> = {
  activatedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  cancelledAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  memberId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  memberType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  membershipNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  membershipType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  membershipTypeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['PartnerOrder']>, ParentType, ContextType>;
  organisationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  periodId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['MembershipStatus'], ParentType, ContextType>;
};

export type MembershipResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Membership'] = ResolversParentTypes['Membership']> = {
  cardUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  memberType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  membershipNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  membershipType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  membershipTypeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  person?: Resolver<ResolversTypes['Person'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['MembershipStatus'], ParentType, ContextType>;
};

export type MembershipPeriodResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MembershipPeriod'] = ResolversParentTypes['MembershipPeriod']> = {
  closedReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  endsOn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  membershipTypes?: Resolver<Array<ResolversTypes['MembershipTypeOffer']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  options?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  organisation?: Resolver<ResolversTypes['Organisation'], ParentType, ContextType>;
  registrationClosesOn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  registrationOpensOn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startsOn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PeriodStatus'], ParentType, ContextType>;
};

export type MembershipTypeResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MembershipType'] = ResolversParentTypes['MembershipType']> = {
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  organisationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type MembershipTypeOfferResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MembershipTypeOffer'] = ResolversParentTypes['MembershipTypeOffer']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MergeCandidateResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MergeCandidate'] = ResolversParentTypes['MergeCandidate']> = {
  candidate?: Resolver<ResolversTypes['PersonToReview'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  importJobId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  person?: Resolver<ResolversTypes['PersonToReview'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  score?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type MergeDecidedResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MergeDecided'] = ResolversParentTypes['MergeDecided']> = {
  keptPersonId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MergeDecisionErrorResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MergeDecisionError'] = ResolversParentTypes['MergeDecisionError']> = {
  code?: Resolver<ResolversTypes['MergeDecisionErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MergeDecisionResultResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MergeDecisionResult'] = ResolversParentTypes['MergeDecisionResult']> = {
  __resolveType: TypeResolveFn<'MergeDecided' | 'MergeDecisionError', ParentType, ContextType>;
};

export type MutationResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  createPartnerApiKey?: Resolver<ResolversTypes['PartnerApiKeyResult'], ParentType, ContextType, RequireFields<MutationCreatePartnerApiKeyArgs, 'input'>>;
  dismissMergeCandidate?: Resolver<ResolversTypes['MergeDecisionResult'], ParentType, ContextType, RequireFields<MutationDismissMergeCandidateArgs, 'candidateId'>>;
  endMemberSessions?: Resolver<ResolversTypes['EndSessionsResult'], ParentType, ContextType, RequireFields<MutationEndMemberSessionsArgs, 'userKey'>>;
  mergePersons?: Resolver<ResolversTypes['MergeDecisionResult'], ParentType, ContextType, RequireFields<MutationMergePersonsArgs, 'candidateId' | 'keepPersonId'>>;
  recordManualPayment?: Resolver<ResolversTypes['RecordPaymentResult'], ParentType, ContextType, RequireFields<MutationRecordManualPaymentArgs, 'amountMinor' | 'orderReference'>>;
  revokePartnerApiKey?: Resolver<ResolversTypes['PartnerApiKeyResult'], ParentType, ContextType, RequireFields<MutationRevokePartnerApiKeyArgs, 'id'>>;
  rotatePartnerApiKey?: Resolver<ResolversTypes['PartnerApiKeyResult'], ParentType, ContextType, RequireFields<MutationRotatePartnerApiKeyArgs, 'id'>>;
  setOrganisationLogo?: Resolver<ResolversTypes['OrganisationLogoResult'], ParentType, ContextType, RequireFields<MutationSetOrganisationLogoArgs, 'imageBase64' | 'organisationId'>>;
  updateMembershipPeriod?: Resolver<ResolversTypes['PeriodChangeResult'], ParentType, ContextType, RequireFields<MutationUpdateMembershipPeriodArgs, 'id' | 'input'>>;
};

export type OperatorMemberResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OperatorMember'] = ResolversParentTypes['OperatorMember']> = {
  dateOfBirth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memberType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  membershipId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  membershipNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  membershipTypeCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  membershipTypeName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  periodId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  periodName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  personId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['MembershipStatus'], ParentType, ContextType>;
  userKeys?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type OperatorMemberPageResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OperatorMemberPage'] = ResolversParentTypes['OperatorMemberPage']> = {
  nextCursor?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  rows?: Resolver<Array<ResolversTypes['OperatorMember']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type OperatorOrderResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OperatorOrder'] = ResolversParentTypes['OperatorOrder']> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paidAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  paidMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  payments?: Resolver<Array<ResolversTypes['OperatorPayment']>, ParentType, ContextType>;
  periodName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  providerEvents?: Resolver<Array<ResolversTypes['PaymentProviderEvent']>, ParentType, ContextType>;
  reference?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
  totalMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  userKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type OperatorOrderPageResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OperatorOrderPage'] = ResolversParentTypes['OperatorOrderPage']> = {
  nextCursor?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  orders?: Resolver<Array<ResolversTypes['OperatorOrder']>, ParentType, ContextType>;
};

export type OperatorPaymentResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OperatorPayment'] = ResolversParentTypes['OperatorPayment']> = {
  amountMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  confirmedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  providerPaymentId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recordedBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type OperatorPeriodResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OperatorPeriod'] = ResolversParentTypes['OperatorPeriod']> = {
  endsOn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  organisation?: Resolver<ResolversTypes['Organisation'], ParentType, ContextType>;
  pricingRules?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  registrationClosesOn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  registrationOpensOn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  startsOn?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['PeriodStatus'], ParentType, ContextType>;
};

export type OperatorPersonResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OperatorPerson'] = ResolversParentTypes['OperatorPerson']> = {
  dateOfBirth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  household?: Resolver<Array<ResolversTypes['HouseholdMember']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memberships?: Resolver<Array<ResolversTypes['OperatorMember']>, ParentType, ContextType>;
  orders?: Resolver<Array<ResolversTypes['OperatorOrder']>, ParentType, ContextType>;
};

export type OrderResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order'], FederationReferenceType extends FederationReferenceTypes['Order'] = FederationReferenceTypes['Order']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Order']> | FederationReferenceType, FederationReferenceType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['OrderLine']>, ParentType, ContextType>;
  memberships?: Resolver<Array<ResolversTypes['Membership']>, ParentType, ContextType>;
  paidMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  paymentUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  periodId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  reference?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
  totalMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type OrderLineResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OrderLine'] = ResolversParentTypes['OrderLine']> = {
  amountMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  person?: Resolver<Maybe<ResolversTypes['Person']>, ParentType, ContextType>;
  rule?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type OrgUserResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OrgUser'] = ResolversParentTypes['OrgUser']> = {
  isPrimary?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  organisation?: Resolver<ResolversTypes['Organisation'], ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type OrganisationResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Organisation'] = ResolversParentTypes['Organisation'], FederationReferenceType extends FederationReferenceTypes['Organisation'] = FederationReferenceTypes['Organisation']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Organisation']> | FederationReferenceType, FederationReferenceType, ContextType>;
  contactEmail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contactPhone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  logoUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  websiteUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type OrganisationLogoErrorResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OrganisationLogoError'] = ResolversParentTypes['OrganisationLogoError']> = {
  code?: Resolver<ResolversTypes['OrganisationLogoErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type OrganisationLogoResultResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OrganisationLogoResult'] = ResolversParentTypes['OrganisationLogoResult']> = {
  __resolveType: TypeResolveFn<'OrganisationLogoError' | 'OrganisationLogoSet', ParentType, ContextType>;
};

export type OrganisationLogoSetResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['OrganisationLogoSet'] = ResolversParentTypes['OrganisationLogoSet']> = {
  organisation?: Resolver<ResolversTypes['Organisation'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ParticipantResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Participant'] = ResolversParentTypes['Participant']> = {
  bib?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  category?: Resolver<Maybe<ResolversTypes['EventCategory']>, ParentType, ContextType>;
  custom1?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  custom2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  custom3?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  externalId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  person?: Resolver<ResolversTypes['Person'], ParentType, ContextType>;
};

export type ParticipantConnectionResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['ParticipantConnection'] = ResolversParentTypes['ParticipantConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ParticipantEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ParticipantEdgeResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['ParticipantEdge'] = ResolversParentTypes['ParticipantEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Participant'], ParentType, ContextType>;
};

export type PartnerApiKeyResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerApiKey'] = ResolversParentTypes['PartnerApiKey']> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  label?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organisations?: Resolver<Array<ResolversTypes['Organisation']>, ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerApiKeyDoneResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerApiKeyDone'] = ResolversParentTypes['PartnerApiKeyDone']> = {
  apiKey?: Resolver<ResolversTypes['PartnerApiKey'], ParentType, ContextType>;
  key?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  previous?: Resolver<Maybe<ResolversTypes['PartnerApiKey']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PartnerApiKeyErrorResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerApiKeyError'] = ResolversParentTypes['PartnerApiKeyError']> = {
  code?: Resolver<ResolversTypes['PartnerApiKeyErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PartnerApiKeyResultResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerApiKeyResult'] = ResolversParentTypes['PartnerApiKeyResult']> = {
  __resolveType: TypeResolveFn<'PartnerApiKeyDone' | 'PartnerApiKeyError', ParentType, ContextType>;
};

export type PartnerEventResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerEvent'] = ResolversParentTypes['PartnerEvent']> = {
  categories?: Resolver<Array<ResolversTypes['EventCategory']>, ParentType, ContextType>;
  customFieldLabels?: Resolver<Array<Maybe<ResolversTypes['String']>>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  organisationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  participants?: Resolver<ResolversTypes['PartnerParticipantConnection'], ParentType, ContextType, Partial<PartnerEventParticipantsArgs>>;
  resultSets?: Resolver<Array<ResolversTypes['PartnerResultSet']>, ParentType, ContextType>;
  startsOn?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerEventConnectionResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerEventConnection'] = ResolversParentTypes['PartnerEventConnection']> = {
  edges?: Resolver<Array<ResolversTypes['PartnerEventEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerEventEdgeResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerEventEdge'] = ResolversParentTypes['PartnerEventEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PartnerEvent'], ParentType, ContextType>;
};

export type PartnerOrderResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerOrder'] = ResolversParentTypes['PartnerOrder']> = {
  cancelledAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  householdId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['PartnerOrderLine']>, ParentType, ContextType>;
  memberships?: Resolver<Array<ResolversTypes['MemberMembership']>, ParentType, ContextType>;
  organisationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paidAt?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  paidMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  periodId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  reference?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['OrderStatus'], ParentType, ContextType>;
  totalMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerOrderConnectionResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerOrderConnection'] = ResolversParentTypes['PartnerOrderConnection']> = {
  edges?: Resolver<Array<ResolversTypes['PartnerOrderEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerOrderEdgeResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerOrderEdge'] = ResolversParentTypes['PartnerOrderEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PartnerOrder'], ParentType, ContextType>;
};

export type PartnerOrderLineResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerOrderLine'] = ResolversParentTypes['PartnerOrderLine']> = {
  amountMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memberId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  rule?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerParticipantResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerParticipant'] = ResolversParentTypes['PartnerParticipant']> = {
  bib?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  category?: Resolver<Maybe<ResolversTypes['EventCategory']>, ParentType, ContextType>;
  custom1?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  custom2?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  custom3?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  externalId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  personId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  personalData?: Resolver<Maybe<ResolversTypes['PersonalData']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerParticipantConnectionResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerParticipantConnection'] = ResolversParentTypes['PartnerParticipantConnection']> = {
  edges?: Resolver<Array<ResolversTypes['PartnerParticipantEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerParticipantEdgeResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerParticipantEdge'] = ResolversParentTypes['PartnerParticipantEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PartnerParticipant'], ParentType, ContextType>;
};

export type PartnerRemovalResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerRemoval'] = ResolversParentTypes['PartnerRemoval']> = {
  eventId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['PartnerRemovalKind'], ParentType, ContextType>;
  organisationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  removedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PartnerRemovalConnectionResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerRemovalConnection'] = ResolversParentTypes['PartnerRemovalConnection']> = {
  edges?: Resolver<Array<ResolversTypes['PartnerRemovalEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerRemovalEdgeResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerRemovalEdge'] = ResolversParentTypes['PartnerRemovalEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PartnerRemoval'], ParentType, ContextType>;
};

export type PartnerResultResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerResult'] = ResolversParentTypes['PartnerResult']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  participant?: Resolver<ResolversTypes['PartnerParticipant'], ParentType, ContextType>;
  participantId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  points?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  rank?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  time?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  timeMs?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type PartnerResultConnectionResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerResultConnection'] = ResolversParentTypes['PartnerResultConnection']> = {
  edges?: Resolver<Array<ResolversTypes['PartnerResultEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PartnerResultEdgeResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerResultEdge'] = ResolversParentTypes['PartnerResultEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['PartnerResult'], ParentType, ContextType>;
};

export type PartnerResultSetResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerResultSet'] = ResolversParentTypes['PartnerResultSet']> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  results?: Resolver<ResolversTypes['PartnerResultConnection'], ParentType, ContextType, Partial<PartnerResultSetResultsArgs>>;
};

export type PartnerViewResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PartnerView'] = ResolversParentTypes['PartnerView'], FederationReferenceType extends FederationReferenceTypes['PartnerView'] = FederationReferenceTypes['PartnerView']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['PartnerView']> | FederationReferenceType, FederationReferenceType, ContextType>;
  event?: Resolver<Maybe<ResolversTypes['PartnerEvent']>, ParentType, ContextType, RequireFields<PartnerViewEventArgs, 'id'>>;
  events?: Resolver<Maybe<ResolversTypes['PartnerEventConnection']>, ParentType, ContextType, Partial<PartnerViewEventsArgs>>;
  keyId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  member?: Resolver<Maybe<ResolversTypes['Member']>, ParentType, ContextType, RequireFields<PartnerViewMemberArgs, 'id'>>;
  members?: Resolver<Maybe<ResolversTypes['MemberConnection']>, ParentType, ContextType, Partial<PartnerViewMembersArgs>>;
  membershipPeriods?: Resolver<Maybe<Array<ResolversTypes['MembershipPeriod']>>, ParentType, ContextType, Partial<PartnerViewMembershipPeriodsArgs>>;
  membershipTypes?: Resolver<Maybe<Array<ResolversTypes['MembershipType']>>, ParentType, ContextType, Partial<PartnerViewMembershipTypesArgs>>;
  order?: Resolver<Maybe<ResolversTypes['PartnerOrder']>, ParentType, ContextType, RequireFields<PartnerViewOrderArgs, 'id'>>;
  orders?: Resolver<Maybe<ResolversTypes['PartnerOrderConnection']>, ParentType, ContextType, Partial<PartnerViewOrdersArgs>>;
  organisations?: Resolver<Array<ResolversTypes['Organisation']>, ParentType, ContextType>;
  registrationSystemId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  removals?: Resolver<Maybe<ResolversTypes['PartnerRemovalConnection']>, ParentType, ContextType, Partial<PartnerViewRemovalsArgs>>;
  scopes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PaymentErrorResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PaymentError'] = ResolversParentTypes['PaymentError']> = {
  code?: Resolver<ResolversTypes['PaymentErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PaymentProviderEventResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PaymentProviderEvent'] = ResolversParentTypes['PaymentProviderEvent']> = {
  eventId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  provider?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  providerPaymentId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PaymentReturnResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PaymentReturn'] = ResolversParentTypes['PaymentReturn']> = {
  order?: Resolver<ResolversTypes['Order'], ParentType, ContextType>;
  paymentStatus?: Resolver<ResolversTypes['PaymentStatus'], ParentType, ContextType>;
  periodId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type PeriodChangeErrorResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PeriodChangeError'] = ResolversParentTypes['PeriodChangeError']> = {
  code?: Resolver<ResolversTypes['PeriodChangeErrorCode'], ParentType, ContextType>;
  messages?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PeriodChangeResultResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PeriodChangeResult'] = ResolversParentTypes['PeriodChangeResult']> = {
  __resolveType: TypeResolveFn<'PeriodChangeError' | 'PeriodChanged', ParentType, ContextType>;
};

export type PeriodChangedResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PeriodChanged'] = ResolversParentTypes['PeriodChanged']> = {
  period?: Resolver<ResolversTypes['OperatorPeriod'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PersonResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Person'] = ResolversParentTypes['Person'], FederationReferenceType extends FederationReferenceTypes['Person'] = FederationReferenceTypes['Person']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Person']> | FederationReferenceType, FederationReferenceType, ContextType>;
  dateOfBirth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PersonToReviewResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PersonToReview'] = ResolversParentTypes['PersonToReview']> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dateOfBirth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  memberships?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  orders?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  participations?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  userKeys?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type PersonalDataResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PersonalData'] = ResolversParentTypes['PersonalData']> = {
  dateOfBirth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PricePreviewResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PricePreview'] = ResolversParentTypes['PricePreview']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['PricePreviewLine']>, ParentType, ContextType>;
  totalMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  window?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PricePreviewLineResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PricePreviewLine'] = ResolversParentTypes['PricePreviewLine']> = {
  amountMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  person?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type PricePreviewRefusedResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PricePreviewRefused'] = ResolversParentTypes['PricePreviewRefused']> = {
  messages?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PricePreviewResultResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PricePreviewResult'] = ResolversParentTypes['PricePreviewResult']> = {
  __resolveType: TypeResolveFn<'PricePreview' | 'PricePreviewRefused', ParentType, ContextType>;
};

export type QueryResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  membershipHealth?: Resolver<ResolversTypes['ServiceHealth'], ParentType, ContextType>;
  membershipPeriod?: Resolver<Maybe<ResolversTypes['MembershipPeriod']>, ParentType, ContextType, RequireFields<QueryMembershipPeriodArgs, 'id'>>;
  operatorApiKeys?: Resolver<Array<ResolversTypes['PartnerApiKey']>, ParentType, ContextType, Partial<QueryOperatorApiKeysArgs>>;
  operatorAuditLog?: Resolver<ResolversTypes['AuditLogPage'], ParentType, ContextType, Partial<QueryOperatorAuditLogArgs>>;
  operatorEvents?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType>;
  operatorHandoffAttempts?: Resolver<ResolversTypes['HandoffAttemptPage'], ParentType, ContextType, Partial<QueryOperatorHandoffAttemptsArgs>>;
  operatorMembers?: Resolver<ResolversTypes['OperatorMemberPage'], ParentType, ContextType, Partial<QueryOperatorMembersArgs>>;
  operatorMembershipPeriods?: Resolver<Array<ResolversTypes['MembershipPeriod']>, ParentType, ContextType>;
  operatorMergeCandidates?: Resolver<Array<ResolversTypes['MergeCandidate']>, ParentType, ContextType>;
  operatorOrder?: Resolver<Maybe<ResolversTypes['OperatorOrder']>, ParentType, ContextType, RequireFields<QueryOperatorOrderArgs, 'reference'>>;
  operatorOrders?: Resolver<ResolversTypes['OperatorOrderPage'], ParentType, ContextType, Partial<QueryOperatorOrdersArgs>>;
  operatorPeriod?: Resolver<Maybe<ResolversTypes['OperatorPeriod']>, ParentType, ContextType, RequireFields<QueryOperatorPeriodArgs, 'id'>>;
  operatorPerson?: Resolver<Maybe<ResolversTypes['OperatorPerson']>, ParentType, ContextType, RequireFields<QueryOperatorPersonArgs, 'id'>>;
  outbox?: Resolver<Array<ResolversTypes['Email']>, ParentType, ContextType, Partial<QueryOutboxArgs>>;
  partner?: Resolver<Maybe<ResolversTypes['PartnerView']>, ParentType, ContextType>;
  paymentReturn?: Resolver<Maybe<ResolversTypes['PaymentReturn']>, ParentType, ContextType, RequireFields<QueryPaymentReturnArgs, 'reference'>>;
  previewMembershipPrice?: Resolver<Maybe<ResolversTypes['PricePreviewResult']>, ParentType, ContextType, RequireFields<QueryPreviewMembershipPriceArgs, 'periodId' | 'persons' | 'registrationDate'>>;
  viewer?: Resolver<Maybe<ResolversTypes['Viewer']>, ParentType, ContextType>;
};

export type RecordPaymentResultResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['RecordPaymentResult'] = ResolversParentTypes['RecordPaymentResult']> = {
  __resolveType: TypeResolveFn<'ManualPaymentRecorded' | 'PaymentError', ParentType, ContextType>;
};

export type RegistrationSystemResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['RegistrationSystem'] = ResolversParentTypes['RegistrationSystem'], FederationReferenceType extends FederationReferenceTypes['RegistrationSystem'] = FederationReferenceTypes['RegistrationSystem']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['RegistrationSystem']> | FederationReferenceType, FederationReferenceType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ResultResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Result'] = ResolversParentTypes['Result']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  participant?: Resolver<ResolversTypes['Participant'], ParentType, ContextType>;
  points?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  rank?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  time?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  timeMs?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type ResultConnectionResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['ResultConnection'] = ResolversParentTypes['ResultConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ResultEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ResultEdgeResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['ResultEdge'] = ResolversParentTypes['ResultEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Result'], ParentType, ContextType>;
};

export type ResultSetResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['ResultSet'] = ResolversParentTypes['ResultSet']> = {
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  results?: Resolver<ResolversTypes['ResultConnection'], ParentType, ContextType, RequireFields<ResultSetResultsArgs, 'first'>>;
};

export type ServiceHealthResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['ServiceHealth'] = ResolversParentTypes['ServiceHealth']> = {
  service?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SessionsEndedResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['SessionsEnded'] = ResolversParentTypes['SessionsEnded']> = {
  ended?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type ViewerResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Viewer'] = ResolversParentTypes['Viewer']> = {
  accountId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  linkedPersons?: Resolver<Array<ResolversTypes['LinkedPerson']>, ParentType, ContextType>;
  memberships?: Resolver<Array<ResolversTypes['OrgUser']>, ParentType, ContextType>;
  openOrders?: Resolver<Array<ResolversTypes['Order']>, ParentType, ContextType, RequireFields<ViewerOpenOrdersArgs, 'periodId'>>;
  registrationSystem?: Resolver<ResolversTypes['RegistrationSystem'], ParentType, ContextType>;
  userKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type Resolvers<ContextType = MembershipContext> = {
  AuditLogEntry?: AuditLogEntryResolvers<ContextType>;
  AuditLogPage?: AuditLogPageResolvers<ContextType>;
  Email?: EmailResolvers<ContextType>;
  EndSessionsError?: EndSessionsErrorResolvers<ContextType>;
  EndSessionsResult?: EndSessionsResultResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  EventCategory?: EventCategoryResolvers<ContextType>;
  HandoffAttempt?: HandoffAttemptResolvers<ContextType>;
  HandoffAttemptPage?: HandoffAttemptPageResolvers<ContextType>;
  HouseholdLink?: HouseholdLinkResolvers<ContextType>;
  HouseholdMember?: HouseholdMemberResolvers<ContextType>;
  LinkedPerson?: LinkedPersonResolvers<ContextType>;
  ManualPaymentRecorded?: ManualPaymentRecordedResolvers<ContextType>;
  Member?: MemberResolvers<ContextType>;
  MemberConnection?: MemberConnectionResolvers<ContextType>;
  MemberEdge?: MemberEdgeResolvers<ContextType>;
  MemberMembership?: MemberMembershipResolvers<ContextType>;
  Membership?: MembershipResolvers<ContextType>;
  MembershipPeriod?: MembershipPeriodResolvers<ContextType>;
  MembershipType?: MembershipTypeResolvers<ContextType>;
  MembershipTypeOffer?: MembershipTypeOfferResolvers<ContextType>;
  MergeCandidate?: MergeCandidateResolvers<ContextType>;
  MergeDecided?: MergeDecidedResolvers<ContextType>;
  MergeDecisionError?: MergeDecisionErrorResolvers<ContextType>;
  MergeDecisionResult?: MergeDecisionResultResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  OperatorMember?: OperatorMemberResolvers<ContextType>;
  OperatorMemberPage?: OperatorMemberPageResolvers<ContextType>;
  OperatorOrder?: OperatorOrderResolvers<ContextType>;
  OperatorOrderPage?: OperatorOrderPageResolvers<ContextType>;
  OperatorPayment?: OperatorPaymentResolvers<ContextType>;
  OperatorPeriod?: OperatorPeriodResolvers<ContextType>;
  OperatorPerson?: OperatorPersonResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  OrderLine?: OrderLineResolvers<ContextType>;
  OrgUser?: OrgUserResolvers<ContextType>;
  Organisation?: OrganisationResolvers<ContextType>;
  OrganisationLogoError?: OrganisationLogoErrorResolvers<ContextType>;
  OrganisationLogoResult?: OrganisationLogoResultResolvers<ContextType>;
  OrganisationLogoSet?: OrganisationLogoSetResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Participant?: ParticipantResolvers<ContextType>;
  ParticipantConnection?: ParticipantConnectionResolvers<ContextType>;
  ParticipantEdge?: ParticipantEdgeResolvers<ContextType>;
  PartnerApiKey?: PartnerApiKeyResolvers<ContextType>;
  PartnerApiKeyDone?: PartnerApiKeyDoneResolvers<ContextType>;
  PartnerApiKeyError?: PartnerApiKeyErrorResolvers<ContextType>;
  PartnerApiKeyResult?: PartnerApiKeyResultResolvers<ContextType>;
  PartnerEvent?: PartnerEventResolvers<ContextType>;
  PartnerEventConnection?: PartnerEventConnectionResolvers<ContextType>;
  PartnerEventEdge?: PartnerEventEdgeResolvers<ContextType>;
  PartnerOrder?: PartnerOrderResolvers<ContextType>;
  PartnerOrderConnection?: PartnerOrderConnectionResolvers<ContextType>;
  PartnerOrderEdge?: PartnerOrderEdgeResolvers<ContextType>;
  PartnerOrderLine?: PartnerOrderLineResolvers<ContextType>;
  PartnerParticipant?: PartnerParticipantResolvers<ContextType>;
  PartnerParticipantConnection?: PartnerParticipantConnectionResolvers<ContextType>;
  PartnerParticipantEdge?: PartnerParticipantEdgeResolvers<ContextType>;
  PartnerRemoval?: PartnerRemovalResolvers<ContextType>;
  PartnerRemovalConnection?: PartnerRemovalConnectionResolvers<ContextType>;
  PartnerRemovalEdge?: PartnerRemovalEdgeResolvers<ContextType>;
  PartnerResult?: PartnerResultResolvers<ContextType>;
  PartnerResultConnection?: PartnerResultConnectionResolvers<ContextType>;
  PartnerResultEdge?: PartnerResultEdgeResolvers<ContextType>;
  PartnerResultSet?: PartnerResultSetResolvers<ContextType>;
  PartnerView?: PartnerViewResolvers<ContextType>;
  PaymentError?: PaymentErrorResolvers<ContextType>;
  PaymentProviderEvent?: PaymentProviderEventResolvers<ContextType>;
  PaymentReturn?: PaymentReturnResolvers<ContextType>;
  PeriodChangeError?: PeriodChangeErrorResolvers<ContextType>;
  PeriodChangeResult?: PeriodChangeResultResolvers<ContextType>;
  PeriodChanged?: PeriodChangedResolvers<ContextType>;
  Person?: PersonResolvers<ContextType>;
  PersonToReview?: PersonToReviewResolvers<ContextType>;
  PersonalData?: PersonalDataResolvers<ContextType>;
  PricePreview?: PricePreviewResolvers<ContextType>;
  PricePreviewLine?: PricePreviewLineResolvers<ContextType>;
  PricePreviewRefused?: PricePreviewRefusedResolvers<ContextType>;
  PricePreviewResult?: PricePreviewResultResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RecordPaymentResult?: RecordPaymentResultResolvers<ContextType>;
  RegistrationSystem?: RegistrationSystemResolvers<ContextType>;
  Result?: ResultResolvers<ContextType>;
  ResultConnection?: ResultConnectionResolvers<ContextType>;
  ResultEdge?: ResultEdgeResolvers<ContextType>;
  ResultSet?: ResultSetResolvers<ContextType>;
  ServiceHealth?: ServiceHealthResolvers<ContextType>;
  SessionsEnded?: SessionsEndedResolvers<ContextType>;
  Viewer?: ViewerResolvers<ContextType>;
};

