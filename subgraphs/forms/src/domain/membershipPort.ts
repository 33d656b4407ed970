import * as registration from '@ems/membership/registration';
import type { RegistrationPeriod } from '@ems/membership/registration';

/**
 * What the forms workflow needs from membership: the functions docs/design/registration.md fixes
 * ("Exported for forms", package export `@ems/membership/registration`), types included. The
 * domain depends on this port rather than on the module so that a test can wrap the real
 * functions, e.g. to inject a failure after the order is created.
 */
export type {
  CancelUnpaidOrderResult,
  CreateRegistrationOrderResult,
  Db,
  MembershipTypeOffer,
  RegistrationEstimate,
  OrderPaymentState,
  PeriodClosedReason,
  PeriodPerson,
  RegistrationOrderInput,
  RegistrationPeriod,
  RegistrationReads,
} from '@ems/membership/registration';

export type OptionCode = RegistrationPeriod['options'][number];

export type MembershipPort = Pick<
  typeof registration,
  | 'registrationReads'
  | 'getRegistrationPeriod'
  | 'periodClosedReason'
  | 'personsForPeriod'
  | 'createRegistrationOrder'
  | 'cancelUnpaidOrder'
  | 'orderPaymentState'
  | 'isOrganisationMember'
> &
  // Optional: a port without it (a test's) offers the types without prices or eligibility.
  Partial<Pick<typeof registration, 'membershipTypeOffers' | 'estimateRegistration' | 'replaceUnpaidOrder'>>;

/** The real functions; each is passed the caller's transaction, so completion is one transaction. */
export const membershipRegistration: MembershipPort = registration;
