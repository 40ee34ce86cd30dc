import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import type { DataTableColumn } from '#src/ui/data-table';
import { makeBootstrap } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import { AdminListPage, type AdminListPageProps, type AdminListSelection } from './admin-list-page';
import { FilterSelect } from './list-toolbar';

beforeEach(() => {
  resetBootstrapStore();
  localStorage.clear();
});

type Thing = { id: number; name: string; kind: 'round' | 'square' };
const THINGS: Thing[] = [
  { id: 1, name: 'Ball', kind: 'round' },
  { id: 2, name: 'Box', kind: 'square' },
  { id: 3, name: 'Ring', kind: 'round' },
];

async function getJson(url: string) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`The list answered ${res.status}`);
  return res.json();
}

function useThings(query: Record<string, string>) {
  return useQuery({
    queryKey: ['things', query],
    queryFn: () => getJson(`/api/v1/things?${new URLSearchParams(query)}`),
  });
}

function useDeleteThings() {
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const res = await fetch('/api/v1/things/bulk-delete', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids }),
      });
      return (await res.json()) as { message: string };
    },
  });
}

function serve(answer?: () => ReturnType<typeof ok>) {
  return mockApi((call) => {
    if (call.path === '/api/v1/things') {
      if (answer) return answer();
      const kind = call.query.get('kind');
      const query = call.query.get('query')?.toLowerCase();
      const data = THINGS.filter(
        (t) => (!kind || t.kind === kind) && (!query || t.name.toLowerCase().includes(query)),
      );
      return ok({ data, total: data.length, current_page: 1, per_page: 15, last_page: 1 });
    }
    if (call.path === '/api/v1/things/bulk-delete') return ok({ message: 'Deleted.' });
    return undefined;
  });
}

const columns: DataTableColumn<Thing>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', hideable: false, cell: (t) => t.name },
  { id: 'kind', header: 'Kind', cell: (t) => t.kind },
];

function Things(
  props: Partial<AdminListPageProps<Thing>> & { onMark?: (s: AdminListSelection<Thing>) => void },
) {
  const del = useDeleteThings();
  const { onMark, ...rest } = props;
  return (
    <AdminListPage<Thing>
      title="Things"
      description="Every thing."
      storageKey="admin-things"
      columns={columns}
      useList={useThings}
      filterKeys={['kind']}
      search={{ label: 'Search things' }}
      filters={({ params, setFilter }) => (
        <FilterSelect
          label="Kind"
          anyLabel="Any kind"
          options={[
            { id: 'round', label: 'Round' },
            { id: 'square', label: 'Square' },
          ]}
          value={params.filters.kind}
          onChange={(kind) => setFilter('kind', kind)}
        />
      )}
      exportPath="/api/v1/things/export"
      create={{ label: 'New thing', to: '/things/new' }}
      empty={({ filtered }) => <p>{filtered ? 'No things match.' : 'No things yet.'}</p>}
      delete={{
        mutation: del,
        title: (rows) => (rows.length === 1 ? `Delete ${rows[0]!.name}?` : `Delete ${rows.length} things?`),
        body: (rows) => `${rows.map((r) => r.name).join(', ')} go. This cannot be undone.`,
      }}
      bulkActions={
        onMark
          ? (selection) => (
              <button type="button" onClick={() => onMark(selection)}>
                Mark
              </button>
            )
          : undefined
      }
      {...rest}
    />
  );
}

const show = (element: React.ReactElement, path = '/things') =>
  renderRoutes([{ path: '/things', element }], path, makeBootstrap());

describe('AdminListPage', () => {
  it('shows the rows with the header, and keeps search and filters in the URL, the API query and the export', async () => {
    const calls = serve();
    const { router } = show(<Things />);
    expect(screen.getByRole('heading', { name: 'Things' })).toBeTruthy();
    expect(screen.getByText('Every thing.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New thing' }).getAttribute('href')).toBe('/things/new');
    const table = await screen.findByRole('table', { name: 'Things' });
    await within(table).findByText('Ball');
    expect(within(table).getByText('Box')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Kind/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Square' }));
    await waitFor(() => expect(within(table).queryByText('Ball')).toBeNull());
    expect(router.state.location.search).toBe('?kind=square');
    expect(calls.at(-1)?.query.get('kind')).toBe('square');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/v1/things/export?kind=square',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await within(table).findByText('Ball');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search things' }), 'ri');
    await waitFor(() => expect(router.state.location.search).toBe('?query=ri'));
    await waitFor(() => expect(within(table).queryByText('Ball')).toBeNull());
    expect(await within(table).findByText('Ring')).toBeTruthy();
  });

  it('reads its state from the URL and sorts through it', async () => {
    const calls = serve();
    const { router } = show(<Things />, '/things?kind=round&query=b');
    const table = await screen.findByRole('table', { name: 'Things' });
    await within(table).findByText('Ball');
    expect(calls[0]?.query.toString()).toBe('kind=round&query=b');
    expect((screen.getByRole('searchbox', { name: 'Search things' }) as HTMLInputElement).value).toBe('b');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=name&order=asc'));
  });

  it('deletes the selected rows after a confirmation, and hands them to the page’s own bulk actions', async () => {
    const calls = serve();
    const marked: number[][] = [];
    show(<Things onMark={(s) => marked.push(s.rows.map((r) => r.id))} />);
    await screen.findByText('Ball');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark' }));
    expect(marked).toEqual([[1, 3]]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 things?' });
    expect(dialog.textContent).toContain('Ball, Ring go. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/v1/things/bulk-delete')?.body).toEqual({ ids: [1, 3] }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
  });

  it('has no selection without delete or bulk actions, and no create or export unless given', async () => {
    serve();
    show(<Things delete={undefined} exportPath={undefined} create={undefined} />);
    await screen.findByText('Ball');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New thing' })).toBeNull();
  });

  it('opens a row with its action, and creates from a button of the page’s own', async () => {
    serve();
    const opened: string[] = [];
    let created = 0;
    show(
      <Things
        onRowAction={(t) => opened.push(t.name)}
        create={{ label: 'New thing', onPress: () => created++ }}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Things' });
    await within(table).findByText('Ball');
    within(table).getAllByRole('row')[1]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toEqual(['Ball']);
    await userEvent.click(screen.getByRole('button', { name: 'New thing' }));
    expect(created).toBe(1);
  });

  it('says when nothing matches, and when nothing is there yet', async () => {
    serve(() => ok({ data: [], total: 0, current_page: 1, per_page: 15, last_page: 1 }));
    show(<Things />);
    expect(await screen.findByText('No things yet.')).toBeTruthy();
  });

  it('says the filter matches nothing', async () => {
    serve(() => ok({ data: [], total: 0, current_page: 1, per_page: 15, last_page: 1 }));
    show(<Things />, '/things?kind=round');
    expect(await screen.findByText('No things match.')).toBeTruthy();
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let broken = true;
    serve(() =>
      broken
        ? fail(500, { message: 'Broken' })
        : ok({ data: THINGS, total: 3, current_page: 1, per_page: 15, last_page: 1 }),
    );
    show(<Things />);
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('The list could not be loaded.');
    broken = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ball')).toBeTruthy();
  });
});
