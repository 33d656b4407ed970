import type { QuestionType } from './questionTypes';

/**
 * The contract's answer-validation rules for a question step (section "Errors"). The portal runs
 * them before it submits a step and the server runs the same function before it accepts one, so a
 * step the portal lets through is never refused for a rule reason by the server.
 *
 *   1. If `required` is false, the step is valid.
 *   2. For type ITC, every person's answer must be '1'.
 *   3. Persons with `hide` true are skipped.
 *   4. For type BCB, always valid (answers '1' or '0'; an empty answer is sent as '0').
 *   5. For type ONE, at least one person's answer must be '1'.
 *   6. For all other types, every non-hidden person's answer must be non-null and non-empty.
 *
 * Decisions the contract leaves open:
 * - Rule 3 applies to every check after rule 1, ITC included: a hidden person is exempt from answer
 *   validation (FormPersonDTO.hide), and the portal shows no check box for a hidden person, so
 *   requiring '1' from them would make the step impossible to submit.
 * - An answer made only of whitespace counts as empty for rule 6 (a blank text box is no answer).
 * - ITC and ONE compare the answer with '1' exactly; nothing is trimmed.
 * - With no non-hidden person, ITC and rule 6 are valid (nothing to check) and ONE is invalid
 *   (nobody answered '1').
 *
 * Input limits that are not contract rules (length, number format) are in `checkAnswerShape`.
 */

export interface PersonAnswer {
  id: number;
  answer: string | null | undefined;
  hide?: boolean;
}

export interface StepAnswers {
  questionType: QuestionType;
  required: boolean;
  people: readonly PersonAnswer[];
}

/** The six contract rules in the contract's order, each with a stable code. */
export const ANSWER_VALIDATION_RULES = [
  { number: 1, code: 'NOT_REQUIRED_IS_VALID', text: 'If required is false, the step is valid.' },
  { number: 2, code: 'ITC_ALL_MUST_AGREE', text: "For type ITC, every person's answer must be '1'." },
  { number: 3, code: 'HIDDEN_PERSONS_SKIPPED', text: 'Persons with hide true are skipped.' },
  { number: 4, code: 'BCB_ALWAYS_VALID', text: 'For type BCB, always valid.' },
  { number: 5, code: 'ONE_AT_LEAST_ONE', text: "For type ONE, at least one person's answer must be '1'." },
  { number: 6, code: 'ANSWER_REQUIRED', text: "For all other types, every non-hidden person's answer must be non-null and non-empty." },
] as const;

export type AnswerRuleCode = (typeof ANSWER_VALIDATION_RULES)[number]['code'];

/** Only rules 2, 5 and 6 can make a step invalid. */
export type AnswerViolationRule = Extract<AnswerRuleCode, 'ITC_ALL_MUST_AGREE' | 'ONE_AT_LEAST_ONE' | 'ANSWER_REQUIRED'>;

export interface Violation<Code extends string> {
  rule: Code;
  /** The person the violation is about; null when it concerns the step as a whole. */
  personId: number | null;
  message: string;
}

export type Verdict<Code extends string> = { valid: true } | { valid: false; violations: Violation<Code>[] };

export type AnswerValidationResult = Verdict<AnswerViolationRule>;

const VALID = { valid: true } as const;

function verdict<Code extends string>(violations: Violation<Code>[]): Verdict<Code> {
  return violations.length === 0 ? VALID : { valid: false, violations };
}

function isBlank(answer: string | null | undefined): boolean {
  return answer == null || answer.trim() === '';
}

function isTicked(person: PersonAnswer): boolean {
  return person.answer === '1';
}

export function validateStepAnswers(step: StepAnswers): AnswerValidationResult {
  // Rule 1.
  if (!step.required) return VALID;
  // Rule 3, applied to every check below (see the decision above).
  const people = step.people.filter((person) => person.hide !== true);
  // Rule 2.
  if (step.questionType === 'ITC') {
    return verdict(
      people
        .filter((person) => !isTicked(person))
        .map((person) => ({
          rule: 'ITC_ALL_MUST_AGREE' as const,
          personId: person.id,
          message: `Person ${person.id} must agree (answer '1').`,
        })),
    );
  }
  // Rule 4.
  if (step.questionType === 'BCB') return VALID;
  // Rule 5.
  if (step.questionType === 'ONE') {
    if (people.some(isTicked)) return VALID;
    return verdict([{ rule: 'ONE_AT_LEAST_ONE' as const, personId: null, message: "At least one person must answer '1'." }]);
  }
  // Rule 6.
  return verdict(
    people
      .filter((person) => isBlank(person.answer))
      .map((person) => ({
        rule: 'ANSWER_REQUIRED' as const,
        personId: person.id,
        message: `An answer is required for person ${person.id}.`,
      })),
  );
}

/** Rule 4's encoding: an empty BCB answer is sent as '0'. Whitespace-only counts as empty. */
export function normaliseBcbAnswer(answer: string | null | undefined): string {
  return isBlank(answer) ? '0' : (answer as string);
}

/* ------------------------------------------------------------------------------------------------
 * Input limits (not contract rules). The server applies them to every submitted answer, hidden or
 * not, required or not, so nothing unbounded or malformed is stored. A blank answer passes them:
 * whether an answer is needed at all is the business of `validateStepAnswers`.
 * --------------------------------------------------------------------------------------------- */

/** Longest accepted answer, counted in Unicode code points. */
export const MAX_ANSWER_LENGTH = 1000;

export type AnswerShapeCheck = 'ANSWER_TOO_LONG' | 'NUM_NOT_A_FINITE_NUMBER' | 'NUM_OUT_OF_RANGE' | 'FLAG_NOT_0_OR_1' | 'DUPLICATE_PERSON';

export type AnswerShapeResult = Verdict<AnswerShapeCheck>;

/** Plain decimal notation, optional sign, fraction and exponent; no hex, no 'Infinity', no comma. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const FLAG_TYPES: readonly QuestionType[] = ['BCB', 'ITC', 'ONE'];

export function checkAnswerLength(person: PersonAnswer): Violation<AnswerShapeCheck> | null {
  if (person.answer == null || [...person.answer].length <= MAX_ANSWER_LENGTH) return null;
  return {
    rule: 'ANSWER_TOO_LONG',
    personId: person.id,
    message: `The answer for person ${person.id} is longer than ${MAX_ANSWER_LENGTH} characters.`,
  };
}

/** A NUM answer, surrounding whitespace ignored, must be a finite number in decimal notation. */
export function checkNumericAnswer(person: PersonAnswer): Violation<AnswerShapeCheck> | null {
  if (isBlank(person.answer)) return null;
  const text = (person.answer as string).trim();
  if (DECIMAL.test(text) && Number.isFinite(Number(text))) return null;
  return { rule: 'NUM_NOT_A_FINITE_NUMBER', personId: person.id, message: `The answer for person ${person.id} must be a number.` };
}

/** A NUM question's bounds as its step defines them; null or absent: none of its own. */
export interface NumberBounds {
  min?: number | null;
  max?: number | null;
}

/**
 * The bounds a NUM answer must keep. A step without a minimum of its own refuses negatives: the
 * numbers a registration asks for (years of experience, children, kilometres) are counts, and a
 * question that means a signed number says so with its own minimum (issue 23, problem 7).
 */
export function numberRangeOf(bounds?: NumberBounds | null): { min: number; max: number | null } {
  return { min: bounds?.min ?? 0, max: bounds?.max ?? null };
}

/** A NUM answer that is a number lies within the step's range (numberRangeOf). */
export function checkNumberInRange(person: PersonAnswer, bounds?: NumberBounds | null): Violation<AnswerShapeCheck> | null {
  if (isBlank(person.answer) || checkNumericAnswer(person)) return null;
  const value = Number((person.answer as string).trim());
  const { min, max } = numberRangeOf(bounds);
  if (value >= min && (max === null || value <= max)) return null;
  const range = max === null ? `at least ${min}` : `between ${min} and ${max}`;
  return { rule: 'NUM_OUT_OF_RANGE', personId: person.id, message: `The answer for person ${person.id} must be ${range}.` };
}

/** Check-box answers (BCB, ITC, ONE) are '1' or '0'. */
export function checkFlagAnswer(person: PersonAnswer): Violation<AnswerShapeCheck> | null {
  if (isBlank(person.answer) || person.answer === '0' || person.answer === '1') return null;
  return { rule: 'FLAG_NOT_0_OR_1', personId: person.id, message: `The answer for person ${person.id} must be '1' or '0'.` };
}

export function checkDistinctPersons(people: readonly PersonAnswer[]): Violation<AnswerShapeCheck>[] {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const person of people) (seen.has(person.id) ? repeated : seen).add(person.id);
  return [...repeated].map((id) => ({
    rule: 'DUPLICATE_PERSON' as const,
    personId: id,
    message: `Person ${id} is listed more than once.`,
  }));
}

export function checkAnswerShape(
  step: Pick<StepAnswers, 'questionType' | 'people'> & { numberBounds?: NumberBounds | null },
): AnswerShapeResult {
  const perPerson = step.people.flatMap((person) => [
    checkAnswerLength(person),
    step.questionType === 'NUM' ? checkNumericAnswer(person) : null,
    step.questionType === 'NUM' ? checkNumberInRange(person, step.numberBounds) : null,
    FLAG_TYPES.includes(step.questionType) ? checkFlagAnswer(person) : null,
  ]);
  const violations = [...checkDistinctPersons(step.people), ...perPerson.filter((v): v is Violation<AnswerShapeCheck> => v !== null)];
  return verdict(violations);
}
