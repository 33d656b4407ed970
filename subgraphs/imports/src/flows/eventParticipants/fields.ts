import type { FieldDefinition } from '../../domain/fields';

/**
 * The event-participant import's columns. Aliases cover the headers timing companies and other
 * platforms write, in English and German (the first customers' clubs), matched after
 * `normaliseHeader`.
 */
export const PARTICIPANT_FIELDS: readonly FieldDefinition[] = [
  {
    name: 'personId',
    label: 'Person ID',
    aliases: ['person id', 'personid', 'person nr', 'personennummer'],
    required: false,
    selfOnly: true,
  },
  {
    name: 'externalId',
    label: 'External ID',
    aliases: ['external id', 'participant id', 'id', 'registration id', 'teilnehmer id', 'athlete id'],
    required: false,
    externalOnly: true,
  },
  { name: 'firstName', label: 'First name', aliases: ['first name', 'firstname', 'given name', 'forename', 'vorname'], required: true },
  {
    name: 'lastName',
    label: 'Last name',
    aliases: ['last name', 'lastname', 'surname', 'family name', 'nachname', 'familienname', 'zuname', 'name'],
    required: true,
  },
  {
    name: 'dateOfBirth',
    label: 'Date of birth',
    aliases: ['date of birth', 'dob', 'birth date', 'birthdate', 'born', 'geburtsdatum', 'geb datum', 'geb am', 'geburtstag'],
    required: false,
  },
  { name: 'email', label: 'Email', aliases: ['email', 'e mail', 'email address', 'mail'], required: false },
  { name: 'bib', label: 'Bib', aliases: ['bib', 'bib number', 'start number', 'startnummer', 'start no', 'number'], required: false },
  {
    name: 'category',
    label: 'Category',
    aliases: ['category', 'class', 'age group', 'klasse', 'kategorie', 'altersklasse'],
    required: false,
    foreignKey: 'category',
  },
];
