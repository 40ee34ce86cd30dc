import { ADMIN_PERMISSIONS as A } from '@zema/contracts';
import type { AdminRole, AdminUserRow, Grant } from '@zema/contracts/admin';
import { useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { PermissionsEditor } from '#src/components/admin/permissions-editor';
import { UnsavedChangesDialog } from '#src/components/admin/unsaved-changes-dialog';
import { PageError } from '#src/components/states';
import { firstErrorMessage } from '#src/lib/api-error';
import { useAuth } from '#src/lib/bootstrap-store';
import { formatDate } from '#src/lib/format';
import { currentLanguage, type TransFn, useTrans } from '#src/lib/i18n';
import { listApiQuery, useListParams } from '#src/lib/list-params';
import { paths } from '#src/lib/paths';
import { useUnsavedChangesBlocker } from '#src/lib/unsaved-changes';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { cx } from '#src/ui/cx';
import { DataTable, type DataTableColumn } from '#src/ui/data-table';
import { Checkbox, TextField } from '#src/ui/field';
import { LoadingPage } from '#src/ui/loading-page';
import { SaveBar } from '#src/ui/save-bar';
import { toast } from '#src/ui/toast';
import { useDeleteRole } from '../api/delete-role';
import { useRole } from '../api/get-role';
import { useUsersList } from '../api/list-users';
import { useSaveRole } from '../api/save-role';

const tabClass = ({ isSelected, isFocusVisible }: { isSelected: boolean; isFocusVisible: boolean }) =>
  cx(
    'cursor-pointer whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium outline-none',
    isSelected ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
    isFocusVisible && 'rounded-t-sm ring-2 ring-primary',
  );

/** /admin/roles/new and /admin/roles/:roleId: the role's settings, permissions and members. */
export default function RolePage() {
  const param = useParams().roleId;
  const id = param === undefined || param === 'new' ? null : Number(param);
  const role = useRole(id);
  if (id !== null && role.isPending) return <LoadingPage />;
  if (id !== null && role.isError) return <PageError error={role.error} onRetry={() => role.refetch()} />;
  return <RoleEditor key={id ?? 'new'} role={role.data ?? null} />;
}

function RoleEditor({ role }: { role: AdminRole | null }) {
  const { trans } = useTrans();
  const auth = useAuth();
  const navigate = useNavigate();
  const canEdit = auth.hasPermission(A.rolesUpdate);
  const save = useSaveRole();
  const del = useDeleteRole();
  const [search, setSearch] = useSearchParams();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isDefault, setDefault] = useState(role?.default ?? false);
  const [grants, setGrants] = useState<Grant[]>(role?.permissions ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState(false);
  const initial = JSON.stringify([
    role?.name ?? '',
    role?.description ?? '',
    role?.default ?? false,
    role?.permissions ?? [],
  ]);
  const dirty = JSON.stringify([name, description, isDefault, grants]) !== initial;
  const blocker = useUnsavedChangesBlocker(dirty && !save.isPending);
  const tab = search.get('tab') ?? 'permissions';

  const submit = () =>
    save.mutate(
      {
        id: role?.id ?? null,
        body: { name, description: description || null, default: isDefault, permissions: grants },
      },
      {
        onSuccess: (saved) => {
          toast.positive(role ? trans('Role saved') : trans('Role created'));
          setErrors({});
          if (!role) navigate(paths.adminRole(saved), { replace: true });
        },
        onError: (error) => {
          const map = (error as { errors?: Record<string, string[]> }).errors ?? {};
          setErrors(Object.fromEntries(Object.entries(map).map(([k, v]) => [k, v[0] ?? ''])));
          toast.danger(firstErrorMessage(error));
        },
      },
    );

  const title = role ? role.name : trans('New role');
  return (
    <AdminPage
      title={title}
      breadcrumbs={[{ label: trans('Roles'), to: paths.adminRoles() }]}
      actions={
        role &&
        canEdit &&
        !role.built_in && (
          <Button variant="danger" onPress={() => setDeleting(true)}>
            {trans('Delete role')}
          </Button>
        )
      }
    >
      <Tabs
        selectedKey={role ? tab : 'permissions'}
        onSelectionChange={(key) => setSearch({ tab: String(key) }, { replace: true })}
      >
        <TabList aria-label={trans('Role sections')} className="flex gap-1 border-b border-divider">
          <Tab id="permissions" className={tabClass}>
            {trans('Settings and permissions')}
          </Tab>
          {role && !role.guests && (
            <Tab id="members" className={tabClass}>
              {trans('Members ({count})', { count: role.members_count })}
            </Tab>
          )}
        </TabList>
        <TabPanel id="permissions" className="flex flex-col gap-6 pt-6 outline-none">
          <AdminCard title={trans('Role')}>
            <div className="grid gap-4 md:grid-cols-2">
              <TextField
                label={trans('Name')}
                value={name}
                onChange={setName}
                isRequired
                isReadOnly={!canEdit}
                errorMessage={errors.name}
              />
              <TextField
                label={trans('Description')}
                value={description}
                onChange={setDescription}
                isReadOnly={!canEdit}
                errorMessage={errors.description}
              />
            </div>
            {role?.guests ? (
              <p className="mt-4 text-sm text-muted">
                {trans("Visitors who are not logged in get this role's permissions.")}
              </p>
            ) : (
              <Checkbox className="mt-4" isSelected={isDefault} onChange={setDefault} isDisabled={!canEdit}>
                {trans('Give this role to every new account')}
              </Checkbox>
            )}
          </AdminCard>
          <AdminCard title={trans('Permissions')}>
            <PermissionsEditor value={grants} onChange={setGrants} isDisabled={!canEdit} />
          </AdminCard>
          {canEdit && (
            <SaveBar
              isDirty={dirty}
              isSaving={save.isPending}
              saveLabel={role ? trans('Save role') : trans('Create role')}
              onSave={submit}
              isSaveDisabled={!dirty || !name.trim()}
              onDiscard={() => navigate(0)}
            />
          )}
        </TabPanel>
        {role && !role.guests && (
          <TabPanel id="members" className="pt-6 outline-none">
            <Members roleId={role.id} />
          </TabPanel>
        )}
      </Tabs>
      <UnsavedChangesDialog blocker={blocker} />
      {role && (
        <ConfirmDialog
          isOpen={deleting}
          onOpenChange={setDeleting}
          title={trans('Delete the role {name}?', { name: role.name })}
          confirmLabel={trans('Delete role')}
          danger
          isPending={del.isPending}
          onConfirm={() =>
            del.mutate(role.id, {
              onSuccess: () => {
                toast.positive(trans('Role deleted'));
                navigate(paths.adminRoles());
              },
            })
          }
        >
          {trans(
            '{count, plural, one {Its # member loses the permissions it gave them (their account stays). This cannot be undone.} other {Its # members lose the permissions it gave them (their accounts stay). This cannot be undone.}}',
            { count: role.members_count },
          )}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

const memberColumns = (trans: TransFn): DataTableColumn<AdminUserRow>[] => [
  {
    id: 'user',
    header: trans('User'),
    sortKey: 'display_name',
    hideable: false,
    cell: (u) => (
      <Link to={paths.adminUser(u)} tabIndex={-1} className="flex flex-col hover:underline">
        <span className="font-medium text-fg">{u.display_name}</span>
        <span className="text-xs text-muted">{u.email}</span>
      </Link>
    ),
  },
  {
    id: 'created_at',
    header: trans('Signed up'),
    sortKey: 'created_at',
    cell: (u) => formatDate(u.created_at, currentLanguage(), { dateStyle: 'numeric' }),
  },
];

function Members({ roleId }: { roleId: number }) {
  const { trans } = useTrans();
  const columns = useMemo(() => memberColumns(trans), [trans]);
  const [params, setParams] = useListParams();
  const query = useMemo(() => ({ ...listApiQuery(params), role: String(roleId) }), [params, roleId]);
  const list = useUsersList(query);
  const navigate = useNavigate();
  return (
    <DataTable
      label={trans('Members')}
      storageKey="admin-role-members"
      columns={columns}
      rows={list.data?.data}
      total={list.data?.total ?? 0}
      getRowId={(u) => String(u.id)}
      page={params.page}
      perPage={params.perPage}
      sort={params.sort}
      order={params.order}
      onSortChange={(sort, order) => setParams({ sort, order })}
      onPageChange={(page) => setParams({ page })}
      onPerPageChange={(perPage) => setParams({ perPage })}
      isLoading={list.isPending}
      onRowAction={(u) => navigate(paths.adminUser(u))}
      empty={
        <p className="text-sm text-muted">
          {trans('No one holds this role yet. Give it from the users table.')}
        </p>
      }
    />
  );
}
