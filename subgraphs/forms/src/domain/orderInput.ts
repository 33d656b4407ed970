import type { AnswerRow, DefinitionRow } from '../data/rows';
import type { OptionCode, RegistrationOrderInput } from './membershipPort';
import { answersRefused, type FormFailure, type FormViolation } from './types';

type OrderPersons = RegistrationOrderInput['persons'];

/**
 * What the order is made of, read from the answers of the steps that carry an `answer_key`
 * (design: membershipType, insurance, magazine, transferFromClub). Options the period does not
 * offer are left out rather than refused: the question may exist in a definition that several
 * periods share. A missing or unknown membership type is refused, naming the person.
 */
export function orderPersonsFromAnswers(
  definition: DefinitionRow,
  answers: readonly AnswerRow[],
  personIds: readonly number[],
  period: { membershipTypes: Array<{ code: string }>; options: readonly OptionCode[] },
): { ok: true; persons: OrderPersons } | { ok: false; failure: FormFailure } {
  // Step number of each answer key (step 1 is the overview, so question i is step i + 2).
  const stepOf = new Map<string, number>(definition.steps.flatMap((s, i) => (s.answerKey ? [[s.answerKey, i + 2] as const] : [])));
  const answerOf = (key: string, personId: number): string | null => {
    const step = stepOf.get(key);
    if (step === undefined) return null;
    return answers.find((a) => a.step === step && a.personId === personId)?.answer ?? null;
  };
  const typeCodes = new Set(period.membershipTypes.map((t) => t.code));
  const violations: FormViolation[] = [];

  const persons: OrderPersons = personIds.map((personId) => {
    const membershipTypeCode = answerOf('membershipType', personId)?.trim() ?? '';
    if (!membershipTypeCode) {
      violations.push({ rule: 'MEMBERSHIP_TYPE_REQUIRED', personId, message: `Choose a membership type for person ${personId}.` });
    } else if (!typeCodes.has(membershipTypeCode)) {
      violations.push({ rule: 'MEMBERSHIP_TYPE_UNKNOWN', personId, message: `The membership type for person ${personId} is not offered.` });
    }
    const options = (['insurance', 'magazine'] as const).filter((o) => period.options.includes(o) && answerOf(o, personId) === '1');
    const transferFromClub = answerOf('transferFromClub', personId)?.trim();
    return { personId, membershipTypeCode, options, ...(transferFromClub ? { transferFromClub } : {}) };
  });

  return violations.length > 0 ? answersRefused(violations) : { ok: true, persons };
}
