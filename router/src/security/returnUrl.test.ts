import { safeReturnPath } from './returnUrl';

describe('returnUrl accepts same-site paths only', () => {
  it.each([
    ['/membership/register/1', '/membership/register/1'],
    ['/a?b=c#d', '/a?b=c#d'],
    ['/', '/'],
  ])('keeps %s', (input, expected) => {
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
    42,
  ])('falls back to / for %p', (input) => {
    expect(safeReturnPath(input)).toBe('/');
  });
});
