import type { WorkScreen } from './workPaths';

/** The menu of the operator's work screens. */
export const workTexts = {
  menu: 'Operator tasks',
  screens: {
    members: 'Members',
    persons: 'Person',
    orders: 'Orders and payments',
    review: 'Persons to review',
    audit: 'Audit log',
  } satisfies Record<WorkScreen, string>,
};
