import type { Knex } from '@ems/db';
import type { PersonMatch, PersonMatchInput, PersonSnapshot } from '@ems/membership/events';
import type * as events from '@ems/membership/events';
import type { FieldChange, SampleComparison, Verification } from '../domain/stages/verifying';
import { gate, type SourceKind } from './eventParticipants/gating';

/**
 * F4 person matching and the F7 fingerprint check of the flows whose rows name persons (event
 * participants, members): the same gating, the same match input, the same sample comparison and
 * warnings.
 */
export interface PersonRowKeys {
  rowNo: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  email: string | null;
  personId: number | null;
  externalId: string | null;
}

export interface PersonSourceConfig {
  sourceKind: SourceKind;
  sourceSystemId: number | null;
  trustPKs: boolean;
  updatePII: boolean;
}

export type PersonVerificationPort = Pick<typeof events, 'matchPersons' | 'personsByIds' | 'countExternalIds'>;

/** The row as matchPersons takes it: only the key the gating trusts. */
export function personMatchInput(row: PersonRowKeys, config: PersonSourceConfig): PersonMatchInput {
  const g = gate(config.sourceKind, config.trustPKs, config.updatePII);
  return {
    key: row.rowNo,
    trustedPersonId: g.trustedKey === 'personId' ? row.personId : null,
    sourceSystemId: config.sourceSystemId,
    trustedExternalId: g.trustedKey === 'externalId' ? row.externalId : null,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
  };
}

/**
 * F7 thresholds: of the sampled rows whose trusted key found a person, this share or more
 * naming someone else means "wrong file or wrong source"; and a source that has given us keys
 * before but none of whose keys in a sample of at least MIN_SAMPLE rows is known.
 */
const OTHER_PERSON_SHARE = 0.3;
const MIN_SAMPLE = 10;

function sameName(a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }): boolean {
  const n = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toLowerCase();
  return n(a.firstName) === n(b.firstName) && n(a.lastName) === n(b.lastName);
}

/** F7 on a sample: the person each row matches, the field-level changes the import would make, and the warning if any. */
export async function verifyPersonSample(
  port: PersonVerificationPort,
  db: Knex,
  registrationSystemId: number,
  config: PersonSourceConfig,
  valid: readonly PersonRowKeys[],
): Promise<Verification> {
  const g = gate(config.sourceKind, config.trustPKs, config.updatePII);
  const matches = await port.matchPersons(
    db,
    registrationSystemId,
    valid.map((r) => personMatchInput(r, config)),
  );
  const matchOf = new Map(matches.map((m) => [m.key, m]));
  const personIds = matches.flatMap((m) => (m.personId ? [m.personId] : []));
  const persons = new Map<number, PersonSnapshot>((await port.personsByIds(db, registrationSystemId, personIds)).map((p) => [p.id, p]));
  const comparisons: SampleComparison[] = valid.map((row) => {
    const m = matchOf.get(row.rowNo) as PersonMatch;
    const person = m.personId ? persons.get(m.personId) : undefined;
    const changes: FieldChange[] = [];
    if (person) {
      const pairs: Array<[string, string | null, string | null]> = [
        ['firstName', person.firstName, row.firstName],
        ['lastName', person.lastName, row.lastName],
        ['dateOfBirth', person.dateOfBirth, row.dateOfBirth],
        ['email', person.email, row.email],
      ];
      for (const [field, current, file] of pairs) {
        if (file !== null && file !== current) changes.push({ field, current, file, applied: g.updatePII && m.kind === 'TRUSTED_KEY' });
      }
    }
    const file: Record<string, string> = { firstName: row.firstName, lastName: row.lastName };
    if (row.dateOfBirth) file.dateOfBirth = row.dateOfBirth;
    if (row.externalId) file.externalId = row.externalId;
    if (row.personId) file.personId = String(row.personId);
    return { rowNo: row.rowNo, file, personId: m.personId, matchKind: m.kind, changes };
  });
  let warning: Verification['warning'] = null;
  const byKey = valid.map((row) => ({ row, m: matchOf.get(row.rowNo) as PersonMatch })).filter((x) => x.m.kind === 'TRUSTED_KEY');
  const otherPerson = byKey.filter(({ row, m }) => {
    const p = m.personId ? persons.get(m.personId) : undefined;
    return p !== undefined && !sameName(p, row);
  });
  if (byKey.length > 0 && otherPerson.length / byKey.length >= OTHER_PERSON_SHARE) {
    warning = {
      code: 'KEYS_MATCH_OTHER_PERSONS',
      message: `In ${otherPerson.length} of ${byKey.length} sampled rows the key names a different person: is this the right file, from the right source system?`,
    };
  } else if (config.sourceKind === 'external' && config.sourceSystemId !== null && valid.filter((r) => r.externalId).length >= MIN_SAMPLE) {
    const known = await port.countExternalIds(db, registrationSystemId, config.sourceSystemId);
    const keyed = valid.filter((r) => r.externalId);
    if (known > 0 && config.trustPKs && byKey.length === 0) {
      warning = {
        code: 'NO_KNOWN_KEYS',
        message: `None of the ${keyed.length} sampled IDs is known from this source system, which has sent ${known} before: is this the right source system?`,
      };
    }
  }
  return { performed: true, skippedBecause: null, sample: comparisons, warning, acknowledged: false };
}
