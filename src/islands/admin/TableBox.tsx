import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls in. A box that scrolls must be reachable by keyboard (WCAG 2.1.1; axe's
 * scrollable-region-focusable): it is a named region in the tab order, so arrow keys scroll it. On a phone the
 * table inside stacks its cells (`admin-table--stack`, admin.css) and nothing scrolls sideways.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>{children}</div>;
}

/** A column of a StackTable: its heading, which also labels each of its cells once the table stacks on a phone. */
export type Column<Row> = { label: string; cell: (row: Row) => ReactNode; numeric?: boolean; nowrap?: boolean };

/**
 * A list of rows as a table in its TableBox, one column per entry of `columns`; each cell carries its column's heading
 * as `data-label`, which admin.css shows beside the cell when the table stacks. `rowData`: the row's data-* attributes;
 * `labelledBy`: the id of a heading that names the table itself.
 */
export function StackTable<Row>({ label, columns, rows, rowKey, rowData, labelledBy }: {
  label: string; columns: Column<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string; rowData?: (row: Row) => Record<`data-${string}`, string>;
  labelledBy?: string;
}) {
  const cellClass = (c: Column<Row>) => [c.numeric && 'num', c.nowrap && 'nowrap'].filter(Boolean).join(' ') || undefined;
  return (
    <TableBox label={label}>
      <table className="admin-table admin-table--stack" aria-labelledby={labelledBy}>
        <thead><tr>{columns.map((c) => <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>{c.label}</th>)}</tr></thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowData?.(row)}>
              {columns.map((c) => <td key={c.label} data-label={c.label} className={cellClass(c)}>{c.cell(row)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
