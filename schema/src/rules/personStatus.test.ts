import { PERSON_STATUSES, canSelect, isPersonStatus, type PersonStatus } from './personStatus';

describe('person status in the overview', () => {
  it.each<[PersonStatus, boolean]>([
    ['Available', true],
    ['Registered', false],
    ['Pending Payment', false],
  ])('%s: canSelect is %p', (status, expected) => {
    expect(canSelect(status)).toBe(expected);
  });

  it('knows exactly the three contract statuses', () => {
    expect(PERSON_STATUSES).toEqual(['Available', 'Registered', 'Pending Payment']);
    expect(isPersonStatus('Pending Payment')).toBe(true);
    expect(isPersonStatus('PendingPayment')).toBe(false);
  });
});
