import { AuditLogEntry } from './AuditLogEntry';
import {
  PartnerApiKey,
  PartnerApiKeyResult,
  OperatorPeriod,
  PeriodChangeResult,
  PricePreview,
  PricePreviewLine,
  PricePreviewResult,
  EndSessionsResult,
  HandoffAttempt,
  MergeCandidate,
  MergeDecisionResult,
  OperatorMember,
  OperatorOrder,
  OperatorPayment,
  PaymentProviderEvent,
  PersonToReview,
} from './OperatorWork';
import { Email } from './Email';
import { Event, Participant, ParticipantConnection, Result, ResultConnection, ResultSet } from './Event';
import { Membership } from './Membership';
import { MembershipPeriod } from './MembershipPeriod';
import { Mutation, RecordPaymentResult } from './Mutation';
import { Order } from './Order';
import { OrderLine } from './OrderLine';
import { Query } from './Query';
import { LinkedPerson, OrgUser, Viewer } from './Viewer';
import { Organisation, OrganisationLogoResult, Person, RegistrationSystem } from './Person';
import { PartnerView } from './PartnerView';
import { Member, MemberMembership, PartnerOrder, PartnerOrderLine } from './Member';
import { PartnerEvent, PartnerParticipant, PartnerResult, PartnerResultSet } from './PartnerEvent';
import type { Resolvers } from './types.generated';

// `satisfies`, not a type annotation: each map is checked against the generated signatures, and
// keeps its own shape, which @apollo/subgraph's resolver map accepts (the generated `__isTypeOf`
// signature is not one it knows).
export const resolvers = {
  Query,
  Mutation,
  RecordPaymentResult,
  Viewer,
  OrgUser,
  LinkedPerson,
  Person,
  Organisation,
  OrganisationLogoResult,
  RegistrationSystem,
  Order,
  OrderLine,
  Membership,
  MembershipPeriod,
  Email,
  Event,
  ParticipantConnection,
  Participant,
  ResultSet,
  ResultConnection,
  Result,
  PartnerView,
  Member,
  MemberMembership,
  PartnerOrder,
  PartnerOrderLine,
  PartnerEvent,
  PartnerParticipant,
  PartnerResultSet,
  PartnerResult,
  AuditLogEntry,
  OperatorMember,
  OperatorOrder,
  OperatorPayment,
  PaymentProviderEvent,
  MergeCandidate,
  PersonToReview,
  MergeDecisionResult,
  HandoffAttempt,
  EndSessionsResult,
  OperatorPeriod,
  PeriodChangeResult,
  PricePreview,
  PricePreviewLine,
  PricePreviewResult,
  PartnerApiKey,
  PartnerApiKeyResult,
} satisfies Resolvers;
