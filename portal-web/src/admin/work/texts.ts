import type { WorkScreen } from './workPaths';

/** The menu of the operator's work screens. */
export const workTexts = {
  menu: 'Operator tasks',
  screens: {
    audit: 'Audit log',
  } satisfies Record<WorkScreen, string>,
};
