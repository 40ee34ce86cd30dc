import { AUDIT_ACTIONS, type AuditEntry } from '@zema/contracts/admin';
import { audit } from '@zema/contracts/operations/audit';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '#src/components/admin/admin-page';
import { ExportCsvLink } from '#src/components/admin/export-csv-link';
import { ClearFiltersButton, FilterSelect, ListSearchField } from '#src/components/admin/list-toolbar';
import { listApiQuery, useListParams, useListSearch } from '#src/lib/list-params';
import { Button } from '#src/ui/button';
import { DataTable, type DataTableColumn } from '#src/ui/data-table';
import { Dialog } from '#src/ui/dialog';
import { useAuditList } from '../api/list-audit';

const FILTERS = ['actor', 'action', 'from', 'to'] as const;

/** Admin pages of the records an entry names (a deleted one has none). */
const TARGET_PAGES: Record<string, string> = {
  user: '/admin/users',
  role: '/admin/roles',
  artist: '/admin/artists',
  album: '/admin/albums',
  track: '/admin/tracks',
  channel: '/admin/channels',
};

const targetLink = (e: AuditEntry) => {
  if (!e.target_type || !e.target_id || e.action.endsWith('.delete')) return null;
  if (e.target_type === 'genre' && e.target_label)
    return `/admin/genres?query=${encodeURIComponent(e.target_label)}`;
  const base = TARGET_PAGES[e.target_type];
  return base ? `${base}/${e.target_id}` : null;
};

const actionOptions = (current: string | undefined) => [
  ...AUDIT_ACTIONS.map((a) => ({ id: a, label: a })),
  // An entry written by an older version, followed from its row.
  ...(current && !(AUDIT_ACTIONS as readonly string[]).includes(current)
    ? [{ id: current, label: current }]
    : []),
];

export default function AuditLogPage() {
  const [params, setParams] = useListParams(FILTERS);
  const apiQuery = useMemo(() => listApiQuery(params), [params]);
  const list = useAuditList(apiQuery);
  const [search, setSearch] = useListSearch(params.query, setParams);
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        id: 'created_at',
        header: 'When',
        sortKey: 'created_at',
        hideable: false,
        cell: (e) =>
          new Date(e.created_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }),
      },
      {
        id: 'actor',
        header: 'Who',
        cell: (e) =>
          e.actor ? (
            <button
              type="button"
              className="rounded-sm text-left hover:underline focus-visible:ring-2 focus-visible:ring-primary"
              onClick={() => setParams({ filters: { actor: String(e.actor!.id) } })}
              aria-label={`Only actions by ${e.actor.name}`}
            >
              {e.actor.name}
            </button>
          ) : (
            '—'
          ),
      },
      {
        id: 'action',
        header: 'Action',
        sortKey: 'action',
        cell: (e) => (
          <button
            type="button"
            className="rounded-sm font-mono text-xs hover:underline focus-visible:ring-2 focus-visible:ring-primary"
            onClick={() => setParams({ filters: { action: e.action } })}
            aria-label={`Only ${e.action} actions`}
          >
            {e.action}
          </button>
        ),
      },
      {
        id: 'target',
        header: 'Target',
        cell: (e) => {
          const to = targetLink(e);
          const label = e.target_label ?? (e.target_id ? `${e.target_type} ${e.target_id}` : '—');
          return to ? (
            <Link to={to} className="hover:underline">
              {label}
            </Link>
          ) : (
            label
          );
        },
      },
      { id: 'ip', header: 'From', cell: (e) => e.ip ?? '—' },
      {
        id: 'changes',
        header: 'Changes',
        hideable: false,
        cell: (e) =>
          e.before || e.after ? (
            <Button variant="text" size="sm" onPress={() => setOpen(e)}>
              View
            </Button>
          ) : null,
      },
    ],
    [setParams],
  );

  return (
    <AdminPage
      title="Audit log"
      description="Every change made in the admin area: who, what, to which record, from where."
      actions={<ExportCsvLink path={audit.exportCsv.path} query={apiQuery} />}
    >
      <DataTable
        label="Audit log"
        storageKey="admin-audit"
        columns={columns}
        rows={list.data?.data}
        total={list.data?.total ?? 0}
        getRowId={(e) => String(e.id)}
        page={params.page}
        perPage={params.perPage}
        sort={params.sort}
        order={params.order}
        onSortChange={(sort, order) => setParams({ sort, order })}
        onPageChange={(page) => setParams({ page })}
        onPerPageChange={(perPage) => setParams({ perPage })}
        isLoading={list.isPending}
        onRowAction={(e) => (e.before || e.after ? setOpen(e) : undefined)}
        empty={<p className="text-sm text-muted">No actions recorded for this filter.</p>}
        toolbar={
          <>
            <ListSearchField label="Search target or action" value={search} onChange={setSearch} />
            <FilterSelect
              label="Action"
              anyLabel="Any action"
              className="w-52"
              options={actionOptions(params.filters.action)}
              value={params.filters.action}
              onChange={(action) => setParams({ filters: { action } })}
            />
            <label className="flex items-center gap-1 text-xs text-muted">
              From
              <input
                type="date"
                aria-label="From"
                value={params.filters.from ?? ''}
                onChange={(e) => setParams({ filters: { from: e.target.value || undefined } })}
                className="h-10 rounded-theme border border-divider bg-bg px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary"
              />
            </label>
            <label className="flex items-center gap-1 text-xs text-muted">
              to
              <input
                type="date"
                aria-label="To"
                value={params.filters.to ?? ''}
                onChange={(e) => setParams({ filters: { to: e.target.value || undefined } })}
                className="h-10 rounded-theme border border-divider bg-bg px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary"
              />
            </label>
            <ClearFiltersButton
              filters={FILTERS}
              values={params.filters}
              onClear={(filters) => setParams({ filters })}
            />
          </>
        }
      />
      <Dialog
        title={open ? `${open.action} — ${open.target_label ?? ''}` : ''}
        size="lg"
        isOpen={open !== null}
        onOpenChange={(o) => !o && setOpen(null)}
      >
        {open && (
          <div className="grid gap-4 md:grid-cols-2">
            <section aria-label="Before">
              <h3 className="mb-2 text-sm font-semibold">Before</h3>
              <pre className="max-h-96 overflow-auto rounded-theme bg-bg-alt p-3 text-xs">
                {JSON.stringify(open.before, null, 2) ?? '—'}
              </pre>
            </section>
            <section aria-label="After">
              <h3 className="mb-2 text-sm font-semibold">After</h3>
              <pre className="max-h-96 overflow-auto rounded-theme bg-bg-alt p-3 text-xs">
                {JSON.stringify(open.after, null, 2) ?? '—'}
              </pre>
            </section>
          </div>
        )}
      </Dialog>
    </AdminPage>
  );
}
