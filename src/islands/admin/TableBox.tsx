import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls in. A box that scrolls must be reachable by keyboard (WCAG 2.1.1; axe's
 * scrollable-region-focusable): it is a named region in the tab order, so arrow keys scroll it. On a phone the
 * table inside stacks its cells (`admin-table--stack`, admin.css) and nothing scrolls sideways.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>{children}</div>;
}
