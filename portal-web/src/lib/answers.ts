import { checkAnswerShape, MAX_ANSWER_LENGTH, normaliseBcbAnswer, validateStepAnswers, type QuestionType } from '@ems/schema/rules';
import { texts } from './texts';

/** What the answer logic needs of a FormPerson. */
export interface AnswerPerson {
  id: number;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD; a minor's consent is asked of the adult registering them. */
  dateOfBirth?: string | null;
  answer: string | null;
  hide: boolean;
}

export interface SelectablePerson {
  id: number;
  canSelect: boolean;
  selected: boolean;
}

/** The answers being edited, by person id. A check box is '1' (ticked) or '0'. */
export type Answers = Record<number, string>;

/** Errors to show: by person id, plus `step` for the ones about the question as a whole. */
export interface FieldErrors {
  byPerson: Record<number, string[]>;
  step: string[];
}

export const CHECKBOX_TYPES: readonly QuestionType[] = ['BCB', 'ITC', 'ONE'];

export function isCheckboxType(type: QuestionType): boolean {
  return CHECKBOX_TYPES.includes(type);
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** Persons the question is for: hidden persons are neither shown nor validated nor sent. */
export function visiblePeople<P extends { hide: boolean }>(people: readonly P[]): P[] {
  return people.filter((person) => !person.hide);
}

/** Answers to start from: the stored ones (back navigation shows them), check boxes as '1'/'0'. */
export function initialAnswers(questionType: QuestionType, people: readonly AnswerPerson[]): Answers {
  const answers: Answers = {};
  for (const person of visiblePeople(people)) {
    answers[person.id] = isCheckboxType(questionType) ? (person.answer === '1' ? '1' : '0') : (person.answer ?? '');
  }
  return answers;
}

/** The value sent for one person: check boxes as '1'/'0' (BCB by the shared rule), text trimmed. */
export function answerToSend(questionType: QuestionType, raw: string | undefined): string {
  if (questionType === 'BCB') return normaliseBcbAnswer(raw);
  if (questionType === 'ITC' || questionType === 'ONE') return raw === '1' ? '1' : '0';
  return (raw ?? '').trim();
}

/** `people` of submitFormStep for a question step: one `{ id, answer }` per non-hidden person. */
export function buildAnswerPayload(
  questionType: QuestionType,
  people: readonly AnswerPerson[],
  answers: Answers,
): Array<{ id: number; answer: string }> {
  return visiblePeople(people).map((person) => ({ id: person.id, answer: answerToSend(questionType, answers[person.id]) }));
}

/** Ids that may be ticked in the overview, ticked as the server last saw them. */
export function initialSelection(people: readonly SelectablePerson[]): Set<number> {
  return new Set(people.filter((person) => person.canSelect && person.selected).map((person) => person.id));
}

/**
 * `people` of submitFormStep for the person overview (step 1): only `{ id }` of each selected
 * person (contract), in the order of the overview; a person who cannot be selected is never sent.
 */
export function buildSelectionPayload(people: readonly SelectablePerson[], selected: ReadonlySet<number>): Array<{ id: number }> {
  return people.filter((person) => person.canSelect && selected.has(person.id)).map((person) => ({ id: person.id }));
}

export function selectionErrors(people: readonly SelectablePerson[], selected: ReadonlySet<number>): string[] {
  return buildSelectionPayload(people, selected).length === 0 ? [texts.people.selectAtLeastOne] : [];
}

function addError(errors: FieldErrors, personId: number | null, message: string): void {
  if (personId === null) {
    errors.step.push(message);
    return;
  }
  (errors.byPerson[personId] ??= []).push(message);
}

export function errorCount(errors: FieldErrors): number {
  return errors.step.length + Object.values(errors.byPerson).reduce((n, list) => n + list.length, 0);
}

/**
 * The shared rules (the six contract rules, then the input limits the server also applies) on the
 * answers as they would be sent, turned into messages for the fields they concern.
 */
export function validateAnswers(
  step: {
    questionType: QuestionType;
    required: boolean;
    people: readonly AnswerPerson[];
    numberRange?: { min: number; max?: number | null } | null;
  },
  answers: Answers,
): FieldErrors {
  const errors: FieldErrors = { byPerson: {}, step: [] };
  const sent = buildAnswerPayload(step.questionType, step.people, answers);
  const names = new Map(step.people.map((person) => [person.id, fullName(person)]));
  const nameOf = (id: number | null) => (id === null ? '' : (names.get(id) ?? String(id)));

  // Every person goes to the shared rules with their `hide` flag: rule 3 skips the hidden ones.
  const verdict = validateStepAnswers({
    questionType: step.questionType,
    required: step.required,
    people: step.people.map((person) => ({
      id: person.id,
      hide: person.hide,
      answer: person.hide ? person.answer : answerToSend(step.questionType, answers[person.id]),
    })),
  });
  if (!verdict.valid) {
    for (const violation of verdict.violations) {
      addError(errors, violation.personId, texts.question.errors[violation.rule](nameOf(violation.personId)));
    }
  }
  const shape = checkAnswerShape({ questionType: step.questionType, people: sent, numberBounds: step.numberRange });
  if (!shape.valid) {
    for (const violation of shape.violations) {
      addError(errors, violation.personId, texts.question.errors[violation.rule](nameOf(violation.personId), MAX_ANSWER_LENGTH));
    }
  }
  return errors;
}
