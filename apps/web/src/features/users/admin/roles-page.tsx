import { ADMIN_PERMISSIONS as A } from '@zema/contracts';
import type { AdminRoleRow } from '@zema/contracts/admin';
import { rolesAdmin } from '@zema/contracts/users/roles.operations';
import { Plus, Search } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminPage } from '#src/components/admin/admin-page';
import { useRolesList } from '#src/components/admin/api/list-roles';
import { ExportCsvLink } from '#src/components/admin/export-csv-link';
import { useAuth } from '#src/lib/bootstrap-store';
import { formatNumber } from '#src/lib/format';
import { currentLanguage } from '#src/lib/i18n';
import { listApiQuery, useListParams, useListSearch } from '#src/lib/list-params';
import { paths } from '#src/lib/paths';
import { buttonClass } from '#src/ui/button';
import { DataTable, type DataTableColumn } from '#src/ui/data-table';
import { TextField } from '#src/ui/field';

const columns: DataTableColumn<AdminRoleRow>[] = [
  {
    id: 'name',
    header: 'Role',
    sortKey: 'name',
    hideable: false,
    cell: (r) => (
      <Link to={paths.adminRole(r)} tabIndex={-1} className="flex flex-col rounded-sm hover:underline">
        <span className="font-medium text-fg">{r.name}</span>
        {r.description && <span className="text-xs text-muted">{r.description}</span>}
      </Link>
    ),
  },
  {
    id: 'flags',
    header: 'Type',
    cell: (r) => (
      <span className="flex flex-wrap gap-1 text-xs">
        {r.guests && <span className="rounded-full bg-hover px-2 py-0.5">Visitors</span>}
        {r.default && (
          <span className="rounded-full border border-primary px-2 py-0.5 text-fg">
            Default for new users
          </span>
        )}
        {r.built_in && <span className="rounded-full bg-hover px-2 py-0.5">Built-in</span>}
      </span>
    ),
  },
  {
    id: 'members_count',
    header: 'Members',
    sortKey: 'members_count',
    cell: (r) => (r.guests ? '—' : formatNumber(r.members_count, currentLanguage())),
  },
  { id: 'permissions_count', header: 'Permissions', cell: (r) => r.permissions_count },
];

export default function RolesPage() {
  const [params, setParams] = useListParams();
  const apiQuery = useMemo(() => listApiQuery(params), [params]);
  const list = useRolesList(apiQuery);
  const navigate = useNavigate();
  const auth = useAuth();
  const [search, setSearch] = useListSearch(params.query, setParams);

  return (
    <AdminPage
      title="Roles"
      description="What each kind of account may do. The guest role is what visitors may do without an account."
      actions={
        <>
          <ExportCsvLink path={rolesAdmin.exportCsv.path} query={apiQuery} />
          {auth.hasPermission(A.rolesUpdate) && (
            <Link to={paths.adminRole('new')} className={buttonClass()}>
              <Plus aria-hidden className="size-4" />
              New role
            </Link>
          )}
        </>
      }
    >
      <DataTable
        label="Roles"
        storageKey="admin-roles"
        columns={columns}
        rows={list.data?.data}
        total={list.data?.total ?? 0}
        getRowId={(r) => String(r.id)}
        page={params.page}
        perPage={params.perPage}
        sort={params.sort}
        order={params.order}
        onSortChange={(sort, order) => setParams({ sort, order })}
        onPageChange={(page) => setParams({ page })}
        onPerPageChange={(perPage) => setParams({ perPage })}
        isLoading={list.isPending}
        onRowAction={(r) => navigate(paths.adminRole(r))}
        empty={<p className="text-sm text-muted">No roles match this search.</p>}
        toolbar={
          <TextField
            aria-label="Search roles"
            type="search"
            placeholder="Search roles"
            className="w-full sm:w-64"
            value={search}
            onChange={setSearch}
            startAdornment={<Search aria-hidden />}
          />
        }
      />
    </AdminPage>
  );
}
