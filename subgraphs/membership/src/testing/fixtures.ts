import type { Knex } from '@ems/db';
import type { PeriodPricingRules } from '../domain/pricing';

/**
 * Builders for tests of registration and payments: one club with membership types, a closed
 * previous period and an open current one, a family account, a stranger, an operator and a plain
 * member. Dates are fixed: tests pass `TODAY` (standard window) to everything that needs a date.
 */
export const TODAY = '2026-02-15';
export const EARLY_DAY = '2025-11-20';
export const LATE_DAY = '2026-04-10';

export function clubRules(overrides: Partial<PeriodPricingRules> = {}): PeriodPricingRules {
  return {
    currency: 'EUR',
    referenceDate: '2026-01-01',
    baseFees: {
      individual: { adult: 12000, junior: 6000, senior: 8350 },
      junior: { junior: 5000 },
      student: { adult: 7000 },
    },
    timing: [
      { window: 'early', from: '2025-10-01', to: '2025-12-31', adjustment: { type: 'percent', percent: -10 } },
      { window: 'standard', from: '2026-01-01', to: '2026-03-31' },
      { window: 'late', from: '2026-04-01', to: '2026-06-30', adjustment: { type: 'fixed', amountMinor: 1500 } },
    ],
    memberTypes: {
      new: { joiningFeeMinor: 2500 },
      renewal: { adjustment: { type: 'percent', percent: -5 } },
      transfer: {},
    },
    family: { discount: { fromPosition: 3, adjustment: { type: 'percent', percent: -50 } }, capMinor: 28000 },
    options: { insurance: { per: 'person', priceMinor: 1200 }, magazine: { per: 'order', priceMinor: 1800 } },
    administrationFeeMinor: 300,
    ...overrides,
  };
}

export interface Club {
  tenantId: number;
  organisationId: number;
  periodId: number;
  previousPeriodId: number;
  closedPeriodId: number;
  /** The family account and its persons (self first). */
  family: { accountId: number; userKey: string; self: number; partner: number; child: number; grandparent: number; noBirthDate: number };
  stranger: { accountId: number; userKey: string; self: number };
  operator: { accountId: number; userKey: string; self: number };
  /** Operator of another organisation of the same tenant. */
  otherOperator: { accountId: number; userKey: string; self: number };
  types: Record<'individual' | 'junior' | 'student' | 'retired', number>;
}

async function insertId(knex: Knex, table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted] = await knex(table).insert(row).returning('id');
  return (inserted as { id: number }).id;
}

let clubs = 0;

export async function seedClub(knex: Knex): Promise<Club> {
  clubs += 1;
  const tenantId = await insertId(knex, 'membership.registrationSystems', { name: `Tenant ${clubs}` });
  const organisationId = await insertId(knex, 'membership.organisations', {
    registrationSystemId: tenantId,
    name: 'Test Club',
    slug: `test-club-${clubs}`,
  });
  const otherOrganisationId = await insertId(knex, 'membership.organisations', {
    registrationSystemId: tenantId,
    name: 'Other Club',
    slug: `other-club-${clubs}`,
  });

  const types = {
    individual: await insertId(knex, 'membership.membershipTypes', { organisationId, code: 'individual', name: 'Individual' }),
    junior: await insertId(knex, 'membership.membershipTypes', { organisationId, code: 'junior', name: 'Junior' }),
    student: await insertId(knex, 'membership.membershipTypes', { organisationId, code: 'student', name: 'Student' }),
    retired: await insertId(knex, 'membership.membershipTypes', { organisationId, code: 'retired', name: 'Retired', active: false }),
  };
  const period = (
    name: string,
    status: string,
    opens: string,
    closes: string,
    rules: PeriodPricingRules,
    previousPeriodId: number | null,
  ) =>
    insertId(knex, 'membership.membershipPeriods', {
      organisationId,
      name,
      startsOn: rules.referenceDate,
      endsOn: `${rules.referenceDate.slice(0, 4)}-12-31`,
      registrationOpensOn: opens,
      registrationClosesOn: closes,
      status,
      pricingRules: JSON.stringify(rules),
      previousPeriodId,
    });
  const previousRules = clubRules({ referenceDate: '2025-01-01', timing: [{ window: 'standard', from: '2024-10-01', to: '2025-06-30' }] });
  const previousPeriodId = await period('Season 2025', 'closed', '2024-10-01', '2025-06-30', previousRules, null);
  const periodId = await period('Season 2026', 'open', '2025-10-01', '2026-06-30', clubRules(), previousPeriodId);
  const closedPeriodId = await period('Season 2026 (closed)', 'closed', '2025-10-01', '2026-06-30', clubRules(), null);

  const account = async (
    userKey: string,
    persons: Array<{ firstName: string; dateOfBirth: string | null; relationship: string; email?: string }>,
    organisation: number,
    roles: string[],
  ) => {
    const ids: number[] = [];
    for (const p of persons) {
      ids.push(
        await insertId(knex, 'membership.persons', {
          registrationSystemId: tenantId,
          firstName: p.firstName,
          lastName: userKey.split('.')[1] ?? 'Test',
          dateOfBirth: p.dateOfBirth,
          email: p.email ?? null,
        }),
      );
    }
    const accountId = await insertId(knex, 'membership.accounts', {
      registrationSystemId: tenantId,
      externalUserId: userKey,
      personId: ids[0],
      email: persons[0]?.email ?? null,
    });
    await knex('membership.orgUsers').insert({ accountId, organisationId: organisation, roles, isPrimary: true });
    await knex('membership.linkedPersons').insert(persons.map((p, i) => ({ accountId, personId: ids[i], relationship: p.relationship })));
    return { accountId, userKey, ids };
  };

  const family = await account(
    `family.${clubs}`,
    [
      { firstName: 'Fiona', dateOfBirth: '1984-03-12', relationship: 'self', email: `fiona.${clubs}@example.org` },
      { firstName: 'Frank', dateOfBirth: '1982-07-30', relationship: 'partner' },
      { firstName: 'Finn', dateOfBirth: '2014-05-04', relationship: 'child' },
      { firstName: 'Freya', dateOfBirth: '1955-02-02', relationship: 'parent' },
      { firstName: 'Felix', dateOfBirth: null, relationship: 'child' },
    ],
    organisationId,
    ['ROLE_USER'],
  );
  const stranger = await account(
    `stranger.${clubs}`,
    [{ firstName: 'Sam', dateOfBirth: '1990-01-01', relationship: 'self', email: `sam.${clubs}@example.org` }],
    organisationId,
    ['ROLE_USER'],
  );
  const operator = await account(
    `operator.${clubs}`,
    [{ firstName: 'Olga', dateOfBirth: '1976-04-09', relationship: 'self', email: `olga.${clubs}@example.org` }],
    organisationId,
    ['ROLE_USER', 'ROLE_ORG_ADMIN'],
  );
  const otherOperator = await account(
    `other.${clubs}`,
    [{ firstName: 'Otto', dateOfBirth: '1970-01-01', relationship: 'self' }],
    otherOrganisationId,
    ['ROLE_USER', 'ROLE_ORG_ADMIN'],
  );
  const [self, partner, child, grandparent, noBirthDate] = family.ids as [number, number, number, number, number];
  return {
    tenantId,
    organisationId,
    periodId,
    previousPeriodId,
    closedPeriodId,
    family: { accountId: family.accountId, userKey: family.userKey, self, partner, child, grandparent, noBirthDate },
    stranger: { accountId: stranger.accountId, userKey: stranger.userKey, self: stranger.ids[0] as number },
    operator: { accountId: operator.accountId, userKey: operator.userKey, self: operator.ids[0] as number },
    otherOperator: { accountId: otherOperator.accountId, userKey: otherOperator.userKey, self: otherOperator.ids[0] as number },
    types,
  };
}

/**
 * Makes persons known to an organisation, as participants of an earlier event of it: an import of
 * that organisation may then find them (docs/decisions.md, "Organisation boundary in imports").
 */
export async function connectPersons(knex: Knex, organisationId: number, personIds: readonly number[]): Promise<void> {
  if (personIds.length === 0) return;
  const eventId = await insertId(knex, 'membership.events', { organisationId, name: 'An earlier event' });
  await knex('membership.participants').insert(personIds.map((personId) => ({ eventId, personId })));
}

/** An active membership in a period (no order), e.g. last season's for a renewal. */
export async function giveActiveMembership(knex: Knex, club: Club, personId: number, periodId: number, number: string): Promise<void> {
  await knex('membership.memberships').insert({
    personId,
    periodId,
    membershipTypeId: club.types.individual,
    status: 'active',
    memberType: 'new',
    membershipNumber: number,
    activatedAt: knex.fn.now(),
  });
}

export interface TestEvent {
  id: number;
  organisationId: number;
  /** Category ids by code. */
  categories: Record<string, number>;
}

let events = 0;

/** An event of an organisation with categories (by default M and W open, M40, W40, U18). */
export async function createEvent(
  knex: Knex,
  organisationId: number,
  options: {
    name?: string;
    startsOn?: string | null;
    categories?: Array<{ code: string; name: string }>;
    customFieldLabels?: [string | null, string | null, string | null];
  } = {},
): Promise<TestEvent> {
  events += 1;
  const [c1, c2, c3] = options.customFieldLabels ?? [null, null, null];
  const id = await insertId(knex, 'membership.events', {
    organisationId,
    name: options.name ?? `Test Run ${events}`,
    startsOn: options.startsOn === undefined ? '2026-05-10' : options.startsOn,
    custom1Label: c1,
    custom2Label: c2,
    custom3Label: c3,
  });
  const categories: Record<string, number> = {};
  for (const c of options.categories ?? DEFAULT_EVENT_CATEGORIES) {
    categories[c.code] = await insertId(knex, 'membership.eventCategories', { eventId: id, code: c.code, name: c.name });
  }
  return { id, organisationId, categories };
}

export const DEFAULT_EVENT_CATEGORIES = [
  { code: 'M', name: 'Men open' },
  { code: 'W', name: 'Women open' },
  { code: 'M40', name: 'Men 40+' },
  { code: 'W40', name: 'Women 40+' },
  { code: 'U18', name: 'Under 18' },
];
