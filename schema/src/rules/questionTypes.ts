/**
 * Question type codes of a registration step (FormDTO.questionType). The contract lists the codes
 * and, through the answer-validation rules, the meaning of BCB, ITC and ONE; the meanings of the
 * other codes are read from their names and from FormDTO.options (choice options of the question).
 */
export const QUESTION_TYPES = ['TXT', 'NUM', 'DRP', 'BCB', 'ITC', 'ONE', 'RDO', 'SEL'] as const;

export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_MEANINGS: Readonly<Record<QuestionType, string>> = {
  TXT: 'Free text answer per person.',
  NUM: 'Numeric answer per person.',
  DRP: 'Drop-down: one of the question options per person.',
  BCB: "Boolean check box per person: '1' ticked, '0' not ticked (an empty answer is sent as '0').",
  ITC: "Agreement check box (e.g. terms and conditions): every person must answer '1'.",
  ONE: "Check box of which at least one person must answer '1'.",
  RDO: 'Radio buttons: one of the question options per person.',
  SEL: 'Selection list: a choice from the question options per person.',
};

export function isQuestionType(value: unknown): value is QuestionType {
  return typeof value === 'string' && (QUESTION_TYPES as readonly string[]).includes(value);
}
