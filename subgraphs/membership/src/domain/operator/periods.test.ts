import type { Knex } from '@ems/db';
import { clubRules, type Club } from '../../testing/fixtures';
import type { operatorGraphql } from '../../testing/operatorGraphql';
import { useOperatorTestbed } from '../../testing/operatorTestbed';

/** Membership periods (issue 20): settings and prices for the operator's organisations only, with a price preview by the engine. */
const bed = useOperatorTestbed();
let knex: Knex;
let club: Club;
let otherTenant: Club;
let as: ReturnType<typeof operatorGraphql>;

beforeAll(async () => {
  ({ knex, club, otherTenant, as } = bed);
});

const PERIOD = `query($id: ID!) { operatorPeriod(id: $id) { id name status registrationOpensOn registrationClosesOn pricingRules organisation { id } } }`;
const UPDATE = `mutation($id: ID!, $input: PeriodSettingsInput!) { updateMembershipPeriod(id: $id, input: $input) {
  __typename ... on PeriodChanged { period { status registrationOpensOn registrationClosesOn pricingRules } } ... on PeriodChangeError { code messages } } }`;
const PREVIEW = `query($id: ID!, $date: String!, $persons: [PricePreviewPerson!]!) { previewMembershipPrice(periodId: $id, registrationDate: $date, persons: $persons) {
  __typename ... on PricePreview { currency totalMinor window lines { person kind amountMinor } } ... on PricePreviewRefused { messages } } }`;

type Change = { __typename: string; code?: string; messages?: string[]; period?: Record<string, string> };

async function update(userKey: string, tenant: Club, id: number, input: Record<string, unknown>): Promise<Change> {
  const res = await as<{ updateMembershipPeriod: Change }>(userKey, tenant, UPDATE, { id: String(id), input });
  expect(res.errors).toBeUndefined();
  return res.data!.updateMembershipPeriod;
}

it("shows the period's settings and pricing rules to its operator only", async () => {
  const mine = await as<{ operatorPeriod: { name: string; status: string; pricingRules: string } }>(club.operator.userKey, club, PERIOD, {
    id: String(club.periodId),
  });
  expect(mine.data?.operatorPeriod).toMatchObject({ name: 'Season 2026', status: 'OPEN', registrationOpensOn: '2025-10-01' });
  expect(JSON.parse(mine.data!.operatorPeriod.pricingRules)).toEqual(clubRules());
  for (const [userKey, tenant] of [
    [club.otherOperator.userKey, club],
    [otherTenant.operator.userKey, otherTenant],
    [club.family.userKey, club],
  ] as const) {
    const res = await as<{ operatorPeriod: unknown }>(userKey, tenant, PERIOD, { id: String(club.periodId) });
    expect(res.data?.operatorPeriod).toBeNull();
  }
});

it("nobody else can change it: another organisation's or tenant's operator, a member; nothing changes", async () => {
  for (const [userKey, tenant] of [
    [club.otherOperator.userKey, club],
    [otherTenant.operator.userKey, otherTenant],
    [club.family.userKey, club],
  ] as const) {
    expect(await update(userKey, tenant, club.periodId, { status: 'CLOSED' })).toMatchObject({ code: 'NOT_FOUND' });
  }
  expect((await knex('membership.membershipPeriods').where({ id: club.periodId }).first()).status).toBe('open');
});

it('refuses bad settings with every reason, and changes nothing', async () => {
  const bad = await update(club.operator.userKey, club, club.periodId, {
    registrationOpensOn: '2026-07-01',
    registrationClosesOn: '2026-06-30',
  });
  expect(bad).toEqual({
    __typename: 'PeriodChangeError',
    code: 'INVALID_SETTINGS',
    messages: ['Registration must open before it closes.'],
  });
  const notJson = await update(club.operator.userKey, club, club.periodId, { pricingRules: '{nope' });
  expect(notJson.messages).toEqual(['The pricing rules are not valid JSON.']);
  const shape = await update(club.operator.userKey, club, club.periodId, { pricingRules: '{"currency":"EUR"}' });
  expect(shape.messages).toContain('Pricing rules: baseFees must map types to age groups.');
  const rules = await update(club.operator.userKey, club, club.periodId, {
    pricingRules: JSON.stringify(clubRules({ administrationFeeMinor: -1 })),
  });
  expect(rules.messages).toEqual(['Pricing rules: administration fee must be a whole amount from 0 to 10000000 (minor units).']);
  // An amount no order's total could hold (PostgreSQL integer) is refused when saved, not at a member's checkout.
  const huge = await update(club.operator.userKey, club, club.periodId, {
    pricingRules: JSON.stringify(clubRules({ administrationFeeMinor: 3_000_000_000 })),
  });
  expect(huge.messages).toEqual(['Pricing rules: administration fee must be a whole amount from 0 to 10000000 (minor units).']);
  expect(await knex('membership.auditLog').where({ action: 'period.updated' })).toEqual([]);
});

it('closes and reopens a period, moves its dates and changes its prices, each with an audit entry', async () => {
  expect((await update(club.operator.userKey, club, club.periodId, { status: 'CLOSED' })).period).toMatchObject({ status: 'CLOSED' });
  const changed = await update(club.operator.userKey, club, club.periodId, {
    status: 'OPEN',
    registrationClosesOn: '2026-07-31',
    pricingRules: JSON.stringify(clubRules({ administrationFeeMinor: 500 })),
  });
  expect(changed.period).toMatchObject({ status: 'OPEN', registrationOpensOn: '2025-10-01', registrationClosesOn: '2026-07-31' });
  expect(JSON.parse(changed.period!.pricingRules!).administrationFeeMinor).toBe(500);
  const entries = await knex('membership.auditLog')
    .where({ action: 'period.updated', subjectId: String(club.periodId) })
    .orderBy('id');
  expect(entries).toHaveLength(2);
  expect(entries[1]).toMatchObject({
    before: { status: 'closed', registrationClosesOn: '2026-06-30' },
    after: { status: 'open', registrationClosesOn: '2026-07-31' },
  });
  expect(entries[1].before.pricingRules.administrationFeeMinor).toBe(300);
});

it('previews what a family would pay with the engine, for the operator only', async () => {
  const persons = [
    { dateOfBirth: '1984-03-12', membershipTypeCode: 'individual', memberType: 'new', options: ['insurance'] },
    { dateOfBirth: '2014-05-04', membershipTypeCode: 'junior', memberType: 'renewal' },
  ];
  const res = await as<{
    previewMembershipPrice: {
      __typename: string;
      totalMinor: number;
      window: string;
      lines: Array<{ person: number | null; kind: string }>;
    };
  }>(club.operator.userKey, club, PREVIEW, { id: String(club.periodId), date: '2026-02-15', persons });
  expect(res.errors).toBeUndefined();
  const preview = res.data!.previewMembershipPrice;
  expect(preview).toMatchObject({ __typename: 'PricePreview', window: 'standard' });
  expect(preview.lines.map((l) => `${l.person ?? '-'}:${l.kind}`)).toEqual(
    expect.arrayContaining(['1:membership_fee', '1:joining_fee', '1:insurance', '2:membership_fee', '-:administration_fee']),
  );
  expect(preview.totalMinor).toBe(preview.lines.reduce((sum, l) => sum + (l as unknown as { amountMinor: number }).amountMinor, 0));
  const refused = await as<{ previewMembershipPrice: { messages: string[] } }>(club.operator.userKey, club, PREVIEW, {
    id: String(club.periodId),
    date: '2026-02-15',
    persons: [{ dateOfBirth: '2014-05-04', membershipTypeCode: 'student', memberType: 'new' }],
  });
  expect(refused.data?.previewMembershipPrice.messages?.length).toBeGreaterThan(0);
  const other = await as<{ previewMembershipPrice: unknown }>(club.otherOperator.userKey, club, PREVIEW, {
    id: String(club.periodId),
    date: '2026-02-15',
    persons,
  });
  expect(other.data?.previewMembershipPrice).toBeNull();
});
