import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../../lib/navigation';

/** A link inside the admin portal: a plain link (new tab, copy address) that changes page without a reload. */
export function AppLink({ to, children, className, replace }: { to: string; children: ReactNode; className?: string; replace?: boolean }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to, { replace });
  }
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
