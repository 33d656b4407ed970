import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller: focusable and named, so a keyboard user can scroll it
 * too (axe "scrollable-region-focusable") and a screen reader announces what it holds.
 */
export function ScrollRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`table-scroll${className ? ` ${className}` : ''}`} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
