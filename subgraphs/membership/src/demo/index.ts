/**
 * The demo installation's membership side (package export `@ems/membership/demo`): what `npm start`
 * and the end-to-end tests seed, and the demo people and periods they refer to.
 */
export {
  DEMO_MEMBERSHIP_NUMBER_PATTERN,
  DEMO_CLUB_PAGES,
  DEMO_MEMBERSHIP_TYPES,
  DEMO_IDP_ACCOUNTS,
  DEMO_MEMBER_OIDC,
  DEMO_ORGANISATIONS,
  DEMO_PERIOD_ID,
  DEMO_PREVIOUS_PERIOD_ID,
  DEMO_HMAC_PERIOD_ID,
  DEMO_TENANT_PERIODS,
  DEMO_TENANTS,
  DEMO_USERS,
  demoPricingRules,
  demoSeasonCalendar,
  type DemoSeedSecrets,
  type DemoUser,
} from './data';
export { seedMembershipDemo } from './seed';
