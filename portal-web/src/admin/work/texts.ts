import type { WorkScreen } from './workPaths';

/** The menu of the operator's work screens. */
export const workTexts = {
  menu: 'Operator tasks',
  loading: 'Loading…',
  screens: {
    periods: 'Periods',
    members: 'Members',
    persons: 'Person',
    orders: 'Orders and payments',
    review: 'Persons to review',
    handoffs: 'Sign-in hand-offs',
    sessions: 'Sessions',
    apiKeys: 'Partner API keys',
    audit: 'Audit log',
  } satisfies Record<WorkScreen, string>,
};
