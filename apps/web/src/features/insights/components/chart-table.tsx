import type { ReactNode } from 'react';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';

export interface ChartTableRow {
  key: string;
  /** The row's day or week, as its heading cell. */
  heading: string;
  /** The row's figures: `<td>`s, or one spanning "not shown" cell. */
  cells: ReactNode;
}

/**
 * A chart's figures as a table (every insights chart has one, for screen readers and for the
 * exact numbers): a day or week a row, `headings` over the columns, the first over the rows.
 */
export function ChartTable(props: {
  scrollLabel?: string;
  caption: ReactNode;
  headings: readonly string[];
  rows: readonly ChartTableRow[];
}) {
  return (
    <DataTable scrollLabel={props.scrollLabel}>
      <caption className="sr-only">{props.caption}</caption>
      <thead>
        <tr>
          {props.headings.map((heading) => (
            <th key={heading} scope="col" className={thClasses}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={`${tdClasses} whitespace-nowrap font-medium`}>
              {row.heading}
            </th>
            {row.cells}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
