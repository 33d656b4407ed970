import type { Knex } from '@ems/db';
import { MAX_ANSWER_LENGTH } from '@ems/schema/rules';
import { scratchDatabase, type StepSpec } from '../testing/fixture';
import { membershipFixture } from '../testing/membership';
import type { MembershipFixture } from '../testing/membershipFixture';
import { ADULT, CHILD, form, refusal, scenario, selectPersons, submit, type Scenario } from '../testing/scenario';
import type { FormView } from './types';

/**
 * The contract's answer-validation rules (section Errors), applied by the server through
 * POST next with the shared rules, plus the input limits and the options check. Each test puts
 * the question under test at step 2 for an adult and a child, the child hidden where it matters.
 */

let db: { knex: Knex; drop(): Promise<void> };
let membership: MembershipFixture;

beforeAll(async () => {
  db = await scratchDatabase();
  membership = await membershipFixture(db.knex);
});
afterAll(() => db.drop());

const OPTIONS = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];

async function at(step: StepSpec): Promise<{ sc: Scenario; f: FormView; adult: number; child: number }> {
  // A second question, so that answering the first moves on instead of completing.
  const sc = await scenario(db.knex, membership, { steps: [step, { questionType: 'TXT', required: false }], persons: [ADULT, CHILD] });
  const f = await selectPersons(sc);
  const [adult, child] = sc.account.personIds as [number, number];
  return { sc, f, adult, child };
}

async function stored(sc: Scenario, processId: string): Promise<Array<[number, string | null]>> {
  const rows = await sc.knex('forms.process_step_answers').where({ instanceId: processId, step: 2 }).orderBy('personId');
  return rows.map((r: { personId: number; answer: string | null }) => [r.personId, r.answer]);
}

describe('rule 1: if required is false, the step is valid', () => {
  it('passes: a not-required TXT with no answers; blanks are stored as null', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'TXT', required: false });
    const moved = form(await submit(sc, f, [{ id: adult, answer: '' }]));
    expect(moved.step).toBe(3);
    expect(await stored(sc, f.processId)).toEqual([
      [adult, null],
      [child, null],
    ]);
  });

  it('fails once required: the same answers are refused', async () => {
    const { sc, f, adult } = await at({ questionType: 'TXT', required: true });
    expect(refusal(await submit(sc, f, [{ id: adult, answer: '' }]))).toMatchObject({ code: 'ANSWER_INVALID', rule: 'ANSWER_REQUIRED' });
  });
});

describe("rule 2: for ITC every person's answer must be '1'", () => {
  it('passes when everyone agreed', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'ITC' });
    expect(
      form(
        await submit(sc, f, [
          { id: adult, answer: '1' },
          { id: child, answer: '1' },
        ]),
      ).step,
    ).toBe(3);
  });

  it('fails naming the person who did not agree', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'ITC' });
    const r = refusal(
      await submit(sc, f, [
        { id: adult, answer: '1' },
        { id: child, answer: '0' },
      ]),
    );
    expect(r).toMatchObject({ kind: 'invalid', code: 'ANSWER_INVALID', rule: 'ITC_ALL_MUST_AGREE', personId: child });
    expect(await stored(sc, f.processId)).toEqual([]);
  });
});

describe('rule 3: persons with hide true are skipped', () => {
  it('passes: the hidden child gives no answer to a required adults-only question', async () => {
    const { sc, f, adult } = await at({ questionType: 'TXT', appliesTo: { minAge: 18 } });
    expect(f.people.map((p) => p.hide)).toEqual([false, true]);
    expect(form(await submit(sc, f, [{ id: adult, answer: 'x' }])).step).toBe(3);
  });

  it('fails when the same question applies to everyone', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'TXT' });
    expect(refusal(await submit(sc, f, [{ id: adult, answer: 'x' }]))).toMatchObject({ rule: 'ANSWER_REQUIRED', personId: child });
  });

  it("a hidden person's answer is not stored even when sent", async () => {
    const { sc, f, adult, child } = await at({ questionType: 'ITC', appliesTo: { maxAge: 17 } });
    form(
      await submit(sc, f, [
        { id: adult, answer: '0' },
        { id: child, answer: '1' },
      ]),
    );
    expect(await stored(sc, f.processId)).toEqual([[child, '1']]);
  });
});

describe('rule 4: for BCB always valid; an empty answer is sent as 0', () => {
  it('passes with empty answers, stored as 0', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'BCB', required: true });
    form(
      await submit(sc, f, [
        { id: adult, answer: '1' },
        { id: child, answer: null },
      ]),
    );
    expect(await stored(sc, f.processId)).toEqual([
      [adult, '1'],
      [child, '0'],
    ]);
  });

  it('fails for another type with the same empty answer (rule 6 instead)', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'RDO', options: OPTIONS });
    expect(
      refusal(
        await submit(sc, f, [
          { id: adult, answer: 'a' },
          { id: child, answer: null },
        ]),
      ),
    ).toMatchObject({ rule: 'ANSWER_REQUIRED' });
  });
});

describe("rule 5: for ONE at least one person's answer must be '1'", () => {
  it("passes when one person answered '1'", async () => {
    const { sc, f, adult, child } = await at({ questionType: 'ONE' });
    expect(
      form(
        await submit(sc, f, [
          { id: adult, answer: '0' },
          { id: child, answer: '1' },
        ]),
      ).step,
    ).toBe(3);
  });

  it('fails when nobody did, about the step as a whole', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'ONE' });
    const r = refusal(
      await submit(sc, f, [
        { id: adult, answer: '0' },
        { id: child, answer: '0' },
      ]),
    );
    expect(r).toMatchObject({ kind: 'invalid', rule: 'ONE_AT_LEAST_ONE', personId: null });
  });
});

describe("rule 6: every other type needs each non-hidden person's answer", () => {
  it.each<StepSpec>([
    { questionType: 'TXT' },
    { questionType: 'NUM' },
    { questionType: 'DRP', options: OPTIONS },
    { questionType: 'RDO', options: OPTIONS },
    { questionType: 'SEL', options: OPTIONS },
  ])('$questionType: passes with every answer, fails naming the person without one', async (step) => {
    const answer = step.questionType === 'NUM' ? '3' : step.questionType === 'TXT' ? 'text' : 'b';
    const { sc, f, adult, child } = await at(step);
    const r = refusal(
      await submit(sc, f, [
        { id: adult, answer },
        { id: child, answer: '   ' },
      ]),
    );
    expect(r).toMatchObject({ rule: 'ANSWER_REQUIRED', personId: child, violations: [expect.objectContaining({ personId: child })] });
    expect(
      form(
        await submit(sc, f, [
          { id: adult, answer },
          { id: child, answer },
        ]),
      ).step,
    ).toBe(3);
  });
});

describe('input limits and options (not contract rules)', () => {
  it('ANSWER_TOO_LONG: longer than the limit is refused naming the person; the limit itself passes', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'TXT' });
    const r = refusal(
      await submit(sc, f, [
        { id: adult, answer: 'x'.repeat(MAX_ANSWER_LENGTH + 1) },
        { id: child, answer: 'y' },
      ]),
    );
    expect(r).toMatchObject({ rule: 'ANSWER_TOO_LONG', personId: adult });
    expect(
      form(
        await submit(sc, f, [
          { id: adult, answer: 'x'.repeat(MAX_ANSWER_LENGTH) },
          { id: child, answer: 'y' },
        ]),
      ).step,
    ).toBe(3);
  });

  it('NUM_NOT_A_FINITE_NUMBER', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'NUM' });
    expect(
      refusal(
        await submit(sc, f, [
          { id: adult, answer: 'ten' },
          { id: child, answer: '1' },
        ]),
      ),
    ).toMatchObject({
      rule: 'NUM_NOT_A_FINITE_NUMBER',
      personId: adult,
    });
  });

  it('FLAG_NOT_0_OR_1 for check boxes', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'BCB' });
    expect(
      refusal(
        await submit(sc, f, [
          { id: adult, answer: 'yes' },
          { id: child, answer: '1' },
        ]),
      ),
    ).toMatchObject({ rule: 'FLAG_NOT_0_OR_1' });
  });

  it('DUPLICATE_PERSON', async () => {
    const { sc, f, adult, child } = await at({ questionType: 'TXT' });
    const r = refusal(
      await submit(sc, f, [
        { id: adult, answer: 'a' },
        { id: adult, answer: 'b' },
        { id: child, answer: 'c' },
      ]),
    );
    expect(r).toMatchObject({ rule: 'DUPLICATE_PERSON', personId: adult });
  });

  it.each(['DRP', 'RDO', 'SEL'] as const)('ANSWER_NOT_AN_OPTION for %s', async (questionType) => {
    const { sc, f, adult, child } = await at({ questionType, options: OPTIONS });
    expect(
      refusal(
        await submit(sc, f, [
          { id: adult, answer: 'a' },
          { id: child, answer: 'z' },
        ]),
      ),
    ).toMatchObject({
      rule: 'ANSWER_NOT_AN_OPTION',
      personId: child,
    });
  });

  it("the membership type question offers the period's membership types", async () => {
    const { sc, f, adult, child } = await at({
      questionType: 'DRP',
      answerKey: 'membershipType',
      options: [{ value: 'old', label: 'Old' }],
    });
    expect(f.options?.map(({ value, label }) => ({ value, label }))).toEqual([
      { value: 'individual', label: 'Individual' },
      { value: 'family', label: 'Family' },
      { value: 'junior', label: 'Junior' },
    ]);
    // Each option carries, per person answering, the price or why not (docs/forms-api.md, options).
    for (const option of f.options ?? []) {
      expect(option.currency).toBe('EUR');
      expect(option.persons?.map((p) => p.personId).sort()).toEqual([adult, child].sort());
      for (const p of option.persons ?? []) expect(p.available ? p.priceMinor! > 0 && p.reason === null : p.reason !== null).toBe(true);
    }
    expect(
      refusal(
        await submit(sc, f, [
          { id: adult, answer: 'old' },
          { id: child, answer: 'junior' },
        ]),
      ),
    ).toMatchObject({
      rule: 'ANSWER_NOT_AN_OPTION',
    });
  });
});
