import './ui.css';
import type { ReactNode } from 'react';

export type Severity = 'error' | 'info' | 'success' | 'warning';

/**
 * A message box, as the member portal's: errors announced at once (role=alert), the rest politely.
 * `label` is read before the message by screen readers ("Error: ...").
 */
export function Notice({
  severity,
  title,
  children,
  testId,
}: {
  severity: Severity;
  title?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`notice notice-${severity}`} role={severity === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {title && <strong className="notice-title">{title}</strong>}
      <div>{children}</div>
    </div>
  );
}
