import { InputError } from '@ems/schema';

/**
 * Source-system gating on the triple (is_self, trustPKs, updatePII) for the event-participant
 * import (contract "Import bookend contract" item 4; decisions in docs/decisions.md, "Import
 * gating"). Trusting the file's keys needs a source system to say whose keys they are; changing
 * a person's personal data needs a trusted key, because a name match can be wrong.
 *
 * | source          | trustPKs | updatePII | allowed | persons are found by |
 * |-----------------|----------|-----------|---------|----------------------|
 * | none            | false    | false     | yes     | name and date of birth (exact, then fuzzy) |
 * | none            | true     | any       | no      |  |
 * | none            | false    | true      | no      |  |
 * | self (ours)     | false    | false     | yes     | name and date of birth; the Person ID column is ignored |
 * | self            | true     | false     | yes     | the Person ID column, then name and date of birth |
 * | self            | true     | true      | yes     | the Person ID column; names, date of birth and email are updated |
 * | self / external | false    | true      | no      |  |
 * | external        | false    | false     | yes     | name and date of birth; external ids are recorded |
 * | external        | true     | false     | yes     | the source's External ID, then name and date of birth |
 * | external        | true     | true      | yes     | the External ID; personal data of persons found by it are updated |
 */
export type SourceKind = 'none' | 'self' | 'external';

export interface Gate {
  /** Which key the matching trusts, if any. */
  trustedKey: 'personId' | 'externalId' | null;
  /** Personal data may change, and only for persons found by the trusted key. */
  updatePII: boolean;
}

export function gate(source: SourceKind, trustPKs: boolean, updatePII: boolean): Gate {
  if (source === 'none' && trustPKs) {
    throw new InputError('trustPKs needs a source system: whose keys would be trusted?', { code: 'GATING_TRUST_WITHOUT_SOURCE' });
  }
  if (updatePII && !trustPKs) {
    throw new InputError('updatePII needs trustPKs: personal data is only changed for persons found by a trusted key', {
      code: 'GATING_PII_WITHOUT_TRUST',
    });
  }
  if (!trustPKs) return { trustedKey: null, updatePII: false };
  return { trustedKey: source === 'self' ? 'personId' : 'externalId', updatePII };
}
