import {
  ANSWER_VALIDATION_RULES,
  MAX_ANSWER_LENGTH,
  checkAnswerShape,
  normaliseBcbAnswer,
  validateStepAnswers,
  type PersonAnswer,
  type StepAnswers,
} from './answerValidation';
import { QUESTION_TYPES, type QuestionType } from './questionTypes';

const person = (id: number, answer: string | null, hide = false): PersonAnswer => ({ id, answer, hide });
const step = (questionType: QuestionType, people: PersonAnswer[], required = true): StepAnswers => ({ questionType, required, people });

describe('answer validation rules, in the contract order', () => {
  it('lists the six contract rules in order', () => {
    expect(ANSWER_VALIDATION_RULES.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  describe('rule 1: if required is false, the step is valid', () => {
    it.each(QUESTION_TYPES)('passes: %s, not required, no answers', (type) => {
      expect(validateStepAnswers(step(type, [person(1, null), person(2, '')], false))).toEqual({ valid: true });
    });
    it('fails once required: the same empty TXT answers are refused', () => {
      expect(validateStepAnswers(step('TXT', [person(1, null)], true)).valid).toBe(false);
    });
  });

  describe("rule 2: for ITC every person's answer must be '1'", () => {
    it('passes when everyone answered 1', () => {
      expect(validateStepAnswers(step('ITC', [person(1, '1'), person(2, '1')]))).toEqual({ valid: true });
    });
    it('fails for each person who did not answer 1, naming them', () => {
      expect(validateStepAnswers(step('ITC', [person(1, '1'), person(2, '0'), person(3, null)]))).toEqual({
        valid: false,
        violations: [
          { rule: 'ITC_ALL_MUST_AGREE', personId: 2, message: "Person 2 must agree (answer '1')." },
          { rule: 'ITC_ALL_MUST_AGREE', personId: 3, message: "Person 3 must agree (answer '1')." },
        ],
      });
    });
    it("compares with '1' exactly (' 1' is not agreement)", () => {
      expect(validateStepAnswers(step('ITC', [person(1, ' 1')])).valid).toBe(false);
    });
  });

  describe('rule 3: persons with hide true are skipped', () => {
    it.each<[QuestionType, string | null]>([
      ['TXT', null],
      ['ITC', '0'],
    ])('passes: a hidden person with answer %s/%s does not count', (type, answer) => {
      expect(validateStepAnswers(step(type, [person(1, type === 'ITC' ? '1' : 'x'), person(2, answer, true)]))).toEqual({ valid: true });
    });
    it('fails: the same person not hidden is checked', () => {
      expect(validateStepAnswers(step('TXT', [person(1, 'x'), person(2, null, false)]))).toEqual({
        valid: false,
        violations: [{ rule: 'ANSWER_REQUIRED', personId: 2, message: 'An answer is required for person 2.' }],
      });
    });
    it("fails for ONE when only a hidden person answered '1'", () => {
      expect(validateStepAnswers(step('ONE', [person(1, '0'), person(2, '1', true)])).valid).toBe(false);
    });
  });

  describe('rule 4: BCB is always valid', () => {
    it.each<string | null>(['1', '0', '', null])('passes with answer %p', (answer) => {
      expect(validateStepAnswers(step('BCB', [person(1, answer)]))).toEqual({ valid: true });
    });
    it('fails for another type with the same empty answer (rule 6 instead)', () => {
      expect(validateStepAnswers(step('DRP', [person(1, '')])).valid).toBe(false);
    });
    it.each<[string | null | undefined, string]>([
      ['', '0'],
      [null, '0'],
      [undefined, '0'],
      ['  ', '0'],
      ['1', '1'],
      ['0', '0'],
    ])('normaliseBcbAnswer(%p) is %p', (answer, expected) => {
      expect(normaliseBcbAnswer(answer)).toBe(expected);
    });
  });

  describe("rule 5: for ONE at least one person's answer must be '1'", () => {
    it("passes when one person answered '1'", () => {
      expect(validateStepAnswers(step('ONE', [person(1, '0'), person(2, '1'), person(3, null)]))).toEqual({ valid: true });
    });
    it("fails when nobody answered '1', about the step as a whole", () => {
      expect(validateStepAnswers(step('ONE', [person(1, '0'), person(2, null)]))).toEqual({
        valid: false,
        violations: [{ rule: 'ONE_AT_LEAST_ONE', personId: null, message: "At least one person must answer '1'." }],
      });
    });
    it('fails with no non-hidden person at all', () => {
      expect(validateStepAnswers(step('ONE', [])).valid).toBe(false);
    });
  });

  describe("rule 6: every other type needs every non-hidden person's answer non-null and non-empty", () => {
    const others: QuestionType[] = ['TXT', 'NUM', 'DRP', 'RDO', 'SEL'];
    it.each(others)('passes: %s with every answer given', (type) => {
      expect(validateStepAnswers(step(type, [person(1, 'a'), person(2, '0')]))).toEqual({ valid: true });
    });
    it.each(others)('fails: %s with a null, an empty and a whitespace-only answer', (type) => {
      const result = validateStepAnswers(step(type, [person(1, null), person(2, ''), person(3, '   '), person(4, 'ok')]));
      expect(result).toEqual({
        valid: false,
        violations: [1, 2, 3].map((id) => ({ rule: 'ANSWER_REQUIRED', personId: id, message: `An answer is required for person ${id}.` })),
      });
    });
    it('passes with no person to answer', () => {
      expect(validateStepAnswers(step('TXT', [person(1, null, true)]))).toEqual({ valid: true });
    });
  });
});

describe('answer shape checks (input limits, not contract rules)', () => {
  it('passes a blank answer of any type', () => {
    for (const type of QUESTION_TYPES) expect(checkAnswerShape(step(type, [person(1, null), person(2, '')]))).toEqual({ valid: true });
  });

  it.each([
    ['x'.repeat(MAX_ANSWER_LENGTH), true],
    ['x'.repeat(MAX_ANSWER_LENGTH + 1), false],
    ['😀'.repeat(MAX_ANSWER_LENGTH), true],
  ])('ANSWER_TOO_LONG: an answer of %#: valid %p', (answer, valid) => {
    const result = checkAnswerShape(step('TXT', [person(7, answer)]));
    expect(result.valid).toBe(valid);
    if (!result.valid) expect(result.violations).toEqual([expect.objectContaining({ rule: 'ANSWER_TOO_LONG', personId: 7 })]);
  });

  it.each([
    ['12', true],
    [' -3.5 ', true],
    ['1e3', true],
    ['.5', true],
    ['abc', false],
    ['0x10', false],
    ['Infinity', false],
    ['1e400', false],
    ['1,5', false],
  ])('NUM_NOT_A_FINITE_NUMBER: %p valid %p', (answer, valid) => {
    // A signed number question (its own minimum), so that only the format is judged here.
    const result = checkAnswerShape({ ...step('NUM', [person(1, answer)]), numberBounds: { min: -1e9 } });
    expect(result.valid).toBe(valid);
    if (!result.valid) expect(result.violations[0]).toMatchObject({ rule: 'NUM_NOT_A_FINITE_NUMBER', personId: 1 });
  });

  it.each<[string, { min?: number | null; max?: number | null } | null, boolean]>([
    ['-3', null, false],
    ['0', null, true],
    ['12', null, true],
    ['-0.5', { min: null, max: 10 }, false],
    ['11', { max: 10 }, false],
    ['10', { max: 10 }, true],
    ['-3', { min: -5 }, true],
    ['4', { min: 5, max: 9 }, false],
    ['', null, true],
    ['abc', null, false],
  ])('NUM_OUT_OF_RANGE: %p within %p: valid %p (no minimum of its own: 0)', (answer, numberBounds, valid) => {
    const result = checkAnswerShape({ ...step('NUM', [person(1, answer)]), numberBounds });
    expect(result.valid).toBe(valid);
    if (!result.valid && answer !== 'abc')
      expect(result.violations).toEqual([expect.objectContaining({ rule: 'NUM_OUT_OF_RANGE', personId: 1 })]);
  });

  it.each<[QuestionType, string, boolean]>([
    ['BCB', '1', true],
    ['ITC', '0', true],
    ['ONE', 'yes', false],
    ['BCB', 'true', false],
    ['TXT', 'yes', true],
  ])('FLAG_NOT_0_OR_1: %s answer %p valid %p', (type, answer, valid) => {
    const result = checkAnswerShape(step(type, [person(1, answer)]));
    expect(result.valid).toBe(valid);
    if (!result.valid) expect(result.violations[0]).toMatchObject({ rule: 'FLAG_NOT_0_OR_1' });
  });

  it('DUPLICATE_PERSON: a person listed twice', () => {
    expect(checkAnswerShape(step('TXT', [person(1, 'a'), person(1, 'b'), person(2, 'c')]))).toEqual({
      valid: false,
      violations: [{ rule: 'DUPLICATE_PERSON', personId: 1, message: 'Person 1 is listed more than once.' }],
    });
  });

  it('checks hidden persons too', () => {
    expect(checkAnswerShape(step('NUM', [person(1, 'abc', true)])).valid).toBe(false);
  });
});
