import { proxiedPath } from './adminProxy';

describe('proxiedPath', () => {
  it.each([
    ['/services/admin-service/actuator/health', '/actuator/health'],
    ['/services/admin-service/api/forms/periods/1?lang=de', '/api/forms/periods/1?lang=de'],
    ['/services/admin-service', '/'],
    ['/services/admin-service?x=1', '/?x=1'],
    ['/services/admin-service/', '/'],
    ['/api/forms/periods/1', '/api/forms/periods/1'],
    ['/api/auth', '/api/auth'],
  ])('sends %s upstream as %s', (url, upstream) => {
    expect(proxiedPath(url)).toBe(upstream);
  });

  it.each([
    '/api/auth/external-login?userKey=a',
    '/api/auth/refresh',
    '/services/admin-serviceX/actuator/health',
    '/services/other/x',
    '/graphql',
    '/api',
    '/',
    '/assets/app.js',
  ])('leaves %s to the rest of the router', (url) => {
    expect(proxiedPath(url)).toBeUndefined();
  });
});
