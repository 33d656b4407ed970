import type { Knex } from '@ems/db';
import type { QuestionType } from '@ems/schema/rules';
import { insertDefinitionVersion } from '../data/definitions';
import type { AnswerKey, AppliesTo } from '../data/rows';

/**
 * The demo organisation's membership registration form: process definition `membership`
 * (version 1), with a question of each of the eight types. Idempotent and safe when several
 * processes start at once: an existing version 1 is left as it is (a changed form is a new
 * version, so processes already running keep the questions they started with).
 */
export const FORMS_DEMO_DEFINITION = { key: 'membership', name: 'Membership registration', version: 1 } as const;

interface DemoStep {
  question: string;
  questionType: QuestionType;
  required: boolean;
  options?: Array<{ value: string; label: string }>;
  answerKey?: AnswerKey;
  appliesTo?: AppliesTo;
  numberMin?: number;
  numberMax?: number;
}

/** After the person overview (step 1), in this order (steps 2..10). */
export const FORMS_DEMO_STEPS: DemoStep[] = [
  {
    question: 'Which membership would you like?',
    questionType: 'DRP',
    required: true,
    answerKey: 'membershipType',
    // The form shows the period's membership types; these are the fallback and name the same codes.
    options: [
      { value: 'individual', label: 'Individual' },
      { value: 'family', label: 'Family' },
      { value: 'junior', label: 'Junior (under 18)' },
      { value: 'student', label: 'Student' },
      { value: 'senior', label: 'Senior (65+)' },
    ],
  },
  {
    question: 'Club T-shirt size',
    questionType: 'SEL',
    required: true,
    options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((size) => ({ value: size, label: size })),
  },
  {
    question: 'How did you hear about us?',
    questionType: 'RDO',
    required: true,
    options: [
      { value: 'friend', label: 'From a friend or family member' },
      { value: 'website', label: 'On our website' },
      { value: 'social', label: 'On social media' },
      { value: 'event', label: 'At one of our events' },
      { value: 'other', label: 'Other' },
    ],
  },
  {
    question: 'Emergency contact phone number',
    questionType: 'TXT',
    required: true,
    // Adults give their own; a child's emergency contact is the adult registering them.
    appliesTo: { minAge: 18 },
  },
  { question: 'Years of running or athletics experience', questionType: 'NUM', required: false, numberMin: 0, numberMax: 80 },
  {
    question: 'Add accident insurance for club activities',
    questionType: 'BCB',
    required: false,
    answerKey: 'insurance',
  },
  {
    question: 'Who should receive the club magazine? At least one person of the household receives it.',
    questionType: 'ONE',
    required: true,
    answerKey: 'magazine',
  },
  {
    question: 'Are you coming from another club? If so, which one (leave empty otherwise)',
    questionType: 'TXT',
    required: false,
    answerKey: 'transferFromClub',
  },
  { question: 'I accept the terms and conditions of membership', questionType: 'ITC', required: true },
];

/** Writes the demo form for `organisationId` (the demo's Riverside Athletics Club) unless it exists. */
export async function seedFormsDemo(knex: Knex, organisationId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    await insertDefinitionVersion(
      trx,
      { organisationId, ...FORMS_DEMO_DEFINITION },
      FORMS_DEMO_STEPS.map((s, i) => ({
        position: i + 1,
        question: s.question,
        questionType: s.questionType,
        required: s.required,
        options: s.options ?? null,
        answerKey: s.answerKey ?? null,
        appliesTo: s.appliesTo ?? null,
        numberMin: s.numberMin ?? null,
        numberMax: s.numberMax ?? null,
      })),
    );
  });
}
