/**
 * What the forms subgraph may call (docs/design/registration.md, "Exported for forms"): package
 * export `@ems/membership/registration`. Functions that write take the caller's transaction, so
 * that completing a registration is one transaction across both schemas. Nothing else of this
 * package is public to other subgraphs.
 */
export { registrationReads, type RegistrationReads } from '../domain/registration/reads';
export { getRegistrationPeriod, periodClosedReason, type RegistrationPeriod, type PeriodClosedReason } from '../domain/registration/period';
export { personsForPeriod, type PeriodPerson } from '../domain/registration/persons';
export {
  createRegistrationOrder,
  type CreateRegistrationOrderResult,
  type RegistrationOrderErrorCode,
  type RegistrationOrderInput,
} from '../domain/registration/createOrder';
export {
  cancelUnpaidOrder,
  orderPaymentState,
  type CancelUnpaidOrderResult,
  type OrderPaymentState,
} from '../domain/registration/orderState';
export { isOrganisationMember } from '../domain/registration/organisationMember';
export { membershipTypeOffers, type MembershipTypeOffer } from '../domain/registration/typeOffers';
export { estimateRegistration, type RegistrationEstimate } from '../domain/registration/estimate';
export { replaceUnpaidOrder } from '../domain/registration/replaceOrder';
export type { Db } from '../data/db';
