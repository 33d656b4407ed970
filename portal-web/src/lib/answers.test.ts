import {
  buildAnswerPayload,
  buildSelectionPayload,
  errorCount,
  initialAnswers,
  initialSelection,
  selectionErrors,
  validateAnswers,
  type AnswerPerson,
} from './answers';

const anna: AnswerPerson = { id: 1, firstName: 'Anna', lastName: 'Smith', answer: null, hide: false };
const ben: AnswerPerson = { id: 2, firstName: 'Ben', lastName: 'Smith', answer: null, hide: false };
const hiddenCarl: AnswerPerson = { id: 3, firstName: 'Carl', lastName: 'Smith', answer: null, hide: true };

describe('person overview (step 1)', () => {
  const people = [
    { id: 1, canSelect: true, selected: true },
    { id: 2, canSelect: true, selected: false },
    { id: 3, canSelect: false, selected: true }, // Registered: the server may flag it, we never send it
    { id: 4, canSelect: false, selected: false }, // Pending Payment
  ];

  it('starts from the selection the server kept, selectable persons only', () => {
    expect([...initialSelection(people)]).toEqual([1]);
  });

  it('sends only { id } of each selected person', () => {
    expect(buildSelectionPayload(people, new Set([1, 2]))).toEqual([{ id: 1 }, { id: 2 }]);
    for (const entry of buildSelectionPayload(people, new Set([1, 2]))) expect(Object.keys(entry)).toEqual(['id']);
  });

  it('never sends a Registered or Pending Payment person, even if ticked somehow', () => {
    expect(buildSelectionPayload(people, new Set([3, 4]))).toEqual([]);
  });

  it('asks for at least one person', () => {
    expect(selectionErrors(people, new Set())).toHaveLength(1);
    expect(selectionErrors(people, new Set([3]))).toHaveLength(1);
    expect(selectionErrors(people, new Set([2]))).toEqual([]);
  });
});

describe('question steps: one answer per non-hidden person', () => {
  it('leaves hidden persons out of the payload', () => {
    const payload = buildAnswerPayload('TXT', [anna, hiddenCarl, ben], { 1: 'a', 2: 'b', 3: 'c' });
    expect(payload).toEqual([
      { id: 1, answer: 'a' },
      { id: 2, answer: 'b' },
    ]);
  });

  it('sends an unchecked BCB box as 0 (rule 4 encoding)', () => {
    expect(buildAnswerPayload('BCB', [anna, ben], { 1: '1' })).toEqual([
      { id: 1, answer: '1' },
      { id: 2, answer: '0' },
    ]);
    expect(buildAnswerPayload('BCB', [anna], { 1: '' })).toEqual([{ id: 1, answer: '0' }]);
  });

  it('sends ITC and ONE boxes as 1 or 0', () => {
    expect(buildAnswerPayload('ITC', [anna, ben], { 1: '1', 2: '0' })).toEqual([
      { id: 1, answer: '1' },
      { id: 2, answer: '0' },
    ]);
    expect(buildAnswerPayload('ONE', [anna], {})).toEqual([{ id: 1, answer: '0' }]);
  });

  it('trims text and number answers', () => {
    expect(buildAnswerPayload('TXT', [anna], { 1: '  FC Example  ' })).toEqual([{ id: 1, answer: 'FC Example' }]);
    expect(buildAnswerPayload('NUM', [anna], { 1: ' 42 ' })).toEqual([{ id: 1, answer: '42' }]);
  });

  it('shows earlier answers when going back (initial values from the server)', () => {
    const answered = [
      { ...anna, answer: 'junior' },
      { ...ben, answer: null },
    ];
    expect(initialAnswers('DRP', answered)).toEqual({ 1: 'junior', 2: '' });
    expect(initialAnswers('BCB', [{ ...anna, answer: '1' }, ben])).toEqual({ 1: '1', 2: '0' });
    expect(initialAnswers('TXT', [anna, hiddenCarl])).toEqual({ 1: '' });
  });
});

describe('answer validation before submitting (the six contract rules, shared with the server)', () => {
  const step = (questionType: Parameters<typeof validateAnswers>[0]['questionType'], required = true, people = [anna, ben]) => ({
    questionType,
    required,
    people,
  });

  it('rule 1: a step that is not required is valid', () => {
    expect(errorCount(validateAnswers(step('TXT', false), {}))).toBe(0);
    expect(errorCount(validateAnswers(step('ITC', false), {}))).toBe(0);
  });

  it('rule 2: ITC needs "I agree" from every person, with a message per person', () => {
    const errors = validateAnswers(step('ITC'), { 1: '1', 2: '0' });
    expect(Object.keys(errors.byPerson)).toEqual(['2']);
    expect(errors.byPerson[2]![0]).toContain('Ben Smith');
    expect(errorCount(validateAnswers(step('ITC'), { 1: '1', 2: '1' }))).toBe(0);
  });

  it('rule 3: hidden persons are skipped', () => {
    expect(errorCount(validateAnswers(step('TXT', true, [anna, hiddenCarl]), { 1: 'x' }))).toBe(0);
    expect(errorCount(validateAnswers(step('ITC', true, [anna, hiddenCarl]), { 1: '1' }))).toBe(0);
  });

  it('rule 4: BCB is always valid', () => {
    expect(errorCount(validateAnswers(step('BCB'), {}))).toBe(0);
  });

  it('rule 5: ONE needs at least one ticked box, reported for the step as a whole', () => {
    const errors = validateAnswers(step('ONE'), { 1: '0', 2: '0' });
    expect(errors.step).toHaveLength(1);
    expect(errors.byPerson).toEqual({});
    expect(errorCount(validateAnswers(step('ONE'), { 2: '1' }))).toBe(0);
  });

  it('rule 6: every other type needs a non-empty answer from each visible person', () => {
    for (const type of ['TXT', 'NUM', 'DRP', 'RDO', 'SEL'] as const) {
      const errors = validateAnswers(step(type), { 1: type === 'NUM' ? '3' : 'x', 2: '   ' });
      expect(Object.keys(errors.byPerson)).toEqual(['2']);
      expect(errors.byPerson[2]![0]).toContain('Ben Smith');
    }
  });

  it('applies the input limits the server applies: a NUM answer must be a number', () => {
    const errors = validateAnswers(step('NUM', false, [anna]), { 1: '12abc' });
    expect(errors.byPerson[1]).toEqual(['Please enter a number for Anna Smith.']);
    expect(errorCount(validateAnswers({ ...step('NUM', false, [anna]), numberRange: { min: -2000 } }, { 1: '-1.5e3' }))).toBe(0);
  });

  it('a NUM answer keeps the range: no minimum of its own means no negatives', () => {
    expect(validateAnswers(step('NUM', false, [anna]), { 1: '-3' }).byPerson[1]).toEqual([
      'The number for Anna Smith is outside the allowed range.',
    ]);
    expect(errorCount(validateAnswers({ ...step('NUM', false, [anna]), numberRange: { min: 0, max: 80 } }, { 1: '81' }))).toBe(1);
    expect(errorCount(validateAnswers({ ...step('NUM', false, [anna]), numberRange: { min: 0, max: 80 } }, { 1: '80' }))).toBe(0);
  });

  it('rejects answers longer than the shared maximum', () => {
    const errors = validateAnswers(step('TXT', false, [anna]), { 1: 'x'.repeat(1001) });
    expect(errors.byPerson[1]![0]).toContain('too long');
  });
});
