import { DEFAULT_ROUTE_TABLE, isTokenIssuingPath, needsUserToken, parseRouteTable, serviceFor } from './routeTable';

describe('route table', () => {
  it('sends each path to the subgraph that owns it, longest prefix first', () => {
    expect(serviceFor(DEFAULT_ROUTE_TABLE, '/api/forms/next')).toBe('forms');
    expect(serviceFor(DEFAULT_ROUTE_TABLE, '/api/event-participants/import')).toBe('imports');
    expect(serviceFor(DEFAULT_ROUTE_TABLE, '/api/memberships/import')).toBe('imports');
    expect(serviceFor(DEFAULT_ROUTE_TABLE, '/api/memberships/import/6f1c1f9e-0c1a-4c39-9a55-5d7d2a0f3b11')).toBe('imports');
    expect(serviceFor(DEFAULT_ROUTE_TABLE, '/api/memberships/imports')).toBe('membership');
    expect(serviceFor(DEFAULT_ROUTE_TABLE, '/api/memberships/42')).toBe('membership');
    expect(serviceFor(DEFAULT_ROUTE_TABLE, '/api/imports/abc/columns')).toBe('imports');
    expect(serviceFor(DEFAULT_ROUTE_TABLE, '/api/formsX')).toBe('membership');
    expect(serviceFor(DEFAULT_ROUTE_TABLE, '/actuator/health')).toBe('membership');
  });

  it('recognises the token-issuing paths, however spelled', () => {
    for (const p of ['/auth/external-login', '/api/auth/exchange', '//auth/x', '/AUTH/register-session', '/api/auth'])
      expect(isTokenIssuingPath(p)).toBe(true);
    for (const p of ['/authors', '/api/authority', '/actuator/health']) expect(isTokenIssuingPath(p)).toBe(false);
  });

  it('knows which upstream paths need a user token', () => {
    expect(needsUserToken('/api/forms/next')).toBe(true);
    expect(needsUserToken('/actuator/health')).toBe(false);
    expect(needsUserToken('/payments/orders/X/pay')).toBe(false);
  });

  it('reads a configured table and refuses a malformed one', () => {
    expect(parseRouteTable('[{"prefix":"/","service":"forms"}]')).toEqual([{ prefix: '/', service: 'forms' }]);
    expect(() => parseRouteTable('[{"prefix":"x","service":"forms"}]')).toThrow();
    expect(() => parseRouteTable('[{"prefix":"/","service":"billing"}]')).toThrow();
  });
});
