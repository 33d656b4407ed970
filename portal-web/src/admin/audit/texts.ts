/** Every text of the audit log screen. */
export const auditTexts = {
  title: 'Audit log',
  intro: 'Every change an operator made in your organisations: who, what, when, and the state before and after.',
  filter: {
    legend: 'Filter the log',
    action: 'Action (e.g. payment.recorded)',
    actorUserKey: 'Operator (user key)',
    subjectType: 'Subject type (e.g. order)',
    subjectId: 'Subject (e.g. an order reference)',
    since: 'From',
    until: 'Until',
    apply: 'Show',
    clear: 'Clear filter',
  },
  columns: {
    at: 'When',
    organisation: 'Organisation',
    actor: 'Operator',
    action: 'Action',
    subject: 'Subject',
    change: 'Before → after',
  },
  caption: 'Changes, newest first',
  empty: 'No changes match.',
  more: 'Show older changes',
  loading: 'Loading…',
  failed: 'The audit log could not be loaded.',
};
