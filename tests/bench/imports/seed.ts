import { Readable } from 'node:stream';
import type { Knex } from '@ems/db';
import { copyFromStream } from './copyBaseline';
import { benchPerson, CATEGORY_CODES } from './generate';

/** The demo installation's registration system and organisation (seededBenchDatabase). */
export const REGISTRATION_SYSTEM_ID = 1;
const ORGANISATION_SLUG = 'riverside-ac';
/** The demo organisation's operator (ROLE_ORG_ADMIN) the uploads are made as. */
export const OPERATOR_USER_KEY = 'olga.operator';

const CATEGORY_NAMES: Record<(typeof CATEGORY_CODES)[number], string> = {
  M: 'Men',
  W: 'Women',
  M40: 'Men 40+',
  W40: 'Women 40+',
  U18: 'Under 18',
};

export async function demoOrganisationId(knex: Knex): Promise<number> {
  const row = (await knex('membership.organisations')
    .where({ registrationSystemId: REGISTRATION_SYSTEM_ID, slug: ORGANISATION_SLUG })
    .first('id')) as { id: number } | undefined;
  if (!row) throw new Error(`the demo organisation ${ORGANISATION_SLUG} is not in the bench database`);
  return row.id;
}

function* personLines(count: number): Generator<string> {
  const batch = 2000;
  for (let start = 0; start < count; start += batch) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(start + batch, count); i++) {
      const p = benchPerson(i);
      lines.push(`${REGISTRATION_SYSTEM_ID},${p.firstName},${p.lastName},${p.dateOfBirth},${p.email}\n`);
    }
    yield lines.join('');
  }
}

/**
 * The organisation's existing persons (benchPerson(0 .. count-1)), written with COPY: creating
 * them is not what is measured. Analysed afterwards, as a real table of that size would be.
 */
export async function seedPersons(knex: Knex, databaseUrl: string, count: number): Promise<number> {
  const copied = await copyFromStream(
    databaseUrl,
    'COPY membership.persons (registration_system_id, first_name, last_name, date_of_birth, email) FROM STDIN (FORMAT csv)',
    Readable.from(personLines(count)),
  );
  await knex.raw('ANALYZE membership.persons');
  return copied;
}

/** A fresh event of the organisation with the categories the files use, so that no row of an import is UNCHANGED. */
export async function createBenchEvent(knex: Knex, organisationId: number, name: string): Promise<number> {
  return knex.transaction(async (trx) => {
    const [event] = (await trx('membership.events').insert({ organisationId, name }).returning('id')) as Array<{ id: number }>;
    await trx('membership.event_categories').insert(
      CATEGORY_CODES.map((code) => ({ eventId: event!.id, code, name: CATEGORY_NAMES[code] })),
    );
    return event!.id;
  });
}
