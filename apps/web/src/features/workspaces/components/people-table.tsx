import type { ReactNode } from 'react';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';

export interface PeopleTableColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Shown from 768 px only; the first column says what matters of it below that. */
  wide?: boolean;
}

export interface PeopleTableProps<T> {
  /** The table's accessible name. */
  label: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  /** The first column takes the room left and truncates what it holds (375 px screens). */
  columns: [PeopleTableColumn<T>, ...PeopleTableColumn<T>[]];
  /** The row's buttons, at its end; without it the table has no actions column. */
  actions?: (row: T) => ReactNode;
}

/**
 * The workspace page's tables of people, members and pending invitations alike: one row layout,
 * a header of small capitals, and the actions of each row at its end.
 */
export function PeopleTable<T>({ label, rows, rowKey, columns, actions }: PeopleTableProps<T>) {
  const { trans } = useTrans();
  const [main, ...rest] = columns;
  const shown = (wide?: boolean) => (wide ? 'hidden md:table-cell' : undefined);
  return (
    <div>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-xs text-muted uppercase">
          <tr className="border-b border-divider">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cx('py-2 pr-3 font-semibold', shown(column.wide))}
              >
                {column.header}
              </th>
            ))}
            {actions && (
              <th scope="col" className="py-2 text-right font-semibold">
                <span className="sr-only">{trans('Actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-divider last:border-0">
              <td className={cx('w-full max-w-0 py-3 pr-3', shown(main.wide))}>{main.cell(row)}</td>
              {rest.map((column) => (
                <td key={column.header} className={cx('py-3 pr-3', shown(column.wide))}>
                  {column.cell(row)}
                </td>
              ))}
              {actions && (
                <td className="py-3 text-right">
                  <div className="flex flex-wrap justify-end gap-1">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
