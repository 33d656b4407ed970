import { planNumberChanges } from './numberChanges';

const change = (key: number, participantId: number, bib: string) => ({ key, participantId, bib });
const holders = (entries: Array<[string, number]>) => new Map(entries);
const applied = (plan: ReturnType<typeof planNumberChanges>) => plan.map((p) => (p.applied ? 'applied' : p.reason));

describe('planNumberChanges: which start-number changes are applied', () => {
  it('a free bib is applied', () => {
    expect(applied(planNumberChanges([change(1, 10, '77')], holders([])))).toEqual(['applied']);
  });

  it('a bib another participant keeps is refused, naming the holder', () => {
    expect(planNumberChanges([change(1, 10, '5')], holders([['5', 11]]))).toEqual([
      { key: 1, applied: false, reason: 'BIB_TAKEN', heldByParticipantId: 11 },
    ]);
  });

  it('a bib asked for on two rows is refused on both', () => {
    expect(applied(planNumberChanges([change(1, 10, '9'), change(2, 11, '9'), change(3, 12, '8')], holders([])))).toEqual([
      'BIB_TWICE_IN_FILE',
      'BIB_TWICE_IN_FILE',
      'applied',
    ]);
  });

  it('two participants swapping numbers both get their new ones', () => {
    expect(
      applied(
        planNumberChanges(
          [change(1, 10, '2'), change(2, 11, '1')],
          holders([
            ['1', 10],
            ['2', 11],
          ]),
        ),
      ),
    ).toEqual(['applied', 'applied']);
  });

  it('a bib freed by a change that is itself refused stays taken (the refusal cascades)', () => {
    // 10 wants 2 (held by 11); 11 wants 3 (held by 12, who keeps it): 11 keeps 2, so 10 is refused too.
    expect(
      planNumberChanges(
        [change(1, 10, '2'), change(2, 11, '3')],
        holders([
          ['2', 11],
          ['3', 12],
        ]),
      ).map((p) => [p.reason, p.heldByParticipantId]),
    ).toEqual([
      ['BIB_TAKEN', 11],
      ['BIB_TAKEN', 12],
    ]);
  });

  it('a chain of moves into a free bib is applied whole', () => {
    expect(applied(planNumberChanges([change(1, 10, '2'), change(2, 11, '3')], holders([['2', 11]])))).toEqual(['applied', 'applied']);
  });
});
