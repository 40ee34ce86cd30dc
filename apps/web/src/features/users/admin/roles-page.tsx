import { ADMIN_PERMISSIONS as A } from '@zema/contracts';
import type { AdminRoleRow } from '@zema/contracts/admin';
import { rolesAdmin } from '@zema/contracts/users/roles.operations';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { useAuth } from '#src/lib/bootstrap-store';
import { formatNumber } from '#src/lib/format';
import { currentLanguage, type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { useRolesList } from '../api/list-roles';

const roleColumns = (trans: TransFn): DataTableColumn<AdminRoleRow>[] => [
  {
    id: 'name',
    header: trans('Role'),
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
    header: trans('Type'),
    cell: (r) => (
      <span className="flex flex-wrap gap-1 text-xs">
        {r.guests && <span className="rounded-full bg-hover px-2 py-0.5">{trans('Visitors')}</span>}
        {r.default && (
          <span className="rounded-full border border-primary px-2 py-0.5 text-fg">
            {trans('Default for new users')}
          </span>
        )}
        {r.built_in && <span className="rounded-full bg-hover px-2 py-0.5">{trans('Built-in')}</span>}
      </span>
    ),
  },
  {
    id: 'members_count',
    header: trans('Members'),
    sortKey: 'members_count',
    cell: (r) => (r.guests ? '—' : formatNumber(r.members_count, currentLanguage())),
  },
  { id: 'permissions_count', header: trans('Permissions'), cell: (r) => r.permissions_count },
];

export default function RolesPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const auth = useAuth();
  const columns = useMemo(() => roleColumns(trans), [trans]);
  return (
    <AdminListPage
      title={trans('Roles')}
      description={trans(
        'What each kind of account may do. The guest role is what visitors may do without an account.',
      )}
      storageKey="admin-roles"
      columns={columns}
      useList={useRolesList}
      exportPath={rolesAdmin.exportCsv.path}
      create={
        auth.hasPermission(A.rolesUpdate)
          ? { label: trans('New role'), to: paths.adminRole('new') }
          : undefined
      }
      onRowAction={(r) => navigate(paths.adminRole(r))}
      empty={<p className="text-sm text-muted">{trans('No roles match this search.')}</p>}
      search={{ label: trans('Search roles') }}
    />
  );
}
