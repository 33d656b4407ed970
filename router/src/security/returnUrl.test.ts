import { safeReturnPath } from './returnUrl';

describe('returnUrl accepts same-site paths only', () => {
  it.each([
    ['/membership/register/1', '/membership/register/1'],
    ['/a?b=c#d', '/a?b=c#d'],
    ['/', '/'],
    // Normalised, and still a path of this site.
    ['/a/./b/../c', '/a/c'],
    ['/%2f/evil.example', '/%2f/evil.example'],
    [
      '/membership/register/1?error=Missing%20security%20verification%20parameters',
      '/membership/register/1?error=Missing%20security%20verification%20parameters',
    ],
  ])('keeps %s as %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'https://elsewhere.example',
    '//elsewhere.example',
    '/\\elsewhere.example',
    '\\\\elsewhere',
    'javascript:alert(1)',
    'http:/x',
    '/a\nb',
    '/\t/elsewhere.example',
    42,
  ])('falls back to / for %p', (input) => {
    expect(safeReturnPath(input)).toBe('/');
  });

  // Paths whose dot segments the URL parser removes, leaving `//host`: checked on the output.
  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/%2e%2e//evil.example/path?q=1',
    '/a/..//evil.example',
    '/./\\evil.example',
    '/.//evil.example?signIn=failed',
  ])('falls back to / for %s, which normalises to another host', (input) => {
    expect(safeReturnPath(input)).toBe('/');
  });

  it('is a fixed point: what it returns, it returns again', () => {
    for (const input of ['/a/./b', '/x?y=%2F#z', '/.//evil.example', '/%2e%2e/a']) {
      const once = safeReturnPath(input);
      expect(safeReturnPath(once)).toBe(once);
      expect(once.startsWith('//')).toBe(false);
    }
  });
});
