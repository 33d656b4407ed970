import type { ReactNode, Ref } from 'react';
import { texts } from '../lib/texts';

export type Severity = 'error' | 'info' | 'success';

/**
 * A message box. Errors are announced at once (role=alert); other notices politely (role=status).
 * The region stays in the DOM while empty so that screen readers pick up a message added later.
 */
export function Notice({
  severity,
  children,
  title,
  ref,
}: {
  severity: Severity;
  children?: ReactNode;
  title?: string;
  /** A notice shown in place of the focused control takes the focus (tabIndex -1 while it has content). */
  ref?: Ref<HTMLDivElement>;
}) {
  const hasContent = children != null && children !== false;
  return (
    <div
      ref={ref}
      tabIndex={hasContent && ref ? -1 : undefined}
      className={hasContent ? `notice notice-${severity}` : 'notice-empty'}
      role={severity === 'error' ? 'alert' : 'status'}
      aria-live={severity === 'error' ? 'assertive' : 'polite'}
      data-severity={severity}
    >
      {hasContent && (
        <>
          <span className="visually-hidden">{severity === 'error' ? texts.notice.error : texts.notice.info}: </span>
          {title && <strong className="notice-title">{title}</strong>}
          <div>{children}</div>
        </>
      )}
    </div>
  );
}
