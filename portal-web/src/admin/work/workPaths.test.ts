import { workScreenOf } from './workPaths';

describe('the work screen of a path', () => {
  it.each([
    ['/members', 'members'],
    ['/members/', 'members'],
    ['/persons/12', 'persons'],
    ['/orders/ORD-2026-000001', 'orders'],
    ['/audit', 'audit'],
    ['/', null],
    ['/imports/x', null],
    ['/membersx', null],
  ])('%s shows %s', (path, screen) => {
    expect(workScreenOf(path)).toBe(screen);
  });
});
