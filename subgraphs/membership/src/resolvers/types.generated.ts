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

export type Membership = {
  __typename?: 'Membership';
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

export type MembershipTypeOffer = {
  __typename?: 'MembershipTypeOffer';
  code: Scalars['String']['output'];
  name: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Records money received outside the online flow (e.g. a bank transfer quoting the order reference). ROLE_ORG_ADMIN of the order's organisation. */
  recordManualPayment: RecordPaymentResult;
};


export type MutationRecordManualPaymentArgs = {
  amountMinor: Scalars['Int']['input'];
  orderReference: Scalars['String']['input'];
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
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
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
  | 'ORDER_NOT_FOUND';

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

export type Query = {
  __typename?: 'Query';
  membershipHealth: ServiceHealth;
  /** A membership period of the caller's registration system; null when there is none. */
  membershipPeriod?: Maybe<MembershipPeriod>;
  /** Events of the organisations the signed-in user administers (ROLE_ORG_ADMIN); empty for anyone else. */
  operatorEvents: Array<Event>;
  /**
   * Recent e-mails (newest first, at most 100): an operator (ROLE_ORG_ADMIN) sees those about orders of
   * their organisations; without an SMTP server (the demo's local outbox) a user also sees their own.
   */
  outbox: Array<Email>;
  /**
   * The state of an order when the payer comes back from the payment provider (contract route
   * /membership/payment-return). The return URL's status is never trusted: when the attempt is still
   * open the provider is asked, and the answer is the real state. transactionId (the provider's
   * payment id) picks the attempt; otherwise the latest one. Null when the caller may not see the order.
   */
  paymentReturn?: Maybe<PaymentReturn>;
  /** The signed-in user (from the bearer token): account, organisations and linked persons. */
  viewer?: Maybe<Viewer>;
};


export type QueryMembershipPeriodArgs = {
  id: Scalars['Int']['input'];
};


export type QueryOutboxArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryPaymentReturnArgs = {
  reference: Scalars['String']['input'];
  transactionId?: InputMaybe<Scalars['String']['input']>;
};

export type RecordPaymentResult = ManualPaymentRecorded | PaymentError;

export type RegistrationSystem = {
  __typename?: 'RegistrationSystem';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
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

export type Viewer = {
  __typename?: 'Viewer';
  accountId: Scalars['Int']['output'];
  /** Persons the user may act for (LinkedPerson rows), the user's own person included. */
  linkedPersons: Array<LinkedPerson>;
  /** Organisations the user belongs to (OrgUser rows) with the roles held there. */
  memberships: Array<OrgUser>;
  registrationSystem: RegistrationSystem;
  /** The contract's userKey (OrgUser.externalUserId). */
  userKey: Scalars['String']['output'];
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
  Person:
    ( { __typename: 'Person' }
    & GraphQLRecursivePick<FederationTypes['Person'], {"id":true}> );
  RegistrationSystem:
    ( { __typename: 'RegistrationSystem' }
    & GraphQLRecursivePick<FederationTypes['RegistrationSystem'], {"id":true}> );
};

/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = {
  RecordPaymentResult:
    | ( Omit<ManualPaymentRecorded, 'order'> & { order: _RefType['Order'] } & { __typename: 'ManualPaymentRecorded' } )
    | ( PaymentError & { __typename: 'PaymentError' } )
  ;
};


/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Email: ResolverTypeWrapper<EmailRow>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  EmailStatus: EmailStatus;
  Event: ResolverTypeWrapper<OperatorEvent>;
  EventCategory: ResolverTypeWrapper<CategoryRef>;
  LinkedPerson: ResolverTypeWrapper<LinkedPersonParent>;
  ManualPaymentRecorded: ResolverTypeWrapper<Omit<ManualPaymentRecorded, 'order'> & { order: ResolversTypes['Order'] }>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Membership: ResolverTypeWrapper<MembershipRow>;
  MembershipPeriod: ResolverTypeWrapper<MembershipPeriodView>;
  MembershipStatus: MembershipStatus;
  MembershipTypeOffer: ResolverTypeWrapper<MembershipTypeOffer>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Order: ResolverTypeWrapper<OrderRow>;
  OrderLine: ResolverTypeWrapper<OrderLineRow>;
  OrderStatus: OrderStatus;
  OrgUser: ResolverTypeWrapper<OrgUserParent>;
  Organisation: ResolverTypeWrapper<OrganisationRow>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Participant: ResolverTypeWrapper<ParticipantRow>;
  ParticipantConnection: ResolverTypeWrapper<ParticipantPage>;
  ParticipantEdge: ResolverTypeWrapper<ParticipantEdgeView>;
  PaymentError: ResolverTypeWrapper<PaymentError>;
  PaymentErrorCode: PaymentErrorCode;
  PaymentReturn: ResolverTypeWrapper<PaymentReturnView>;
  PaymentStatus: PaymentStatus;
  PeriodStatus: PeriodStatus;
  Person: ResolverTypeWrapper<PersonRow>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RecordPaymentResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['RecordPaymentResult']>;
  RegistrationSystem: ResolverTypeWrapper<RegistrationSystemParent>;
  Result: ResolverTypeWrapper<ResultRow>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ResultConnection: ResolverTypeWrapper<ResultPage>;
  ResultEdge: ResolverTypeWrapper<ResultEdgeView>;
  ResultSet: ResolverTypeWrapper<ResultSetRow>;
  ServiceHealth: ResolverTypeWrapper<ServiceHealth>;
  Viewer: ResolverTypeWrapper<ViewerParent>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Email: EmailRow;
  Int: Scalars['Int']['output'];
  String: Scalars['String']['output'];
  ID: Scalars['ID']['output'];
  Event: OperatorEvent;
  EventCategory: CategoryRef;
  LinkedPerson: LinkedPersonParent;
  ManualPaymentRecorded: Omit<ManualPaymentRecorded, 'order'> & { order: ResolversParentTypes['Order'] };
  Boolean: Scalars['Boolean']['output'];
  Membership: MembershipRow;
  MembershipPeriod: MembershipPeriodView;
  MembershipTypeOffer: MembershipTypeOffer;
  Mutation: Record<PropertyKey, never>;
  Order: OrderRow;
  OrderLine: OrderLineRow;
  OrgUser: OrgUserParent;
  Organisation: OrganisationRow;
  PageInfo: PageInfo;
  Participant: ParticipantRow;
  ParticipantConnection: ParticipantPage;
  ParticipantEdge: ParticipantEdgeView;
  PaymentError: PaymentError;
  PaymentReturn: PaymentReturnView;
  Person: PersonRow;
  Query: Record<PropertyKey, never>;
  RecordPaymentResult: ResolversUnionTypes<ResolversParentTypes>['RecordPaymentResult'];
  RegistrationSystem: RegistrationSystemParent;
  Result: ResultRow;
  Float: Scalars['Float']['output'];
  ResultConnection: ResultPage;
  ResultEdge: ResultEdgeView;
  ResultSet: ResultSetRow;
  ServiceHealth: ServiceHealth;
  Viewer: ViewerParent;
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

export type LinkedPersonResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['LinkedPerson'] = ResolversParentTypes['LinkedPerson']> = {
  person?: Resolver<ResolversTypes['Person'], ParentType, ContextType>;
  relationship?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ManualPaymentRecordedResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['ManualPaymentRecorded'] = ResolversParentTypes['ManualPaymentRecorded']> = {
  activated?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  order?: Resolver<ResolversTypes['Order'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type MembershipResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Membership'] = ResolversParentTypes['Membership']> = {
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

export type MembershipTypeOfferResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['MembershipTypeOffer'] = ResolversParentTypes['MembershipTypeOffer']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  recordManualPayment?: Resolver<ResolversTypes['RecordPaymentResult'], ParentType, ContextType, RequireFields<MutationRecordManualPaymentArgs, 'amountMinor' | 'orderReference'>>;
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
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
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

export type PaymentErrorResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PaymentError'] = ResolversParentTypes['PaymentError']> = {
  code?: Resolver<ResolversTypes['PaymentErrorCode'], ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type PaymentReturnResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['PaymentReturn'] = ResolversParentTypes['PaymentReturn']> = {
  order?: Resolver<ResolversTypes['Order'], ParentType, ContextType>;
  paymentStatus?: Resolver<ResolversTypes['PaymentStatus'], ParentType, ContextType>;
  periodId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type PersonResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Person'] = ResolversParentTypes['Person'], FederationReferenceType extends FederationReferenceTypes['Person'] = FederationReferenceTypes['Person']> = {
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Person']> | FederationReferenceType, FederationReferenceType, ContextType>;
  dateOfBirth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  membershipHealth?: Resolver<ResolversTypes['ServiceHealth'], ParentType, ContextType>;
  membershipPeriod?: Resolver<Maybe<ResolversTypes['MembershipPeriod']>, ParentType, ContextType, RequireFields<QueryMembershipPeriodArgs, 'id'>>;
  operatorEvents?: Resolver<Array<ResolversTypes['Event']>, ParentType, ContextType>;
  outbox?: Resolver<Array<ResolversTypes['Email']>, ParentType, ContextType, Partial<QueryOutboxArgs>>;
  paymentReturn?: Resolver<Maybe<ResolversTypes['PaymentReturn']>, ParentType, ContextType, RequireFields<QueryPaymentReturnArgs, 'reference'>>;
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

export type ViewerResolvers<ContextType = MembershipContext, ParentType extends ResolversParentTypes['Viewer'] = ResolversParentTypes['Viewer']> = {
  accountId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  linkedPersons?: Resolver<Array<ResolversTypes['LinkedPerson']>, ParentType, ContextType>;
  memberships?: Resolver<Array<ResolversTypes['OrgUser']>, ParentType, ContextType>;
  registrationSystem?: Resolver<ResolversTypes['RegistrationSystem'], ParentType, ContextType>;
  userKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type Resolvers<ContextType = MembershipContext> = {
  Email?: EmailResolvers<ContextType>;
  Event?: EventResolvers<ContextType>;
  EventCategory?: EventCategoryResolvers<ContextType>;
  LinkedPerson?: LinkedPersonResolvers<ContextType>;
  ManualPaymentRecorded?: ManualPaymentRecordedResolvers<ContextType>;
  Membership?: MembershipResolvers<ContextType>;
  MembershipPeriod?: MembershipPeriodResolvers<ContextType>;
  MembershipTypeOffer?: MembershipTypeOfferResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  OrderLine?: OrderLineResolvers<ContextType>;
  OrgUser?: OrgUserResolvers<ContextType>;
  Organisation?: OrganisationResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Participant?: ParticipantResolvers<ContextType>;
  ParticipantConnection?: ParticipantConnectionResolvers<ContextType>;
  ParticipantEdge?: ParticipantEdgeResolvers<ContextType>;
  PaymentError?: PaymentErrorResolvers<ContextType>;
  PaymentReturn?: PaymentReturnResolvers<ContextType>;
  Person?: PersonResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RecordPaymentResult?: RecordPaymentResultResolvers<ContextType>;
  RegistrationSystem?: RegistrationSystemResolvers<ContextType>;
  Result?: ResultResolvers<ContextType>;
  ResultConnection?: ResultConnectionResolvers<ContextType>;
  ResultEdge?: ResultEdgeResolvers<ContextType>;
  ResultSet?: ResultSetResolvers<ContextType>;
  ServiceHealth?: ServiceHealthResolvers<ContextType>;
  Viewer?: ViewerResolvers<ContextType>;
};

