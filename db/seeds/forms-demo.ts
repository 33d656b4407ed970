import type { Knex } from 'knex';

/**
 * The demo organisation's membership registration form: process definition `membership`
 * (version 1) of Riverside Athletics Club, with a question of each of the eight types. Runs after
 * the demo seed (it needs the organisation). Idempotent and safe when several processes start at
 * once: an existing version 1 is left as it is (a changed form is a new version, so processes
 * already running keep the questions they started with).
 */
export const FORMS_DEMO_ORGANISATION_SLUG = 'riverside-ac';
export const FORMS_DEMO_REGISTRATION_SYSTEM_ID = 1;

interface DemoStep {
  question: string;
  questionType: 'TXT' | 'NUM' | 'DRP' | 'BCB' | 'ITC' | 'ONE' | 'RDO' | 'SEL';
  required: boolean;
  options?: Array<{ value: string; label: string }>;
  answerKey?: 'membershipType' | 'insurance' | 'magazine' | 'transferFromClub';
  appliesTo?: { minAge?: number; maxAge?: number };
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
  { question: 'Years of running or athletics experience', questionType: 'NUM', required: false },
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

export async function seedFormsDemo(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    const organisation = await trx('membership.organisations')
      .where({ registrationSystemId: FORMS_DEMO_REGISTRATION_SYSTEM_ID, slug: FORMS_DEMO_ORGANISATION_SLUG })
      .first('id');
    if (!organisation) throw new Error(`seedFormsDemo: organisation '${FORMS_DEMO_ORGANISATION_SLUG}' not found (run seedDemo first)`);

    const [definition] = await trx('forms.process_definitions')
      .insert({ key: 'membership', name: 'Membership registration', version: 1, organisationId: organisation.id })
      .onConflict(['organisationId', 'key', 'version'])
      .ignore()
      .returning('id');
    if (!definition) return;

    await trx('forms.process_steps').insert(
      FORMS_DEMO_STEPS.map((s, i) => ({
        definitionId: definition.id,
        position: i + 1,
        question: s.question,
        questionType: s.questionType,
        required: s.required,
        // jsonb: as JSON text, or pg would send a JS array as a PostgreSQL array.
        options: s.options ? JSON.stringify(s.options) : null,
        answerKey: s.answerKey ?? null,
        appliesTo: s.appliesTo ? JSON.stringify(s.appliesTo) : null,
      })),
    );
  });
}
