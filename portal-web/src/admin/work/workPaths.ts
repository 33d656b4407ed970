/**
 * The operator's work screens (issue 20) and their browser paths, in menu order. The import
 * screens route themselves (imports/lib/importPaths.ts); these are the rest of the console.
 */
export type WorkScreen = 'audit';

export const WORK_SCREENS: ReadonlyArray<{ screen: WorkScreen; path: string }> = [{ screen: 'audit', path: '/audit' }];

/** The work screen a path shows, or null (the console's start page, or another part's path). */
export function workScreenOf(pathname: string): WorkScreen | null {
  const path = pathname.replace(/\/+$/, '');
  return WORK_SCREENS.find((s) => path === s.path || path.startsWith(`${s.path}/`))?.screen ?? null;
}
