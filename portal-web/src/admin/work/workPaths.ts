/**
 * The operator's work screens (issue 20) and their browser paths, in menu order. The import
 * screens route themselves (imports/lib/importPaths.ts); these are the rest of the console.
 */
export type WorkScreen = 'periods' | 'members' | 'persons' | 'orders' | 'review' | 'handoffs' | 'sessions' | 'apiKeys' | 'audit';

/** `menu: false`: reached from another screen (a person from the member list), not from the menu. */
export const WORK_SCREENS: ReadonlyArray<{ screen: WorkScreen; path: string; menu: boolean }> = [
  { screen: 'periods', path: '/periods', menu: true },
  { screen: 'members', path: '/members', menu: true },
  { screen: 'persons', path: '/persons', menu: false },
  { screen: 'orders', path: '/orders', menu: true },
  { screen: 'review', path: '/review', menu: true },
  { screen: 'handoffs', path: '/handoffs', menu: true },
  { screen: 'sessions', path: '/sessions', menu: true },
  { screen: 'apiKeys', path: '/api-keys', menu: true },
  { screen: 'audit', path: '/audit', menu: true },
];

/** The work screen a path shows, or null (the console's start page, or another part's path). */
export function workScreenOf(pathname: string): WorkScreen | null {
  const path = pathname.replace(/\/+$/, '');
  return WORK_SCREENS.find((s) => path === s.path || path.startsWith(`${s.path}/`))?.screen ?? null;
}
