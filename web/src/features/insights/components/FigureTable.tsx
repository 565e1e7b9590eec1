import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { Cell } from '../../../lib/csv.js';

export interface Column<R> {
  label: string;
  /** The raw value (what the CSV holds). */
  value: (row: R) => Cell;
  /** What the screen shows, when it differs from the raw value. */
  show?: (row: R) => string;
}

/** A figure's table: the accessible form of its chart, and what its CSV holds. */
export function FigureTable<R>({ caption, columns, rows }: { caption: string; columns: Column<R>[]; rows: R[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focus lets a keyboard scroll a wide table (WCAG 2.1.1).
    <section className="insights-table" tabIndex={0} aria-label={`${caption} (table)`}>
      <Table size="small" caption={caption} highlightOnHover={false}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell as="th" key={column.label} scope="col">
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>Nothing in this range.</TableCell>
            </TableRow>
          ) : (
            rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row of figures, with no state, is known by its place.
              <TableRow key={index}>
                {columns.map((column) => (
                  <TableCell key={column.label}>
                    {column.show ? column.show(row) : String(column.value(row) ?? '—')}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </section>
  );
}
