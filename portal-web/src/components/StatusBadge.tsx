import { texts } from '../lib/texts';

const CLASS_BY_STATUS: Readonly<Record<string, string>> = {
  Available: 'badge-available',
  Registered: 'badge-registered',
  'Pending Payment': 'badge-pending',
};

/** A person's status in the overview (contract: Available, Registered, Pending Payment). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${CLASS_BY_STATUS[status] ?? 'badge-other'}`}>{texts.people.status[status] ?? status}</span>;
}
