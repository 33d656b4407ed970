import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hashApiKey, keyPrefix, type Knex } from '@ems/db';
import { organisationLogoPaths, setOrganisationLogo } from '../domain/clubIdentity/logos';
import { saveTenantMemberOidc } from '../data/memberOidc';
import { todayIso } from '../domain/clock';
import { recordManualPayment } from '../domain/payments/manual';
import { checkPeriodRules } from '../domain/pricing';
import { createRegistrationOrder, type RegistrationOrderInput } from '../domain/registration/createOrder';
import { recordPastMembership } from '../domain/registration/pastMembership';
import { scopeForUserKey } from '../domain/scope';
import {
  addDays,
  DEMO_CLUB_PAGES,
  DEMO_MEMBERSHIP_NUMBER_PATTERN,
  DEMO_MEMBERSHIP_TYPES,
  DEMO_MEMBER_OIDC,
  DEMO_ORGANISATIONS,
  DEMO_PERIOD_ID,
  DEMO_PREVIOUS_PERIOD_ID,
  DEMO_HMAC_PERIOD_ID,
  DEMO_TENANTS,
  DEMO_USERS,
  demoPricingRules,
  demoSeasonCalendar,
  seasonName,
  type DemoSeedSecrets,
} from './data';

/** Riverside Athletics Club: the organisation of the demo periods and of the registration form. */
const REGISTRATION_ORGANISATION = { registrationSystemId: 1, slug: 'riverside-ac' } as const;
/** The operator who records the demo's bank transfer. */
const DEMO_OPERATOR = { registrationSystemId: 1, userKey: 'olga.operator' } as const;

/**
 * The membership side of the demo installation: tenants, organisations, users and keys, then the
 * registration demo. Idempotent: safe on every start. Returns the organisation the demo
 * registration form belongs to.
 */
export async function seedMembershipDemo(
  knex: Knex,
  secrets: DemoSeedSecrets,
): Promise<{ registrationOrganisationId: number; hmacRegistrationOrganisationId: number }> {
  return knex.transaction(async (trx) => {
    await seedDirectory(trx, secrets);
    const registrationOrganisationId = await seedRegistrationDemo(trx, todayIso());
    const hmacRegistrationOrganisationId = await seedHmacRegistrationDemo(trx, todayIso());
    await seedEventDemo(trx, registrationOrganisationId);
    return { registrationOrganisationId, hmacRegistrationOrganisationId };
  });
}

/** Hillside Cycling Club (the second registration system): what its demo members' links lead to. */
const HMAC_REGISTRATION_ORGANISATION = { registrationSystemId: 2, slug: 'hillside-cc' } as const;

/**
 * Hillside's open season (issue 23, problem 9: without it the hmac demo link ended at "This
 * membership period does not exist"). The same membership types and price rules as Riverside's,
 * its own number pattern; no members yet. Idempotent like Riverside's: the fixed id is inserted once.
 */
async function seedHmacRegistrationDemo(trx: Knex.Transaction, today: string): Promise<number> {
  const org = await trx('membership.organisations').where(HMAC_REGISTRATION_ORGANISATION).first('id');
  const organisationId: number = org.id;
  await trx('membership.organisations').where({ id: organisationId }).update({ membershipNumberPattern: 'HCC-{YYYY}-{SEQ:4}' });
  await trx('membership.membership_types')
    .insert(DEMO_MEMBERSHIP_TYPES.map((type) => ({ organisationId, ...type })))
    .onConflict(['organisation_id', 'code'])
    .ignore();
  const opens = addDays(today, -30);
  const c = demoSeasonCalendar(opens);
  await trx('membership.membership_periods')
    .insert({
      id: DEMO_HMAC_PERIOD_ID,
      organisationId,
      name: seasonName(c.startsOn),
      startsOn: c.startsOn,
      endsOn: c.endsOn,
      registrationOpensOn: c.registrationOpensOn,
      registrationClosesOn: c.registrationClosesOn,
      status: 'open',
      pricingRules: JSON.stringify(demoPricingRules(opens)),
      previousPeriodId: null,
      termsUrl: DEMO_CLUB_PAGES['hillside-cc']!.termsUrl,
    })
    .onConflict('id')
    .ignore();
  await trx.raw(
    `SELECT setval(pg_get_serial_sequence('membership.membership_periods', 'id'), (SELECT max(id) FROM membership.membership_periods))`,
  );
  return organisationId;
}

/**
 * Each demo club's logo (demo/logos/<slug>.png: 96 px PNGs drawn with pngjs), given once like the
 * contact: a logo an operator set is kept on the next start.
 */
async function seedClubLogos(trx: Knex.Transaction): Promise<void> {
  for (const club of DEMO_ORGANISATIONS) {
    const organisation = await trx('membership.organisations').where(club).first('id');
    if (!organisation) continue;
    const id = (organisation as { id: number }).id;
    if ((await organisationLogoPaths(trx, [id])).has(id)) continue;
    await setOrganisationLogo(trx, id, readFileSync(path.join(__dirname, 'logos', `${club.slug}.png`)));
  }
}

async function seedDirectory(trx: Knex.Transaction, secrets: DemoSeedSecrets): Promise<void> {
  for (const t of DEMO_TENANTS) {
    await trx('membership.registration_systems').insert({ id: t.id, name: t.name, hashScheme: t.hashScheme }).onConflict('id').ignore();
    await trx('membership.registration_system_hosts')
      .insert(t.hosts.map((host) => ({ host, registrationSystemId: t.id })))
      .onConflict('host')
      .ignore();
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

  await trx('membership.organisations').insert(DEMO_ORGANISATIONS).onConflict(['registration_system_id', 'slug']).ignore();
  for (const [slug, page] of Object.entries(DEMO_CLUB_PAGES)) {
    // Given once: an operator's own contact details are not overwritten on the next start.
    await trx('membership.organisations')
      .where({ slug })
      .whereNull('contactEmail')
      .update({ contactEmail: page.contactEmail, contactPhone: page.contactPhone, websiteUrl: page.websiteUrl });
  }
  await seedClubLogos(trx);

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

  if (secrets.memberOidc) {
    // The provider's address is this start's (its port): written on every start.
    await saveTenantMemberOidc(trx, {
      registrationSystemId: DEMO_MEMBER_OIDC.registrationSystemId,
      issuerUrl: secrets.memberOidc.issuerUrl,
      clientId: DEMO_MEMBER_OIDC.clientId,
      clientSecret: secrets.memberOidc.clientSecret,
      displayName: DEMO_MEMBER_OIDC.displayName,
      anonymousAllowed: true,
    });
  }

  const portalKeys = [{ key: secrets.portalApiKey, portal: 'registration', label: 'demo registration portal' }];
  if (secrets.adminPortalApiKey) portalKeys.push({ key: secrets.adminPortalApiKey, portal: 'admin', label: 'demo admin portal' });
  for (const { key, portal, label } of portalKeys) {
    await trx('membership.api_keys')
      .insert({ prefix: keyPrefix(key), keyHash: hashApiKey(key), portal, label })
      .onConflict('key_hash')
      .ignore();
  }
}

/**
 * Riverside's membership types, the previous season (closed) and the current one (open, today on
 * day 60 of its registration: the early window), and the Berg family in every person status of
 * the overview. Orders, prices, references and membership numbers come from the domain functions
 * a registration and an operator use. Idempotent: periods keep their fixed ids and are inserted
 * once (so their dates are those of the first seeding; a fresh `.data/` starts over), and each
 * demo membership is created only when the person has none for the period.
 */
async function seedRegistrationDemo(trx: Knex.Transaction, today: string): Promise<number> {
  const org = await trx('membership.organisations').where(REGISTRATION_ORGANISATION).first('id');
  const organisationId: number = org.id;
  await trx('membership.organisations').where({ id: organisationId }).update({ membershipNumberPattern: DEMO_MEMBERSHIP_NUMBER_PATTERN });
  await trx('membership.membership_types')
    .insert(DEMO_MEMBERSHIP_TYPES.map((type) => ({ organisationId, ...type })))
    .onConflict(['organisation_id', 'code'])
    .ignore();

  const currentOpens = addDays(today, -60);
  const previousOpens = addDays(currentOpens, -365);
  for (const [id, opens, status, previousPeriodId] of [
    [DEMO_PREVIOUS_PERIOD_ID, previousOpens, 'closed', null],
    [DEMO_PERIOD_ID, currentOpens, 'open', DEMO_PREVIOUS_PERIOD_ID],
  ] as const) {
    const c = demoSeasonCalendar(opens);
    const pricingRules = demoPricingRules(opens);
    const problems = checkPeriodRules(pricingRules);
    if (problems.length > 0) throw new Error(`demo pricing rules: ${problems.map((p) => p.message).join('; ')}`);
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
        pricingRules: JSON.stringify(pricingRules),
        previousPeriodId,
      })
      .onConflict('id')
      .ignore();
  }
  await trx.raw(
    `SELECT setval(pg_get_serial_sequence('membership.membership_periods', 'id'), (SELECT max(id) FROM membership.membership_periods))`,
  );
  await trx('membership.membership_periods')
    .whereIn('id', [DEMO_PERIOD_ID, DEMO_PREVIOUS_PERIOD_ID])
    .whereNull('termsUrl')
    .update({ termsUrl: DEMO_CLUB_PAGES['riverside-ac']!.termsUrl });
  // The stored dates are those of the first seeding, not today's.
  const current = await trx('membership.membership_periods')
    .where({ id: DEMO_PERIOD_ID })
    .first(trx.raw(`to_char(registration_opens_on, 'YYYY-MM-DD') AS opens_on`));
  const opensOn: string = current.opensOn;

  const account = await trx('membership.accounts').where({ registrationSystemId: 1, externalUserId: 'anna.berg' }).first('id');
  const accountId: number = account.id;
  const persons: Array<{ id: number; firstName: string }> = await trx('membership.linked_persons as l')
    .join('membership.persons as p', 'p.id', 'l.personId')
    .where('l.accountId', accountId)
    .select('p.id', 'p.firstName');
  const personId = (firstName: string): number => {
    const person = persons.find((p) => p.firstName === firstName);
    if (!person) throw new Error(`demo person ${firstName} Berg is missing`);
    return person.id;
  };
  const hasMembership = async (person: number, periodId: number): Promise<boolean> =>
    Boolean(await trx('membership.memberships').where({ personId: person, periodId }).whereNot({ status: 'cancelled' }).first('id'));

  // Anna: a member last season (before this service), so her registration this season is a renewal.
  const anna = personId('Anna');
  if (!(await hasMembership(anna, DEMO_PREVIOUS_PERIOD_ID))) {
    const past = await recordPastMembership(trx, { personId: anna, periodId: DEMO_PREVIOUS_PERIOD_ID, membershipTypeCode: 'individual' });
    if (!past.ok) throw new Error(`demo seed: ${past.message}`);
  }

  // Erik: joined this season and paid by bank transfer, recorded by the operator: "Registered", with a number.
  const erik = personId('Erik');
  if (!(await hasMembership(erik, DEMO_PERIOD_ID))) {
    const order = await registerDemoOrder(trx, {
      accountId,
      periodId: DEMO_PERIOD_ID,
      today: addDays(opensOn, 50),
      persons: [{ personId: erik, membershipTypeCode: 'individual', options: [] }],
    });
    const operator = await scopeForUserKey(trx, DEMO_OPERATOR.registrationSystemId, DEMO_OPERATOR.userKey);
    if (!operator) throw new Error(`demo seed: the operator ${DEMO_OPERATOR.userKey} is missing`);
    const paid = await recordManualPayment(
      trx,
      operator,
      { orderReference: order.reference, amountMinor: order.totalMinor },
      { portalUrl: null },
    );
    if (!paid.ok) throw new Error(`demo seed: ${paid.message}`);
  }

  // Liv: registered this season, not paid yet: "Pending Payment".
  const liv = personId('Liv');
  if (!(await hasMembership(liv, DEMO_PERIOD_ID))) {
    await registerDemoOrder(trx, {
      accountId,
      periodId: DEMO_PERIOD_ID,
      today: addDays(opensOn, 58),
      persons: [{ personId: liv, membershipTypeCode: 'junior', options: ['insurance'] }],
    });
  }
  return organisationId;
}

async function registerDemoOrder(trx: Knex.Transaction, input: RegistrationOrderInput) {
  const result = await createRegistrationOrder(trx, input);
  if (!result.ok) throw new Error(`demo seed: ${result.message}`);
  return result.order;
}

/** Riverside's race, for the import pages: an event with its categories and no participants yet. Idempotent. */
const DEMO_EVENT = {
  name: 'Riverside 10K',
  categories: [
    { code: 'M', name: 'Men open' },
    { code: 'W', name: 'Women open' },
    { code: 'M40', name: 'Men 40+' },
    { code: 'W40', name: 'Women 40+' },
    { code: 'U18', name: 'Under 18' },
  ],
} as const;

async function seedEventDemo(trx: Knex.Transaction, organisationId: number): Promise<void> {
  const existing = await trx('membership.events').where({ organisationId, name: DEMO_EVENT.name }).first('id');
  if (existing) return;
  const [event] = await trx('membership.events')
    .insert({ organisationId, name: DEMO_EVENT.name, startsOn: addDays(todayIso(), 60), custom1Label: 'Club' })
    .returning('id');
  await trx('membership.event_categories').insert(DEMO_EVENT.categories.map((c) => ({ eventId: event.id, ...c })));
}
