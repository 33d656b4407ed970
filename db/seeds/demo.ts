import type { Knex } from 'knex';
import { hashApiKey, keyPrefix } from '../src/apiKeys';

export interface DemoSeedSecrets {
  /** Shared secret of the demo customer websites (both demo tenants). */
  customerSecret: string;
  /** API key of the registration portal (the router). */
  portalApiKey: string;
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
    registrationSystemId: 2,
    userKey: 'dora.lind',
    organisation: 'hillside-cc',
    persons: [{ firstName: 'Dora', lastName: 'Lind', dateOfBirth: '1990-06-18', relationship: 'self', email: 'dora.lind@example.org' }],
  },
];

/** Creates the demo tenants, organisations, users and keys. Idempotent: safe on every start. */
export async function seedDemo(knex: Knex, secrets: DemoSeedSecrets): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const t of DEMO_TENANTS) {
      await trx('membership.registration_systems').insert({ id: t.id, name: t.name, hashScheme: t.hashScheme }).onConflict('id').ignore();
      for (const host of t.hosts) {
        await trx('membership.registration_system_hosts').insert({ host, registrationSystemId: t.id }).onConflict('host').ignore();
      }
      const hasSecret = await trx('membership.customer_secrets')
        .where({ registrationSystemId: t.id, secret: secrets.customerSecret })
        .first();
      if (!hasSecret) {
        await trx('membership.customer_secrets').insert({ registrationSystemId: t.id, label: 'demo', secret: secrets.customerSecret });
      }
    }
    await trx.raw(
      `SELECT setval(pg_get_serial_sequence('membership.registration_systems', 'id'), (SELECT max(id) FROM membership.registration_systems))`,
    );

    for (const o of DEMO_ORGANISATIONS) {
      await trx('membership.organisations').insert(o).onConflict(['registration_system_id', 'slug']).ignore();
    }

    for (const user of DEMO_USERS) {
      const exists = await trx('membership.accounts')
        .where({ registrationSystemId: user.registrationSystemId, externalUserId: user.userKey })
        .first();
      if (exists) continue;
      const personIds: number[] = [];
      for (const p of user.persons) {
        const [row] = await trx('membership.persons')
          .insert({
            registrationSystemId: user.registrationSystemId,
            firstName: p.firstName,
            lastName: p.lastName,
            dateOfBirth: p.dateOfBirth,
            email: p.email ?? null,
          })
          .returning('id');
        personIds.push(row.id);
      }
      const self = user.persons.find((p) => p.relationship === 'self');
      const [account] = await trx('membership.accounts')
        .insert({
          registrationSystemId: user.registrationSystemId,
          externalUserId: user.userKey,
          personId: personIds[0],
          email: self?.email ?? null,
        })
        .returning('id');
      const org = await trx('membership.organisations')
        .where({ registrationSystemId: user.registrationSystemId, slug: user.organisation })
        .first('id');
      await trx('membership.org_users').insert({
        accountId: account.id,
        organisationId: org.id,
        roles: user.roles ?? ['ROLE_USER'],
        isPrimary: true,
      });
      await trx('membership.linked_persons').insert(
        user.persons.map((p, i) => ({ accountId: account.id, personId: personIds[i], relationship: p.relationship })),
      );
    }

    await trx('membership.api_keys')
      .insert({
        prefix: keyPrefix(secrets.portalApiKey),
        keyHash: hashApiKey(secrets.portalApiKey),
        portal: 'registration',
        label: 'demo registration portal',
      })
      .onConflict('key_hash')
      .ignore();

    await seedRegistrationDemo(trx, todayUtc());
  });
}

/* ------------------------------------------------------------------------------------------------
 * Membership registration demo (docs/payments.md, "Demo"): Riverside Athletics Club's membership
 * types, the previous season (closed) and the current one (open, today inside its registration
 * window), and the Berg family in every person status of the overview.
 * --------------------------------------------------------------------------------------------- */

/** The open period the demo customer website links to: `/membership/register/1`. */
export const DEMO_PERIOD_ID = 1;
/** The closed previous season; Anna Berg was a member then, so she renews. */
export const DEMO_PREVIOUS_PERIOD_ID = 2;
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

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

function addDays(isoDate: string, days: number): string {
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
export function demoPricingRules(registrationOpensOn: string) {
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

function seasonName(startsOn: string): string {
  const year = Number(startsOn.slice(0, 4));
  return `Season ${year}/${String((year + 1) % 100).padStart(2, '0')}`;
}

/**
 * Idempotent: periods keep their fixed ids and are inserted once (so their dates are those of the
 * first seeding; a fresh `.data/` starts over), and each demo membership is created only when the
 * person has none for the period.
 */
async function seedRegistrationDemo(trx: Knex.Transaction, today: string): Promise<void> {
  const org = await trx('membership.organisations').where({ registrationSystemId: 1, slug: 'riverside-ac' }).first('id');
  const organisationId: number = org.id;
  await trx('membership.organisations').where({ id: organisationId }).update({ membershipNumberPattern: DEMO_MEMBERSHIP_NUMBER_PATTERN });
  for (const type of DEMO_MEMBERSHIP_TYPES) {
    await trx('membership.membership_types')
      .insert({ organisationId, ...type })
      .onConflict(['organisation_id', 'code'])
      .ignore();
  }
  const typeId = async (code: string): Promise<number> =>
    (await trx('membership.membership_types').where({ organisationId, code }).first('id')).id;

  // Today is day 60 of the current season's registration: inside the early window.
  const currentOpens = addDays(today, -60);
  const previousOpens = addDays(currentOpens, -365);
  for (const [id, opens, status, previousPeriodId] of [
    [DEMO_PREVIOUS_PERIOD_ID, previousOpens, 'closed', null],
    [DEMO_PERIOD_ID, currentOpens, 'open', DEMO_PREVIOUS_PERIOD_ID],
  ] as const) {
    const c = demoSeasonCalendar(opens);
    await trx('membership.membership_periods')
      .insert({
        id,
        organisationId,
        name: seasonName(c.startsOn),
        startsOn: c.startsOn,
        endsOn: c.endsOn,
        registrationOpensOn: c.registrationOpensOn,
        registrationClosesOn: c.registrationClosesOn,
        status,
        pricingRules: JSON.stringify(demoPricingRules(opens)),
        previousPeriodId,
      })
      .onConflict('id')
      .ignore();
  }
  await trx.raw(
    `SELECT setval(pg_get_serial_sequence('membership.membership_periods', 'id'), (SELECT max(id) FROM membership.membership_periods))`,
  );

  const account = await trx('membership.accounts').where({ registrationSystemId: 1, externalUserId: 'anna.berg' }).first('id');
  const persons: Array<{ id: number; firstName: string; dateOfBirth: Date }> = await trx('membership.linked_persons as l')
    .join('membership.persons as p', 'p.id', 'l.personId')
    .where('l.accountId', account.id)
    .select('p.id', 'p.firstName', 'p.dateOfBirth');
  const personId = (firstName: string): number => {
    const person = persons.find((p) => p.firstName === firstName);
    if (!person) throw new Error(`demo person ${firstName} Berg is missing`);
    return person.id;
  };
  const hasMembership = async (person: number, periodId: number): Promise<boolean> =>
    Boolean(await trx('membership.memberships').where({ personId: person, periodId }).whereNot({ status: 'cancelled' }).first('id'));
  const periods = await trx('membership.membership_periods')
    .whereIn('id', [DEMO_PERIOD_ID, DEMO_PREVIOUS_PERIOD_ID])
    .select(
      'id',
      trx.raw(`to_char(starts_on, 'YYYY-MM-DD') AS starts_on`),
      trx.raw(`to_char(registration_opens_on, 'YYYY-MM-DD') AS opens_on`),
    );
  const period = (id: number) => periods.find((p: { id: number }) => p.id === id) as { id: number; startsOn: string; opensOn: string };
  const year = (id: number) => period(id).startsOn.slice(0, 4);

  // Anna: a member last season, so her registration this season is a renewal.
  const anna = personId('Anna');
  if (!(await hasMembership(anna, DEMO_PREVIOUS_PERIOD_ID))) {
    await trx('membership.memberships').insert({
      personId: anna,
      periodId: DEMO_PREVIOUS_PERIOD_ID,
      membershipTypeId: await typeId('individual'),
      status: 'active',
      memberType: 'new',
      membershipNumber: `RAC-${year(DEMO_PREVIOUS_PERIOD_ID)}-0001`,
      details: JSON.stringify({ options: [] }),
      activatedAt: trx.fn.now(),
    });
  }

  // Erik: joined this season and paid: "Registered", with a number.
  const erik = personId('Erik');
  if (!(await hasMembership(erik, DEMO_PERIOD_ID))) {
    const pricedOn = addDays(period(DEMO_PERIOD_ID).opensOn, 50);
    const orderId = await insertDemoOrder(trx, {
      accountId: account.id,
      organisationId,
      pricedOn,
      status: 'paid',
      person: {
        id: erik,
        dateOfBirth: isoOf(persons.find((p) => p.id === erik)?.dateOfBirth),
        membershipTypeCode: 'individual',
        options: [],
      },
      // What the pricing engine gives for a new adult individual member in the early window
      // (checked by subgraphs/membership/src/domain/demoSeed.test.ts).
      lines: [
        {
          personId: erik,
          kind: 'membership_fee',
          description: 'Membership fee individual (adult)',
          amountMinor: 12000,
          rule: 'base_fee:individual:adult',
        },
        { personId: erik, kind: 'timing_adjustment', description: 'Early registration -10%', amountMinor: -1200, rule: 'timing:early' },
        {
          personId: erik,
          kind: 'joining_fee',
          description: 'Joining fee (new member) 25.00 EUR',
          amountMinor: 2500,
          rule: 'member_type:new:joining_fee',
        },
        {
          personId: null,
          kind: 'administration_fee',
          description: 'Administration fee 3.00 EUR',
          amountMinor: 300,
          rule: 'administration_fee',
        },
      ],
    });
    await trx('membership.payments').insert({
      orderId,
      provider: 'manual',
      status: 'succeeded',
      amountMinor: 13600,
      currency: 'EUR',
      confirmedAt: trx.fn.now(),
    });
    await trx('membership.memberships').insert({
      personId: erik,
      periodId: DEMO_PERIOD_ID,
      membershipTypeId: await typeId('individual'),
      orderId,
      status: 'active',
      memberType: 'new',
      membershipNumber: `RAC-${year(DEMO_PERIOD_ID)}-0002`,
      details: JSON.stringify({ options: [] }),
      activatedAt: trx.fn.now(),
    });
  }

  // Liv: registered this season, not paid yet: "Pending Payment".
  const liv = personId('Liv');
  if (!(await hasMembership(liv, DEMO_PERIOD_ID))) {
    const pricedOn = addDays(period(DEMO_PERIOD_ID).opensOn, 58);
    const orderId = await insertDemoOrder(trx, {
      accountId: account.id,
      organisationId,
      pricedOn,
      status: 'unpaid',
      person: {
        id: liv,
        dateOfBirth: isoOf(persons.find((p) => p.id === liv)?.dateOfBirth),
        membershipTypeCode: 'junior',
        options: ['insurance'],
      },
      lines: [
        {
          personId: liv,
          kind: 'membership_fee',
          description: 'Membership fee junior (junior)',
          amountMinor: 6000,
          rule: 'base_fee:junior:junior',
        },
        { personId: liv, kind: 'timing_adjustment', description: 'Early registration -10%', amountMinor: -600, rule: 'timing:early' },
        {
          personId: liv,
          kind: 'joining_fee',
          description: 'Joining fee (new member) 25.00 EUR',
          amountMinor: 2500,
          rule: 'member_type:new:joining_fee',
        },
        { personId: liv, kind: 'insurance', description: 'Insurance 12.00 EUR', amountMinor: 1200, rule: 'option:insurance:per_person' },
        {
          personId: null,
          kind: 'administration_fee',
          description: 'Administration fee 3.00 EUR',
          amountMinor: 300,
          rule: 'administration_fee',
        },
      ],
    });
    await trx('membership.memberships').insert({
      personId: liv,
      periodId: DEMO_PERIOD_ID,
      membershipTypeId: await typeId('junior'),
      orderId,
      status: 'pending_payment',
      memberType: 'new',
      details: JSON.stringify({ options: ['insurance'] }),
    });
  }

  // Numbers 1 and 2 are taken above; the sequence never goes back.
  await trx.raw(
    `INSERT INTO membership.membership_number_sequences (organisation_id, next_value) VALUES (?, 3)
     ON CONFLICT (organisation_id) DO UPDATE SET next_value = GREATEST(membership.membership_number_sequences.next_value, 3)`,
    [organisationId],
  );
}

function isoOf(value: Date | string | undefined): string {
  if (value === undefined) throw new Error('demo person has no date of birth');
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

interface DemoOrderLine {
  personId: number | null;
  kind: string;
  description: string;
  amountMinor: number;
  rule: string;
}

/** An order of the demo family, priced in the early window of the current season for one new member. */
async function insertDemoOrder(
  trx: Knex.Transaction,
  o: {
    accountId: number;
    organisationId: number;
    pricedOn: string;
    status: 'paid' | 'unpaid';
    person: { id: number; dateOfBirth: string; membershipTypeCode: string; options: string[] };
    lines: DemoOrderLine[];
  },
): Promise<number> {
  const totalMinor = o.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const quote = {
    currency: 'EUR',
    lines: o.lines,
    totalMinor,
    pricedOn: o.pricedOn,
    window: 'early',
    persons: [{ ...o.person, memberType: 'new' }],
  };
  const {
    rows: [{ id }],
  } = await trx.raw(`SELECT nextval(pg_get_serial_sequence('membership.orders', 'id'))::int AS id`);
  await trx('membership.orders').insert({
    id,
    reference: `ORD-${o.pricedOn.slice(0, 4)}-${String(id).padStart(6, '0')}`,
    accountId: o.accountId,
    organisationId: o.organisationId,
    periodId: DEMO_PERIOD_ID,
    status: o.status,
    currency: 'EUR',
    totalMinor,
    paidMinor: o.status === 'paid' ? totalMinor : 0,
    pricedOn: o.pricedOn,
    pricedWindow: 'early',
    quote: JSON.stringify(quote),
    ...(o.status === 'paid' ? { paidAt: trx.fn.now() } : {}),
  });
  await trx('membership.order_lines').insert(o.lines.map((line, index) => ({ ...line, orderId: id, position: index + 1 })));
  return id;
}
