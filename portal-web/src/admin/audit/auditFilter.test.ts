import { auditFilterOf, auditPath, changeLines } from './auditFilter';

describe('the audit log filter in the address', () => {
  it('reads the known fields, trimmed, and ignores the rest', () => {
    expect(auditFilterOf('?action=payment.recorded&subjectId=+R-1+&foo=bar&since=')).toEqual({
      action: 'payment.recorded',
      subjectId: 'R-1',
    });
  });

  it('writes them back in a stable order, without empty ones', () => {
    expect(auditPath({ subjectId: 'R 1', action: 'payment.recorded', since: ' ' })).toBe('/audit?action=payment.recorded&subjectId=R+1');
    expect(auditPath({})).toBe('/audit');
  });
});

describe('what changed', () => {
  it('lists the fields that changed, before and after, and leaves out the rest', () => {
    expect(
      changeLines('{"status":"unpaid","paidMinor":0,"currency":"EUR"}', '{"status":"paid","paidMinor":1200,"currency":"EUR"}'),
    ).toEqual(['status: unpaid → paid', 'paidMinor: 0 → 1200']);
  });

  it('shows a creation, a deletion and a state that is not an object', () => {
    expect(changeLines(null, '{"name":"Key"}')).toEqual(['name: – → Key']);
    expect(changeLines('{"name":"Key"}', null)).toEqual(['name: Key → –']);
    expect(changeLines('[1]', 'not json')).toEqual(['value: [1] → not json']);
  });
});
