import type { FieldDefinition } from '../../domain/fields';
import { PARTICIPANT_FIELDS } from '../eventParticipants/fields';

/** A person column as the participant import defines it: one list of aliases for names, dates and e-mail. */
function personField(name: string, overrides: Partial<FieldDefinition> = {}): FieldDefinition {
  const field = PARTICIPANT_FIELDS.find((f) => f.name === name);
  if (!field) throw new Error(`no participant field ${name}`);
  return { ...field, ...overrides };
}

/**
 * The membership import's columns (docs/imports.md, "Membership import"): one row per person.
 * Aliases cover the headers of club spreadsheets and the member systems clubs leave, in English
 * and German, matched after `normaliseHeader`.
 */
export const MEMBER_FIELDS: readonly FieldDefinition[] = [
  personField('personId'),
  {
    name: 'externalId',
    label: 'External ID',
    aliases: ['external id', 'id', 'source id', 'legacy id', 'old id', 'contact id', 'kontakt id', 'kundennummer'],
    required: false,
    externalOnly: true,
  },
  personField('firstName'),
  personField('lastName'),
  // Required: a membership's price depends on the age group, as in an online registration.
  personField('dateOfBirth', { required: true }),
  personField('email'),
  {
    name: 'userKey',
    label: 'User key',
    aliases: ['user key', 'userkey', 'user id', 'userid', 'login', 'username', 'user name', 'website login', 'benutzer', 'benutzername'],
    required: false,
  },
  {
    name: 'householdKey',
    label: 'Household',
    aliases: ['household', 'household key', 'household id', 'family', 'family id', 'family key', 'haushalt', 'familie', 'familien id'],
    required: false,
  },
  {
    name: 'membershipType',
    label: 'Membership type',
    aliases: ['membership type', 'type', 'membership', 'member type', 'tariff', 'mitgliedsart', 'beitragsart', 'tarif'],
    required: true,
    foreignKey: 'membershipType',
  },
  {
    name: 'period',
    label: 'Period',
    aliases: ['period', 'membership period', 'season', 'year', 'saison', 'jahr', 'beitragsjahr'],
    required: false,
    foreignKey: 'period',
  },
  {
    name: 'status',
    label: 'Status',
    aliases: ['status', 'state', 'payment status', 'paid', 'zahlungsstatus', 'bezahlt'],
    required: false,
  },
  {
    name: 'membershipNumber',
    label: 'Membership number',
    aliases: [
      'membership number',
      'member number',
      'membership no',
      'member no',
      'number',
      'mitgliedsnummer',
      'mitglieds nr',
      'mitgliedsnr',
    ],
    required: false,
  },
  {
    name: 'memberSince',
    label: 'Member since',
    aliases: ['member since', 'since', 'joined', 'joined on', 'join date', 'mitglied seit', 'eintritt', 'eintrittsdatum'],
    required: false,
  },
];
