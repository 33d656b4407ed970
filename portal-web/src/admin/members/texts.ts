import type { MembershipStatusValue } from './memberSearch';

/** Every text of the member list and the person page. */
export const memberTexts = {
  title: 'Members',
  search: {
    label: 'Search the member list',
    text: 'Name, membership number or user key',
    period: 'Period',
    type: 'Membership type',
    status: 'Status',
    any: 'Any',
    apply: 'Search',
    clear: 'Clear',
  },
  statuses: { ACTIVE: 'Active', PENDING_PAYMENT: 'Awaiting payment', CANCELLED: 'Cancelled' } satisfies Record<
    MembershipStatusValue,
    string
  >,
  columns: { name: 'Name', number: 'Number', period: 'Period', type: 'Type', status: 'Status', userKeys: 'User keys' },
  caption: 'Memberships, newest first',
  total: (n: number) => (n === 1 ? '1 membership matches.' : `${n} memberships match.`),
  empty: 'No members match.',
  more: 'Show more',
  export: 'Export as CSV',
  exporting: 'Exporting…',
  exportFailed: 'The export could not be completed. Please try again.',
  loading: 'Loading…',
  failed: 'The member list could not be loaded.',
  person: {
    back: 'Back to the member list',
    notFound: 'This person is not one of your members, or does not exist.',
    born: 'Born',
    email: 'E-mail',
    household: 'Household',
    noHousehold: 'Not linked to any account.',
    relationship: 'Relationship',
    account: 'Account (user key)',
    memberships: 'Memberships',
    noMemberships: 'No memberships in your organisations.',
    orders: 'Orders and payments',
    noOrders: 'No orders in your organisations.',
    reference: 'Order',
    total: 'Total',
    paid: 'Paid',
    payments: 'Payments',
    noPayments: 'No payment attempts yet.',
  },
};
