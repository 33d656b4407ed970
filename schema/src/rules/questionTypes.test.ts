import { QUESTION_TYPES, QUESTION_TYPE_MEANINGS, isQuestionType } from './questionTypes';

describe('question types', () => {
  it('are the eight contract codes, each with a meaning', () => {
    expect(QUESTION_TYPES).toEqual(['TXT', 'NUM', 'DRP', 'BCB', 'ITC', 'ONE', 'RDO', 'SEL']);
    for (const type of QUESTION_TYPES) expect(QUESTION_TYPE_MEANINGS[type]).toMatch(/\S/);
  });

  it.each([
    ['ITC', true],
    ['itc', false],
    ['XYZ', false],
    [1, false],
  ])('isQuestionType(%p) is %p', (value, expected) => {
    expect(isQuestionType(value)).toBe(expected);
  });
});
