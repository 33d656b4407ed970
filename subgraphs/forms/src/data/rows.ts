import type { models } from '@ems/db';
import type { ProcessState, QuestionType } from '@ems/schema/rules';

/** Row shapes of schema `forms` as the domain sees them (plain objects, camelCase). */

/** What a step's answer feeds when the order is created (design: answer_key). */
export type AnswerKey = models.FormsAnswerKey;

/** null = everyone; else the ages (on the period's reference date) the step applies to. */
export type AppliesTo = NonNullable<models.ProcessStep['appliesTo']>;

export interface StepRow {
  id: number;
  position: number;
  question: string;
  questionType: QuestionType;
  required: boolean;
  options: Array<{ value: string; label: string }> | null;
  answerKey: AnswerKey | null;
  appliesTo: AppliesTo | null;
  /** A NUM question's bounds (null: none of its own; numberRangeOf in @ems/schema/rules). */
  numberMin?: number | null;
  numberMax?: number | null;
}

export type NewStep = Omit<StepRow, 'id'>;

export interface DefinitionRow {
  id: number;
  key: string;
  name: string;
  version: number;
  organisationId: number;
  /** Ordered by position. */
  steps: StepRow[];
}

export interface InstanceRow {
  id: string;
  definitionId: number;
  accountId: number;
  registrationSystemId: number;
  periodId: number;
  state: ProcessState;
  step: number;
  selectedPersonIds: number[];
  orderId: number | null;
  paymentUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type InstancePatch = Partial<Pick<InstanceRow, 'state' | 'step' | 'selectedPersonIds' | 'orderId' | 'paymentUrl'>>;

export interface AnswerRow {
  step: number;
  personId: number;
  answer: string | null;
}
