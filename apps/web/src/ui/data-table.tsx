import {
  type ColumnDef,
  columnVisibilityFeature,
  type RowData,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
  type ColumnVisibilityState as VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Columns3 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { MenuTrigger } from 'react-aria-components';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { Button } from './button';
import { cx } from './cx';
import { Checkbox } from './field';
import { Menu, MenuItem } from './menu';
import { Select } from './select';

/**
 * The admin's one data table (decision 0025): a server-side list (the rows of one page, the total, the
 * sort) rendered with TanStack Table's headless models — sorting, pagination, column visibility
 * and row selection — and keyboard navigation between rows (↑ ↓ Home End, Enter opens, Space
 * selects). The list's state lives in the caller (the page's URL); this component only reports
 * changes.
 */

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
});

export interface DataTableColumn<T extends RowData> {
  id: string;
  /** Shown as it is: the page translates it (`trans('Name')`). */
  header: string;
  cell: (row: T) => ReactNode;
  /** The API's sort key for this column; sortable when set. */
  sortKey?: string;
  /** false = always shown (the column that names the row). Default true. */
  hideable?: boolean;
  /** Hidden until the admin shows it from the columns menu. */
  defaultHidden?: boolean;
  className?: string;
}

export const PER_PAGE_OPTIONS = [15, 25, 50, 100] as const;

export interface DataTableProps<T extends RowData> {
  /** Accessible name of the table (e.g. "Users"). */
  label: string;
  /** Columns visibility is remembered per table under this key. */
  storageKey: string;
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  total: number;
  /**
   * How `total` relates to the real count (the list contract's `total_relation`): `approx` for a
   * very large unfiltered list, `gte` for a broad search the server stopped counting.
   */
  totalRelation?: 'eq' | 'gte' | 'approx';
  getRowId: (row: T) => string;
  page: number;
  perPage: number;
  sort: string | undefined;
  order: 'asc' | 'desc' | undefined;
  onSortChange: (sort: string | undefined, order: 'asc' | 'desc' | undefined) => void;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  isLoading?: boolean;
  /** Shown when there are no rows (after loading). */
  empty: ReactNode;
  /** Row selection with bulk actions over the selected ids. */
  bulkActions?: (ids: string[], clear: () => void) => ReactNode;
  /** Enter on a focused row (usually: open its page). */
  onRowAction?: (row: T) => void;
  /** Above the table: search, filters, export. */
  toolbar?: ReactNode;
}

/** Phones: the first column (after the selection boxes) is fixed while the rest scrolls. */
const STICKY_START = 'max-md:sticky max-md:start-0 max-md:z-[1] max-md:shadow-[1px_0_0_var(--color-divider)]';
const STICKY_CHECKBOX = 'max-md:sticky max-md:start-0 max-md:z-[1]';
const STICKY_AFTER_CHECKBOX =
  'max-md:sticky max-md:start-10 max-md:z-[1] max-md:shadow-[1px_0_0_var(--color-divider)]';

function readVisibility(key: string): VisibilityState | null {
  try {
    const raw = localStorage.getItem(`zema.table.${key}`);
    return raw ? (JSON.parse(raw) as VisibilityState) : null;
  } catch {
    return null;
  }
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns: cols, rows, total, page, perPage, sort, order } = props;
  const data = useMemo(() => rows ?? [], [rows]);
  const format = useFormat();
  const { trans } = useTrans();
  const perPageItems = useMemo(
    () => PER_PAGE_OPTIONS.map((n) => ({ id: String(n), label: trans('{count} / page', { count: n }) })),
    [trans],
  );
  const columns = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      cols.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => row,
        cell: ({ row }: { row: { original: T } }) => c.cell(row.original),
        enableSorting: Boolean(c.sortKey),
        enableHiding: c.hideable !== false,
        meta: { sortKey: c.sortKey, className: c.className },
      })) as ColumnDef<typeof features, T>[],
    [cols],
  );
  const [visibility, setVisibility] = useState<VisibilityState>(
    () =>
      readVisibility(props.storageKey) ??
      Object.fromEntries(cols.filter((c) => c.defaultHidden).map((c) => [c.id, false])),
  );
  const [selection, setSelection] = useState<RowSelectionState>({});
  const sorting: SortingState = useMemo(() => {
    const col = cols.find((c) => c.sortKey && c.sortKey === sort);
    return col ? [{ id: col.id, desc: order === 'desc' }] : [];
  }, [cols, sort, order]);

  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row) => props.getRowId(row),
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    enableRowSelection: Boolean(props.bulkActions),
    state: {
      sorting,
      pagination: { pageIndex: page - 1, pageSize: perPage },
      columnVisibility: visibility,
      rowSelection: selection,
    },
    onSortingChange: () => {},
    onPaginationChange: () => {},
    onColumnVisibilityChange: (updater) => {
      setVisibility((prev: VisibilityState) => {
        const next = typeof updater === 'function' ? updater(prev) : updater;
        try {
          localStorage.setItem(`zema.table.${props.storageKey}`, JSON.stringify(next));
        } catch {}
        return next;
      });
    },
    onRowSelectionChange: (updater) =>
      setSelection((prev) => (typeof updater === 'function' ? updater(prev) : updater)),
  });

  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const clearSelection = () => setSelection({});
  const visibleColumns = table.getVisibleLeafColumns();
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const lastPage = Math.max(1, Math.ceil(total / perPage));

  const cycleSort = (sortKey: string) => {
    if (sort !== sortKey) props.onSortChange(sortKey, 'asc');
    else if (order !== 'desc') props.onSortChange(sortKey, 'desc');
    else props.onSortChange(undefined, undefined);
    clearSelection();
  };

  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [focusedRow, setFocusedRow] = useState(0);
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.target !== event.currentTarget) return;
    const rowEls = bodyRef.current?.querySelectorAll<HTMLTableRowElement>('tr[data-row]') ?? [];
    const move = (to: number) => {
      event.preventDefault();
      const target = Math.max(0, Math.min(rowEls.length - 1, to));
      setFocusedRow(target);
      rowEls[target]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(rowEls.length - 1);
    else if (event.key === 'Enter' && props.onRowAction) {
      event.preventDefault();
      props.onRowAction(row);
    } else if (event.key === ' ' && props.bulkActions) {
      event.preventDefault();
      table.getRowModel().rows[index]?.toggleSelected();
    }
  };

  // On a phone the first column (the row's name) stays while the others scroll under it.
  const stickyFirst = props.bulkActions ? STICKY_AFTER_CHECKBOX : STICKY_START;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {props.toolbar}
        <div className="ms-auto">
          <MenuTrigger>
            <Button variant="outline" size="sm" startIcon={<Columns3 aria-hidden />}>
              {trans('Columns')}
            </Button>
            <Menu
              aria-label={trans('Shown columns')}
              placement="bottom end"
              selectionMode="multiple"
              selectedKeys={table
                .getAllLeafColumns()
                .filter((c) => c.getIsVisible())
                .map((c) => c.id)}
              disabledKeys={table
                .getAllLeafColumns()
                .filter((c) => !c.getCanHide())
                .map((c) => c.id)}
              onSelectionChange={(keys) => {
                if (keys === 'all') return;
                const shown = new Set([...keys].map(String));
                setVisibility((prev: VisibilityState) => {
                  const next = { ...prev };
                  for (const c of cols) if (c.hideable !== false) next[c.id] = shown.has(c.id);
                  try {
                    localStorage.setItem(`zema.table.${props.storageKey}`, JSON.stringify(next));
                  } catch {}
                  return next;
                });
              }}
            >
              {cols.map((c) => (
                <MenuItem key={c.id} id={c.id}>
                  {c.header}
                </MenuItem>
              ))}
            </Menu>
          </MenuTrigger>
        </div>
      </div>

      {props.bulkActions && selectedIds.length > 0 && (
        <section
          aria-label={trans('Selected rows')}
          className="flex flex-wrap items-center gap-2 rounded-theme border border-primary/40 bg-primary/10 px-3 py-2 text-sm"
        >
          <span className="font-medium" aria-live="polite">
            {trans('{count} selected', { count: format.number(selectedIds.length) })}
          </span>
          {props.bulkActions(selectedIds, clearSelection)}
          <Button variant="text" size="sm" onPress={clearSelection} className="ms-auto">
            {trans('Clear selection')}
          </Button>
        </section>
      )}

      <div className="overflow-x-auto rounded-theme border border-divider">
        <table aria-label={props.label} aria-rowcount={total + 1} className="w-full text-left text-sm">
          <thead className="bg-bg-alt text-xs uppercase tracking-wide text-muted">
            <tr>
              {props.bulkActions && (
                <th scope="col" className={cx('w-10 px-3 py-2', STICKY_CHECKBOX, 'max-md:bg-bg-alt')}>
                  <Checkbox
                    aria-label={trans('Select all rows on this page')}
                    isSelected={table.getIsAllPageRowsSelected()}
                    isIndeterminate={table.getIsSomePageRowsSelected()}
                    onChange={(v) => table.toggleAllPageRowsSelected(v)}
                  />
                </th>
              )}
              {visibleColumns.map((column, columnIndex) => {
                const meta = column.columnDef.meta as { sortKey?: string; className?: string } | undefined;
                const sorted = meta?.sortKey && meta.sortKey === sort ? (order ?? 'asc') : null;
                const header = String(column.columnDef.header);
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={cx(
                      'px-3 py-2 font-semibold',
                      columnIndex === 0 && stickyFirst,
                      columnIndex === 0 && 'max-md:bg-bg-alt',
                      meta?.className,
                    )}
                  >
                    {meta?.sortKey ? (
                      <button
                        type="button"
                        onClick={() => cycleSort(meta.sortKey!)}
                        className="inline-flex items-center gap-1 rounded-sm uppercase outline-none hover:text-fg focus-visible:ring-2 focus-visible:ring-primary"
                        aria-label={trans('Sort by {column}', { column: header })}
                      >
                        {header}
                        {sorted === 'asc' ? (
                          <ArrowUp className="size-3.5" aria-hidden />
                        ) : sorted === 'desc' ? (
                          <ArrowDown className="size-3.5" aria-hidden />
                        ) : (
                          <ArrowUpDown className="size-3.5 opacity-50" aria-hidden />
                        )}
                      </button>
                    ) : (
                      header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody ref={bodyRef} aria-busy={props.isLoading || undefined}>
            {props.isLoading && !rows
              ? Array.from({ length: Math.min(perPage, 8) }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
                  <tr key={i} className="border-t border-divider">
                    <td colSpan={visibleColumns.length + (props.bulkActions ? 1 : 0)} className="px-3 py-3">
                      <div className="h-4 w-full animate-pulse rounded bg-hover" />
                    </td>
                  </tr>
                ))
              : table.getRowModel().rows.map((row, index) => (
                  <tr
                    key={row.id}
                    data-row
                    tabIndex={index === Math.min(focusedRow, data.length - 1) ? 0 : -1}
                    aria-selected={props.bulkActions ? row.getIsSelected() : undefined}
                    onKeyDown={(e) => onRowKeyDown(e, index, row.original)}
                    onFocus={(e) => {
                      if (e.target === e.currentTarget) setFocusedRow(index);
                    }}
                    className="border-t border-divider outline-none hover:bg-hover focus-visible:bg-hover focus-visible:shadow-[inset_3px_0_0_var(--color-primary)] aria-selected:bg-primary/10"
                  >
                    {props.bulkActions && (
                      <td className={cx('w-10 px-3 py-2', STICKY_CHECKBOX, 'max-md:bg-bg')}>
                        <Checkbox
                          aria-label={trans('Select row {id}', { id: row.id })}
                          isSelected={row.getIsSelected()}
                          onChange={(v) => row.toggleSelected(v)}
                        />
                      </td>
                    )}
                    {row.getVisibleCells().map((cell, columnIndex) => {
                      const meta = cell.column.columnDef.meta as { className?: string } | undefined;
                      return (
                        <td
                          key={cell.id}
                          className={cx(
                            'px-3 py-2 align-middle',
                            columnIndex === 0 && stickyFirst,
                            columnIndex === 0 && 'max-md:bg-bg',
                            meta?.className,
                          )}
                        >
                          <table.FlexRender cell={cell} />
                        </td>
                      );
                    })}
                  </tr>
                ))}
          </tbody>
        </table>
        {!props.isLoading && data.length === 0 && <div className="px-4 py-10 text-center">{props.empty}</div>}
      </div>

      <nav aria-label={trans('Pagination')} className="flex flex-wrap items-center gap-3 text-sm text-muted">
        <span aria-live="polite">
          {total === 0
            ? trans('No results')
            : props.totalRelation === 'approx'
              ? trans('{from}–{to} of about {total}', {
                  from: format.number(from),
                  to: format.number(to),
                  total: format.number(total),
                })
              : props.totalRelation === 'gte'
                ? trans('{from}–{to} of {total}+', {
                    from: format.number(from),
                    to: format.number(to),
                    total: format.number(total),
                  })
                : trans('{from}–{to} of {total}', {
                    from: format.number(from),
                    to: format.number(to),
                    total: format.number(total),
                  })}
        </span>
        <div className="ms-auto flex items-center gap-2">
          <Select
            aria-label={trans('Rows per page')}
            className="w-32"
            selectedKey={String(perPage)}
            onSelectionChange={(key) => {
              props.onPerPageChange(Number(key));
              clearSelection();
            }}
            items={perPageItems}
          />
          <Button
            variant="icon"
            size="sm"
            aria-label={trans('Previous page')}
            isDisabled={page <= 1}
            onPress={() => {
              props.onPageChange(page - 1);
              clearSelection();
            }}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span>
            {trans('Page {page} of {pages}', { page: format.number(page), pages: format.number(lastPage) })}
          </span>
          <Button
            variant="icon"
            size="sm"
            aria-label={trans('Next page')}
            isDisabled={page >= lastPage}
            onPress={() => {
              props.onPageChange(page + 1);
              clearSelection();
            }}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </nav>
    </div>
  );
}
