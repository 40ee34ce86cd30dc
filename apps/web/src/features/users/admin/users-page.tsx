import { ADMIN_PERMISSIONS as A, msg } from '@zema/contracts';
import type { AdminUserRow } from '@zema/contracts/admin';
import { usersAdmin } from '@zema/contracts/users/users.operations';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { DateRangeFilter } from '#src/components/admin/list-toolbar';
import { UserAvatar } from '#src/components/user-avatar';
import { useAuth } from '#src/lib/bootstrap-store';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { DateTime } from '#src/ui/date-time';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { useAssignRole } from '../api/assign-role';
import { useDeleteUsers } from '../api/delete-users';
import { useAssignableRoles } from '../api/list-roles';
import { useUsersList } from '../api/list-users';
import { CreateUserDialog } from '../components/create-user-dialog';

const FILTERS = ['role', 'verified', 'suspended', 'two_factor', 'created_from', 'created_to'] as const;

const YES_NO = (any: string, yes: string, no: string) => [
  { id: 'any', label: any },
  { id: 'true', label: yes },
  { id: 'false', label: no },
];
const VERIFIED = YES_NO(msg('Any email status'), msg('Verified'), msg('Not verified'));
const SUSPENDED = YES_NO(msg('Active or suspended'), msg('Suspended'), msg('Active'));
const TWO_FACTOR = YES_NO(msg('Any two-factor'), msg('Two-factor on'), msg('Two-factor off'));

const translated = (trans: TransFn, items: { id: string; label: string }[]) =>
  items.map((item) => ({ ...item, label: trans(item.label) }));

const userColumns = (trans: TransFn): DataTableColumn<AdminUserRow>[] => [
  {
    id: 'user',
    header: trans('User'),
    sortKey: 'display_name',
    hideable: false,
    cell: (u) => (
      <a
        href={paths.adminUser(u)}
        className="flex min-w-0 items-center gap-3 rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-primary"
        tabIndex={-1}
      >
        <UserAvatar name={u.display_name} src={u.avatar} />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-fg">{u.display_name}</span>
          <span className="truncate text-xs text-muted">{u.email}</span>
        </span>
      </a>
    ),
  },
  { id: 'email', header: trans('Email'), sortKey: 'email', defaultHidden: true, cell: (u) => u.email },
  {
    id: 'roles',
    header: trans('Roles'),
    cell: (u) => (
      <span className="flex flex-wrap gap-1">
        {u.roles.map((r) => (
          <span key={r.id} className="rounded-full border border-divider px-2 py-0.5 text-xs">
            {r.name}
          </span>
        ))}
      </span>
    ),
  },
  {
    id: 'status',
    header: trans('Status'),
    cell: (u) => (
      <span className="flex flex-wrap gap-1 text-xs">
        {u.suspended_at ? (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-divider px-2 py-0.5 font-medium text-fg">
            <span aria-hidden className="size-2 rounded-full bg-danger" />
            {trans('Suspended')}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-divider px-2 py-0.5 font-medium text-fg">
            <span aria-hidden className="size-2 rounded-full bg-positive" />
            {trans('Active')}
          </span>
        )}
        {!u.email_verified_at && (
          <span className="rounded-full bg-hover px-2 py-0.5">{trans('Unverified')}</span>
        )}
        {u.two_factor && <span className="rounded-full bg-hover px-2 py-0.5">{trans('2FA')}</span>}
      </span>
    ),
  },
  {
    id: 'last_login_at',
    header: trans('Last login'),
    sortKey: 'last_login_at',
    cell: (u) => (u.last_login_at ? <DateTime iso={u.last_login_at} /> : trans('Never')),
  },
  {
    id: 'created_at',
    header: trans('Signed up'),
    sortKey: 'created_at',
    cell: (u) => <DateTime iso={u.created_at} />,
  },
];

export default function UsersPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const auth = useAuth();
  const { roles } = useAssignableRoles();
  const [creating, setCreating] = useState(false);
  const del = useDeleteUsers();
  const assign = useAssignRole();

  const roleOptions = useMemo(
    () => [
      { id: 'any', label: trans('Any role') },
      ...roles.map((r) => ({ id: String(r.id), label: r.name })),
    ],
    [roles, trans],
  );
  const columns = useMemo(() => userColumns(trans), [trans]);

  const canCreate = auth.hasPermission(A.usersCreate);
  const canDelete = auth.hasPermission(A.usersDelete);
  const canUpdate = auth.hasPermission(A.usersUpdate);

  return (
    <AdminListPage
      title={trans('Users')}
      description={trans(
        'Everyone with an account: search, filter, and open a user to manage roles, sessions and suspension.',
      )}
      storageKey="admin-users"
      columns={columns}
      useList={useUsersList}
      filterKeys={FILTERS}
      exportPath={usersAdmin.exportCsv.path}
      create={canCreate ? { label: trans('New user'), onPress: () => setCreating(true) } : undefined}
      onRowAction={(u) => navigate(paths.adminUser(u))}
      empty={
        <div className="flex flex-col items-center gap-1">
          <p className="font-medium text-fg">{trans('No users match')}</p>
          <p className="text-sm text-muted">{trans('Try another search or clear the filters.')}</p>
        </div>
      }
      search={{ label: trans('Search users by name or email'), placeholder: trans('Search name or email') }}
      // The users list has never had "Clear filters": each filter says "any" in its own words.
      clearFilters={false}
      filters={({ params, setParams, setFilter }) => {
        const filter = (name: (typeof FILTERS)[number]) => params.filters[name] ?? 'any';
        return (
          <>
            <Select
              aria-label={trans('Role')}
              className="w-40"
              items={roleOptions}
              selectedKey={filter('role')}
              onSelectionChange={(k) => setFilter('role', String(k))}
            />
            <Select
              aria-label={trans('Email status')}
              className="w-40"
              items={translated(trans, VERIFIED)}
              selectedKey={filter('verified')}
              onSelectionChange={(k) => setFilter('verified', String(k))}
            />
            <Select
              aria-label={trans('Suspension')}
              className="w-36"
              items={translated(trans, SUSPENDED)}
              selectedKey={filter('suspended')}
              onSelectionChange={(k) => setFilter('suspended', String(k))}
            />
            <Select
              aria-label={trans('Two-factor')}
              className="w-44"
              items={translated(trans, TWO_FACTOR)}
              selectedKey={filter('two_factor')}
              onSelectionChange={(k) => setFilter('two_factor', String(k))}
            />
            <DateRangeFilter
              label={trans('Signed up')}
              from={params.filters.created_from}
              to={params.filters.created_to}
              onChange={({ from, to }) => setParams({ filters: { created_from: from, created_to: to } })}
            />
          </>
        );
      }}
      bulkActions={
        canUpdate
          ? ({ ids, clear }) => (
              <Select
                aria-label={trans('Give the selected users a role')}
                placeholder={trans('Assign role…')}
                className="w-48"
                items={roles.map((r) => ({ id: String(r.id), label: r.name }))}
                selectedKey={null}
                onSelectionChange={(key) => {
                  if (key === null) return;
                  assign.mutate(
                    { ids: ids.map(Number), role: Number(key) },
                    {
                      onSuccess: (res) => {
                        toast.positive(res.message);
                        clear();
                      },
                    },
                  );
                }}
              />
            )
          : undefined
      }
      delete={
        canDelete
          ? {
              mutation: del,
              title: (rows) =>
                trans('{count, plural, one {Delete this user?} other {Delete # users?}}', {
                  count: rows.length,
                }),
              body: () =>
                trans(
                  'Their sessions, API tokens, playlists, likes and profile go with them; their plays stay in the statistics without a name. Each gets a mail saying the account was deleted. This cannot be undone.',
                ),
            }
          : undefined
      }
    >
      <CreateUserDialog
        isOpen={creating}
        onOpenChange={setCreating}
        onCreated={(u) => navigate(paths.adminUser(u))}
      />
    </AdminListPage>
  );
}
