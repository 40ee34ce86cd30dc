import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: 'Abebe' },
  { id: 2, name: 'Bethlehem' },
  { id: 3, name: 'Chaltu' },
];
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', hideable: false, cell: (r) => r.name },
  { id: 'id', header: 'Id', cell: (r) => `#${r.id}` },
];

function setup(extra: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const props = {
    label: 'People',
    storageKey: `test-${Math.random()}`,
    columns,
    rows,
    total: 42,
    getRowId: (r: Row) => String(r.id),
    page: 2,
    perPage: 15,
    sort: undefined,
    order: undefined,
    onSortChange: vi.fn(),
    onPageChange: vi.fn(),
    onPerPageChange: vi.fn(),
    empty: 'Nothing here',
    ...extra,
  };
  render(<DataTable<Row> {...props} />);
  return props;
}

describe('DataTable', () => {
  it('renders the page of rows with the totals and pages', () => {
    setup();
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('16–30 of 42')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('sorts through the server: asc, then desc, then off, with aria-sort', async () => {
    const user = userEvent.setup();
    const props = setup();
    await user.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(props.onSortChange).toHaveBeenLastCalledWith('name', 'asc');
    setup({ sort: 'name', order: 'desc' });
    expect(screen.getAllByRole('columnheader', { name: /Name/ }).at(-1)!.getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('pages and changes nothing on the first and last page edges', async () => {
    const user = userEvent.setup();
    const props = setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(props.onPageChange).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(props.onPageChange).toHaveBeenCalledWith(1);
  });

  it('selects rows and offers the bulk actions on them', async () => {
    const user = userEvent.setup();
    const bulk = vi.fn((ids: string[]) => <span>bulk for {ids.join(',')}</span>);
    setup({ bulkActions: bulk });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.getByText('bulk for 2')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('moves between rows with the arrow keys and opens one with Enter', async () => {
    const user = userEvent.setup();
    const onRowAction = vi.fn();
    setup({ onRowAction });
    const [first, second] = screen.getAllByRole('row').slice(1);
    first!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{Enter}');
    expect(onRowAction).toHaveBeenCalledWith(rows[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getAllByRole('row').at(-1));
  });

  it('keeps the first column fixed on a phone while the others scroll', () => {
    setup();
    const table = screen.getByRole('table', { name: 'People' });
    const [first, second] = within(table).getAllByRole('row')[1]!.querySelectorAll('td');
    expect(first!.className).toContain('max-md:sticky');
    expect(first!.className).toContain('max-md:start-0');
    expect(second!.className).not.toContain('sticky');
    expect(within(table).getAllByRole('columnheader')[0]!.className).toContain('max-md:sticky');
  });

  it('shows the empty state when there are no rows', () => {
    setup({ rows: [], total: 0 });
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(screen.getByText('No results')).toBeTruthy();
  });
});
