import { matchRoute, parsePeriodId, registerPath } from './routes';

describe('browser routes of the registration flow', () => {
  it('matches /membership/register/:membershipPeriodId and the path user key', () => {
    expect(matchRoute('/membership/register/12')).toEqual({ name: 'register', periodParam: '12', pathUserKey: null });
    expect(matchRoute('/membership/register/12/')).toEqual({ name: 'register', periodParam: '12', pathUserKey: null });
    expect(matchRoute('/membership/register/12/user%40club')).toEqual({ name: 'register', periodParam: '12', pathUserKey: 'user@club' });
  });

  it('matches /membership/payment-return', () => {
    expect(matchRoute('/membership/payment-return')).toEqual({ name: 'paymentReturn' });
  });

  it('anything else is not found', () => {
    expect(matchRoute('/')).toEqual({ name: 'notFound' });
    expect(matchRoute('/membership/register')).toEqual({ name: 'notFound' });
    expect(matchRoute('/membership/register/1/2/3')).toEqual({ name: 'notFound' });
  });

  it('accepts positive integer period ids only', () => {
    expect(parsePeriodId('7')).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'abc', '07', '', '99999999999']) expect(parsePeriodId(bad)).toBeNull();
    expect(registerPath(7)).toBe('/membership/register/7');
  });
});
