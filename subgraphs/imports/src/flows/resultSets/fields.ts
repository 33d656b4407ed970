import type { FieldDefinition } from '../../domain/fields';
import type { ResultSetImportConfig } from './config';
import type { ParticipantKeyKind } from './membershipPort';

/**
 * The result-set import's columns. The participantIdMode decides which key column is required
 * and read (the other keys' columns are ignored, F9); the bib is read as a key in BIB mode, or as
 * the new start number when number changes are applied. Names are read only to name a row that
 * finds no participant. A rank column is never read: ranks follow from the times.
 */
const KEY_FIELDS: Record<ParticipantKeyKind, FieldDefinition> = {
  BIB: {
    name: 'bib',
    label: 'Bib',
    aliases: ['bib number', 'start number', 'startnummer', 'start no', 'start nr', 'st nr', 'stnr', 'number', 'nr', 'no', 'dossard'],
    required: false,
  },
  PARTICIPANT_ID: {
    name: 'participantId',
    label: 'Participant ID',
    aliases: ['participant id', 'participantid', 'participant nr', 'teilnehmer id', 'teilnehmer nr'],
    required: false,
  },
  EXTERNAL_ID: {
    name: 'externalId',
    label: 'External ID',
    aliases: ['external id', 'athlete id', 'registration id', 'id'],
    required: false,
  },
};

const TIME: FieldDefinition = {
  name: 'time',
  label: 'Time',
  aliases: ['finish time', 'net time', 'chip time', 'race time', 'result', 'zeit', 'nettozeit', 'endzeit', 'laufzeit', 'ergebnis'],
  required: true,
};

const STATUS: FieldDefinition = {
  name: 'status',
  label: 'Status',
  aliases: ['result status', 'state', 'wertung'],
  required: false,
};

const NAMES: readonly FieldDefinition[] = [
  { name: 'firstName', label: 'First name', aliases: ['first name', 'firstname', 'given name', 'forename', 'vorname'], required: false },
  {
    name: 'lastName',
    label: 'Last name',
    aliases: ['last name', 'lastname', 'surname', 'family name', 'nachname', 'name'],
    required: false,
  },
];

/** Every column the flow can read (the field registry as listed), or the columns one upload's options read. */
export function resultSetFields(config: Pick<ResultSetImportConfig, 'participantIdMode' | 'applyNumberChanges'> | null): FieldDefinition[] {
  if (!config) return [...Object.values(KEY_FIELDS), TIME, STATUS, ...NAMES];
  const key = { ...KEY_FIELDS[config.participantIdMode], required: true };
  const newNumber = config.participantIdMode !== 'BIB' && config.applyNumberChanges ? [KEY_FIELDS.BIB] : [];
  return [key, ...newNumber, TIME, STATUS, ...NAMES];
}
