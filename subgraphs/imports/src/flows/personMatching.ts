import type { Knex } from '@ems/db';
import type { PersonMatch, PersonMatchInput, PersonMatchScope, PersonSnapshot, PersonWrite } from '@ems/membership/events';
import type * as events from '@ems/membership/events';
import type { ImportJobRecord } from '../data/jobs';
import type { ImportRowResult } from '../domain/rowProcessor';
import { unresolvedPerson } from '../domain/rowResults';
import type { FieldChange, SampleComparison, Verification } from '../domain/stages/verifying';
import { gate, type Gate, type SourceKind } from './eventParticipants/gating';

/**
 * F4 person matching, F8 merge candidates and the F7 fingerprint check of the flows whose rows name
 * persons (event participants, members): the same gating, the same match input and refusals, the
 * same candidates, the same sample comparison and warnings.
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

/** The job as person matching needs it: whose persons it may find, and in which registration system. */
export type MatchingJob = Pick<ImportJobRecord, 'id' | 'registrationSystemId' | 'organisationId' | 'createdAt'>;

/**
 * The persons a job may find (docs/decisions.md, "Organisation boundary in imports"): those
 * connected to its organisation before its upload, and those it created itself. Anyone else, in
 * the same registration system or not, is at most a merge candidate: a file never reads or
 * changes another organisation's persons.
 */
export function matchScopeOf(job: MatchingJob): PersonMatchScope {
  return { organisationIds: [job.organisationId], startedAt: job.createdAt, importJobId: job.id };
}

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
 * The person half of a matched row's write (a participant's or a member's): who it is, its
 * personal data, and the source system's key. Personal data changes only for persons found by
 * the trusted key (gating).
 */
export function personWriteOf(row: PersonRowKeys, match: PersonMatch, config: PersonSourceConfig, g: Gate): PersonWrite {
  const external = config.sourceKind === 'external';
  return {
    key: row.rowNo,
    personId: match.personId,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    email: row.email,
    updatePII: g.updatePII && match.kind === 'TRUSTED_KEY',
    sourceSystemId: external ? config.sourceSystemId : null,
    externalId: external ? row.externalId : null,
  };
}

/**
 * F4 for a chunk: each row's match, and the rows that can be written. A row whose trusted Person
 * ID (this system's own export) names nobody of the job's organisation (unknown, or another
 * organisation's: the two read alike) cannot say who it is: UNRESOLVED_PERSON.
 */
export async function matchChunkRows<Row extends PersonRowKeys>(
  port: Pick<typeof events, 'matchPersons'>,
  trx: Knex.Transaction,
  job: MatchingJob,
  config: PersonSourceConfig,
  rows: readonly Row[],
): Promise<{ matchOf: Map<number, PersonMatch>; writable: Row[]; unresolved: ImportRowResult[] }> {
  const g = gate(config.sourceKind, config.trustPKs, config.updatePII);
  const matches = await port.matchPersons(
    trx,
    job.registrationSystemId,
    matchScopeOf(job),
    rows.map((r) => personMatchInput(r, config)),
  );
  const matchOf = new Map(matches.map((m) => [m.key, m]));
  const writable: Row[] = [];
  const unresolved: ImportRowResult[] = [];
  for (const row of rows) {
    const m = matchOf.get(row.rowNo) as PersonMatch;
    if (g.trustedKey === 'personId' && row.personId !== null && m.trustedKeyUnknown) {
      unresolved.push({
        rowNo: row.rowNo,
        outcome: 'FAILED',
        personId: null,
        targetId: null,
        matchKind: null,
        failure: unresolvedPerson(row.firstName, row.lastName, `Person ID ${row.personId} is not a person of this club`),
      });
    } else writable.push(row);
  }
  return { matchOf, writable, unresolved };
}

/**
 * F8: at most this many merge candidates per new person, the most similar first (membership
 * lists them by score). An operator decides a handful; a longer list is noise, and a large file
 * of common names would otherwise create more candidates than rows.
 */
const MERGE_CANDIDATES_PER_ROW = 3;

/**
 * F8 for a chunk: the persons its rows created, each with the others F4 said it may be, recorded
 * in one call and attached to their rows' results. Answers how many were recorded.
 */
export async function recordMergeCandidates(
  port: Pick<typeof events, 'createMergeCandidates'>,
  trx: Knex.Transaction,
  job: { id: string; registrationSystemId: number },
  created: ReadonlyArray<{ key: number; personId: number | null }>,
  matchOf: ReadonlyMap<number, PersonMatch>,
  results: ReadonlyMap<number, ImportRowResult>,
): Promise<number> {
  const candidates = created.flatMap(({ key, personId }) =>
    personId === null
      ? []
      : (matchOf.get(key)?.candidates ?? []).slice(0, MERGE_CANDIDATES_PER_ROW).map((c) => ({
          personId,
          candidatePersonId: c.personId,
          score: c.score,
          reason: c.score >= 1 ? 'Same name and date of birth' : 'Similar name, same date of birth',
          importJobId: job.id,
          key,
        })),
  );
  if (candidates.length === 0) return 0;
  const recorded = await port.createMergeCandidates(trx, job.registrationSystemId, candidates);
  const rowOfPerson = new Map(created.map((c) => [c.personId, c.key]));
  for (const mc of recorded) {
    const row = results.get(rowOfPerson.get(mc.personId) as number);
    if (row) row.mergeCandidates = [...(row.mergeCandidates ?? []), mc];
  }
  return recorded.length;
}

/** The chunk's outcome counters. */
export function outcomeCounts(rows: readonly ImportRowResult[]): { created: number; updated: number; unchanged: number; failed: number } {
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  for (const r of rows) {
    if (r.outcome === 'CREATED') counts.created++;
    else if (r.outcome === 'UPDATED') counts.updated++;
    else if (r.outcome === 'UNCHANGED') counts.unchanged++;
    else counts.failed++;
  }
  return counts;
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
  job: MatchingJob,
  config: PersonSourceConfig,
  valid: readonly PersonRowKeys[],
): Promise<Verification> {
  const g = gate(config.sourceKind, config.trustPKs, config.updatePII);
  const registrationSystemId = job.registrationSystemId;
  const scope = matchScopeOf(job);
  const matches = await port.matchPersons(
    db,
    registrationSystemId,
    scope,
    valid.map((r) => personMatchInput(r, config)),
  );
  const matchOf = new Map(matches.map((m) => [m.key, m]));
  const personIds = matches.flatMap((m) => (m.personId ? [m.personId] : []));
  const persons = new Map<number, PersonSnapshot>(
    (await port.personsByIds(db, registrationSystemId, scope, personIds)).map((p) => [p.id, p]),
  );
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
