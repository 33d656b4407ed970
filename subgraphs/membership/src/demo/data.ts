import type { PeriodPricingRules } from '../domain/pricing';

/**
 * The demo installation's people and calendar (docs/payments.md, "Demo"): two tenants, three
 * clubs, the Berg family and the other demo users, Riverside Athletics Club's membership types and
 * its two seasons. seed.ts writes them through this package's own domain functions.
 */

export interface DemoSeedSecrets {
  /** Shared secret of the demo customer websites (both demo tenants). */
  customerSecret: string;
  /** API key of the registration portal (the router). */
  portalApiKey: string;
  /** API key of the admin portal (the second router, operators' OpenID Connect sign-in); none: no admin portal. */
  adminPortalApiKey?: string;
  /** The demo OpenID provider as Hillside's member provider (DEMO_MEMBER_OIDC); none: no member sign-in. */
  memberOidc?: { issuerUrl: string; clientSecret: string };
}

export interface DemoUser {
  registrationSystemId: number;
  userKey: string;
  organisation: string;
  /** OrgUser roles in `organisation`; ROLE_USER when not given. */
  roles?: string[];
  persons: Array<{ firstName: string; lastName: string; dateOfBirth: string; relationship: string; email?: string }>;
}

export const DEMO_TENANTS = [
  { id: 1, name: 'Demo Club Network', hashScheme: 'md5', hosts: ['localhost', '127.0.0.1'] },
  { id: 2, name: 'Demo Club Network (HMAC links)', hashScheme: 'hmac-sha256', hosts: ['hmac.localhost'] },
] as const;

export const DEMO_ORGANISATIONS = [
  { registrationSystemId: 1, name: 'Riverside Athletics Club', slug: 'riverside-ac' },
  { registrationSystemId: 1, name: 'Lakeside Swimming Club', slug: 'lakeside-sc' },
  { registrationSystemId: 2, name: 'Hillside Cycling Club', slug: 'hillside-cc' },
] as const;

/** What members see of each demo club on the portal's pages: its contact and its terms (issue 23). */
export const DEMO_CLUB_PAGES: Readonly<
  Record<string, { contactEmail: string; contactPhone: string; websiteUrl: string; termsUrl: string }>
> = {
  'riverside-ac': {
    contactEmail: 'membership@riverside-ac.example.org',
    contactPhone: '+44 20 7946 0958',
    websiteUrl: 'https://riverside-ac.example.org/',
    termsUrl: 'https://riverside-ac.example.org/membership/terms',
  },
  'lakeside-sc': {
    contactEmail: 'office@lakeside-sc.example.org',
    contactPhone: '+44 20 7946 0311',
    websiteUrl: 'https://lakeside-sc.example.org/',
    termsUrl: 'https://lakeside-sc.example.org/terms',
  },
  'hillside-cc': {
    contactEmail: 'members@hillside-cc.example.org',
    contactPhone: '+44 161 496 0742',
    websiteUrl: 'https://hillside-cc.example.org/',
    termsUrl: 'https://hillside-cc.example.org/club-rules',
  },
};

export const DEMO_USERS: DemoUser[] = [
  {
    registrationSystemId: 1,
    userKey: 'anna.berg',
    organisation: 'riverside-ac',
    persons: [
      { firstName: 'Anna', lastName: 'Berg', dateOfBirth: '1984-03-12', relationship: 'self', email: 'anna.berg@example.org' },
      { firstName: 'Erik', lastName: 'Berg', dateOfBirth: '1982-07-30', relationship: 'partner' },
      { firstName: 'Liv', lastName: 'Berg', dateOfBirth: '2012-05-04', relationship: 'child' },
      { firstName: 'Noah', lastName: 'Berg', dateOfBirth: '2016-09-21', relationship: 'child' },
    ],
  },
  {
    registrationSystemId: 1,
    userKey: 'ben.meyer',
    organisation: 'riverside-ac',
    persons: [{ firstName: 'Ben', lastName: 'Meyer', dateOfBirth: '1958-11-02', relationship: 'self', email: 'ben.meyer@example.org' }],
  },
  {
    registrationSystemId: 1,
    userKey: 'carla.jensen',
    organisation: 'lakeside-sc',
    persons: [
      { firstName: 'Carla', lastName: 'Jensen', dateOfBirth: '2001-01-15', relationship: 'self', email: 'carla.jensen@example.org' },
    ],
  },
  {
    // An operator of Riverside: records manual (bank-transfer) payments and reads the outbox.
    registrationSystemId: 1,
    userKey: 'olga.operator',
    organisation: 'riverside-ac',
    roles: ['ROLE_USER', 'ROLE_ORG_ADMIN'],
    persons: [
      { firstName: 'Olga', lastName: 'Ostrova', dateOfBirth: '1976-04-09', relationship: 'self', email: 'olga.operator@example.org' },
    ],
  },
  {
    // Olga runs Hillside's registrations too: the same person (e-mail) with an account in the
    // second registration system, so the admin portal offers her a tenant switch.
    registrationSystemId: 2,
    userKey: 'olga.ostrova',
    organisation: 'hillside-cc',
    roles: ['ROLE_USER', 'ROLE_ORG_ADMIN'],
    persons: [
      { firstName: 'Olga', lastName: 'Ostrova', dateOfBirth: '1976-04-09', relationship: 'self', email: 'olga.operator@example.org' },
    ],
  },
  {
    registrationSystemId: 2,
    userKey: 'dora.lind',
    organisation: 'hillside-cc',
    persons: [{ firstName: 'Dora', lastName: 'Lind', dateOfBirth: '1990-06-18', relationship: 'self', email: 'dora.lind@example.org' }],
  },
];

/**
 * The people of the demo OpenID provider (router/src/dev/demoIdp), the admin portal's identity
 * provider in `npm start` and the tests. The admin service finds an operator's accounts by the
 * verified e-mail address (docs/decisions.md, "Operators' sign-in"): Olga is the operator of
 * Riverside (registration system 1) and of Hillside (2); Anna is a member, not an operator, so
 * the admin portal refuses her.
 */
export const DEMO_IDP_ACCOUNTS = [
  { sub: 'demo-idp-olga', username: 'olga', name: 'Olga Ostrova', email: 'olga.operator@example.org' },
  { sub: 'demo-idp-anna', username: 'anna', name: 'Anna Berg', email: 'anna.berg@example.org' },
  // Members of Hillside (registration system 2, member sign-in with "Club ID", rule 12): Mika has
  // no account yet (the first sign-in makes one, or takes an anonymous registration over); Dora's
  // verified address finds the account her club's website links to.
  { sub: 'demo-idp-mika', username: 'mika', name: 'Mika Moss', email: 'mika.moss@example.org' },
  { sub: 'demo-idp-dora', username: 'dora', name: 'Dora Lind', email: 'dora.lind@example.org' },
] as const;

/** The registration system whose members sign in with the demo provider (rule 12), and what its button says. */
export const DEMO_MEMBER_OIDC = { registrationSystemId: 2, clientId: 'member-portal', displayName: 'Club ID' } as const;

/** The open period the demo customer website links to: `/membership/register/1`. */
export const DEMO_PERIOD_ID = 1;
/** The closed previous season; Anna Berg was a member then, so she renews. */
export const DEMO_PREVIOUS_PERIOD_ID = 2;
/**
 * Hillside Cycling Club's open season, in the second registration system (hmac-sha256 links,
 * `hmac.localhost`): the period its demo members' links lead to, `/membership/register/3`.
 */
export const DEMO_HMAC_PERIOD_ID = 3;
/** The open period each demo tenant's club website links to. */
export const DEMO_TENANT_PERIODS: Readonly<Record<number, number>> = { 1: DEMO_PERIOD_ID, 2: DEMO_HMAC_PERIOD_ID };
/** Riverside's membership numbers look like RAC-2026-0002. */
export const DEMO_MEMBERSHIP_NUMBER_PATTERN = 'RAC-{YYYY}-{SEQ:4}';

export const DEMO_MEMBERSHIP_TYPES = [
  { code: 'individual', name: 'Individual', description: 'Adults and seniors.' },
  { code: 'family', name: 'Family', description: 'Members of one household, at a reduced fee.' },
  { code: 'junior', name: 'Junior', description: 'Under 18 on the season start.' },
  { code: 'student', name: 'Student', description: 'Adults in full-time education.' },
  { code: 'senior', name: 'Senior', description: '65 and over on the season start.' },
] as const;

const DAY_MS = 86_400_000;

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A season's dates relative to when its registration opens: 180 days of registration with an
 * early (first 75 days, -10%), a standard (next 75) and a late window (last 31, +15.00); the
 * season itself starts when registration opens and lasts a year; ages are taken on its first day.
 */
export function demoSeasonCalendar(registrationOpensOn: string) {
  const registrationClosesOn = addDays(registrationOpensOn, 180);
  return {
    startsOn: registrationOpensOn,
    endsOn: addDays(registrationOpensOn, 364),
    registrationOpensOn,
    registrationClosesOn,
    early: { from: registrationOpensOn, to: addDays(registrationOpensOn, 74) },
    standard: { from: addDays(registrationOpensOn, 75), to: addDays(registrationOpensOn, 149) },
    late: { from: addDays(registrationOpensOn, 150), to: registrationClosesOn },
  };
}

/** Pricing rules (the engine's PeriodPricingRules) that use every dimension of docs/pricing.md. */
export function demoPricingRules(registrationOpensOn: string): PeriodPricingRules {
  const c = demoSeasonCalendar(registrationOpensOn);
  return {
    currency: 'EUR',
    referenceDate: c.startsOn,
    baseFees: {
      individual: { adult: 12000, senior: 8400 },
      family: { adult: 10000, junior: 5000, senior: 8000 },
      junior: { junior: 6000 },
      student: { adult: 7000 },
      senior: { senior: 7500 },
    },
    timing: [
      { window: 'early', ...c.early, adjustment: { type: 'percent', percent: -10 } },
      { window: 'standard', ...c.standard },
      { window: 'late', ...c.late, adjustment: { type: 'fixed', amountMinor: 1500 } },
    ],
    memberTypes: {
      new: { joiningFeeMinor: 2500 },
      renewal: { adjustment: { type: 'percent', percent: -5 } },
      transfer: {},
    },
    family: { discount: { fromPosition: 3, adjustment: { type: 'percent', percent: -50 } }, capMinor: 30000 },
    options: { insurance: { per: 'person', priceMinor: 1200 }, magazine: { per: 'order', priceMinor: 1800 } },
    administrationFeeMinor: 300,
  };
}

export function seasonName(startsOn: string): string {
  const year = Number(startsOn.slice(0, 4));
  return `Season ${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}
