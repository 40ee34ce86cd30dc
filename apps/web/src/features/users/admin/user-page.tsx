import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_PERMISSIONS as A, msg } from '@zema/contracts';
import type { AdminUser, Grant } from '@zema/contracts/admin';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { PermissionsEditor } from '#src/components/admin/permissions-editor';
import { PageError } from '#src/components/states';
import { UserAvatar } from '#src/components/user-avatar';
import { CountryPicker, LanguagePicker, TimezonePicker, useLocationOptions } from '#src/features/site';
import { firstErrorMessage } from '#src/lib/api-error';
import { useAuth } from '#src/lib/bootstrap-store';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { cx } from '#src/ui/cx';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { LoadingPage } from '#src/ui/loading-page';
import { NotFoundPage } from '#src/ui/not-found-page';
import { SaveBar } from '#src/ui/save-bar';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useDeleteUsers } from '../api/delete-users';
import { useAdminUser } from '../api/get-user';
import { useAssignableRoles } from '../api/list-roles';
import { useLogInAs } from '../api/log-in-as';
import { useUpdateUser } from '../api/update-user';
import { useUserAction } from '../api/user-actions';
import { RolePicker } from '../components/role-picker';
import { SuspendDialog } from '../components/suspend-dialog';

const TABS = ['details', 'access', 'security', 'activity'] as const;
type TabId = (typeof TABS)[number];

const tabClass = ({ isSelected, isFocusVisible }: { isSelected: boolean; isFocusVisible: boolean }) =>
  cx(
    'cursor-pointer whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium outline-none',
    isSelected ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
    isFocusVisible && 'rounded-t-sm ring-2 ring-primary',
  );

/** A moment on this page: date and time in the admin's language, "Never" for none. */
function useWhen() {
  const format = useFormat();
  const { trans } = useTrans();
  return (iso: string | null) => format.dateTime(iso) || trans('Never');
}

export default function UserPage() {
  const { trans } = useTrans();
  const id = Number(useParams().userId);
  const user = useAdminUser(id);
  const [search, setSearch] = useSearchParams();
  const when = useWhen();
  const tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as TabId)
    : 'details';

  if (!Number.isInteger(id) || id < 1) return <NotFoundPage embedded />;
  if (user.isPending) return <LoadingPage />;
  if (user.isError) return <PageError error={user.error} onRetry={() => user.refetch()} />;
  const u = user.data;

  return (
    <AdminPage
      title={u.display_name}
      breadcrumbs={[{ label: trans('Users'), to: paths.adminUsers() }]}
      actions={<HeaderActions user={u} />}
    >
      <div className="flex items-center gap-4">
        <UserAvatar name={u.display_name} src={u.avatar} className="size-14 shrink-0 text-lg" />
        <div className="min-w-0 text-sm">
          <p className="truncate text-muted">{u.email}</p>
          <p className="text-muted">
            {trans('Signed up {signedUp} · last login {lastLogin}', {
              signedUp: when(u.created_at),
              lastLogin: when(u.last_login_at),
            })}
          </p>
          {u.suspended_at && (
            <p className="mt-1 font-medium text-danger" role="status">
              {u.suspended_until
                ? trans('Suspended until {date}', { date: when(u.suspended_until) })
                : trans('Suspended until lifted')}
              {u.suspension_reason ? ` — ${u.suspension_reason}` : ''}
            </p>
          )}
        </div>
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setSearch({ tab: String(key) }, { replace: true })}>
        <TabList
          aria-label={trans('User sections')}
          className="flex gap-1 overflow-x-auto border-b border-divider"
        >
          <Tab id="details" className={tabClass}>
            {trans('Details')}
          </Tab>
          <Tab id="access" className={tabClass}>
            {trans('Roles and permissions')}
          </Tab>
          <Tab id="security" className={tabClass}>
            {trans('Security')}
          </Tab>
          <Tab id="activity" className={tabClass}>
            {trans('Activity')}
          </Tab>
        </TabList>
        <TabPanel id="details" className="pt-6 outline-none">
          <DetailsForm user={u} />
        </TabPanel>
        <TabPanel id="access" className="pt-6 outline-none">
          <AccessForm user={u} />
        </TabPanel>
        <TabPanel id="security" className="pt-6 outline-none">
          <Security user={u} />
        </TabPanel>
        <TabPanel id="activity" className="pt-6 outline-none">
          <Activity user={u} />
        </TabPanel>
      </Tabs>
    </AdminPage>
  );
}

function HeaderActions({ user }: { user: AdminUser }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const action = useUserAction(user.id);
  const del = useDeleteUsers();
  const [suspending, setSuspending] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const self = auth.user?.id === user.id;
  const logInAs = useLogInAs(user.id);
  const { trans } = useTrans();
  return (
    <>
      {auth.hasPermission(A.usersUpdate) &&
        !self &&
        (user.suspended_at ? (
          <Button
            variant="outline"
            isPending={action.isPending}
            onPress={() =>
              action.mutate(
                { kind: 'unsuspend' },
                { onSuccess: () => toast.positive(trans('Suspension lifted')) },
              )
            }
          >
            {trans('Unsuspend')}
          </Button>
        ) : (
          <Button variant="outline" onPress={() => setSuspending(true)}>
            {trans('Suspend')}
          </Button>
        ))}
      {auth.hasPermission(A.usersImpersonate) && !self && !user.suspended_at && (
        <Button variant="outline" isPending={logInAs.isPending} onPress={() => logInAs.mutate()}>
          {trans('Log in as')}
        </Button>
      )}
      {auth.hasPermission(A.usersDelete) && !self && (
        <Button variant="danger" onPress={() => setDeleting(true)}>
          {trans('Delete')}
        </Button>
      )}
      <SuspendDialog user={user} isOpen={suspending} onOpenChange={setSuspending} />
      <ConfirmDialog
        isOpen={deleting}
        onOpenChange={setDeleting}
        title={trans('Delete {name}?', { name: user.display_name })}
        confirmLabel={trans('Delete user')}
        danger
        isPending={del.isPending}
        onConfirm={() =>
          del.mutate([user.id], {
            onSuccess: () => {
              toast.positive(trans('User deleted'));
              navigate(paths.adminUsers());
            },
          })
        }
      >
        {trans(
          'Their sessions, API tokens, playlists, likes and profile go with them; their plays stay in the statistics without a name. They get a mail saying the account was deleted. This cannot be undone.',
        )}
      </ConfirmDialog>
    </>
  );
}

const detailsSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, msg('The email field is required.'))
    .email(msg('Enter a valid email address.')),
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  language: z.string().trim().max(20),
  country: z.string().trim().max(10),
  timezone: z.string().trim().max(100),
  password: z.union([
    z.literal(''),
    z.string().min(8, msg('The password must be at least 8 characters.')).max(200),
  ]),
});
type DetailsValues = z.infer<typeof detailsSchema>;

function DetailsForm({ user }: { user: AdminUser }) {
  const auth = useAuth();
  const when = useWhen();
  const update = useUpdateUser();
  const action = useUserAction(user.id);
  const canEdit = auth.hasPermission(A.usersUpdate);
  const lists = useLocationOptions();
  const { trans } = useTrans();
  const defaults = (u: AdminUser): DetailsValues => ({
    email: u.email,
    first_name: u.first_name ?? '',
    last_name: u.last_name ?? '',
    language: u.language ?? '',
    country: u.country ?? '',
    timezone: u.timezone ?? '',
    password: '',
  });
  const form = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: defaults(user),
  });
  const submit = (v: DetailsValues) =>
    update.mutate(
      {
        id: user.id,
        body: {
          email: v.email,
          first_name: v.first_name || null,
          last_name: v.last_name || null,
          language: v.language || null,
          country: v.country || null,
          timezone: v.timezone || null,
          ...(v.password ? { password: v.password } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          form.reset(defaults(saved));
          toast.positive(trans('Saved'));
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <AdminCard title={trans('Details')}>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          <FormTextField name="email" label={trans('Email')} type="email" isReadOnly={!canEdit} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField name="first_name" label={trans('First name')} isReadOnly={!canEdit} />
            <FormTextField name="last_name" label={trans('Last name')} isReadOnly={!canEdit} />
          </div>
          {lists.isPending ? (
            <Spinner label={trans('Loading languages, countries and time zones')} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-3">
              <Controller
                control={form.control}
                name="language"
                render={({ field, fieldState }) => (
                  <LanguagePicker
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    options={lists.languages}
                    errorMessage={fieldState.error?.message}
                    isDisabled={!canEdit}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="country"
                render={({ field, fieldState }) => (
                  <CountryPicker
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    options={lists.countries}
                    errorMessage={fieldState.error?.message}
                    isDisabled={!canEdit}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="timezone"
                render={({ field, fieldState }) => (
                  <TimezonePicker
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    options={lists.timezones}
                    errorMessage={fieldState.error?.message}
                    isDisabled={!canEdit}
                  />
                )}
              />
            </div>
          )}
          {canEdit && (
            <>
              <FormTextField
                name="password"
                label={trans('New password')}
                type="password"
                autoComplete="new-password"
                description={trans('Leave empty to keep it. A new password signs the user out everywhere.')}
              />
              <div className="flex justify-end">
                <Button type="submit" isPending={update.isPending} isDisabled={!form.formState.isDirty}>
                  {trans('Save changes')}
                </Button>
              </div>
            </>
          )}
        </Form>
      </AdminCard>
      <AdminCard title={trans('Email')}>
        <p className="text-sm">
          {user.email_verified_at
            ? trans('Verified {date}', { date: when(user.email_verified_at) })
            : trans('Not verified yet.')}
        </p>
        {canEdit && !user.email_verified_at && (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              isPending={action.isPending && action.variables?.kind === 'markVerified'}
              onPress={() =>
                action.mutate(
                  { kind: 'markVerified' },
                  { onSuccess: () => toast.positive(trans('Marked as verified')) },
                )
              }
            >
              {trans('Mark verified')}
            </Button>
            <Button
              variant="text"
              size="sm"
              onPress={() =>
                action.mutate(
                  { kind: 'resendVerification' },
                  { onSuccess: () => toast.positive(trans('Email sent')) },
                )
              }
            >
              {trans('Resend code')}
            </Button>
          </div>
        )}
      </AdminCard>
    </div>
  );
}

function AccessForm({ user }: { user: AdminUser }) {
  const auth = useAuth();
  const canEdit = auth.hasPermission(A.usersUpdate);
  const { trans } = useTrans();
  const { roles } = useAssignableRoles();
  const update = useUpdateUser();
  const [roleIds, setRoleIds] = useState(() => user.roles.map((r) => r.id));
  const [grants, setGrants] = useState<Grant[]>(user.permissions);
  const dirty =
    JSON.stringify([...roleIds].sort()) !== JSON.stringify(user.roles.map((r) => r.id).sort()) ||
    JSON.stringify(grants) !== JSON.stringify(user.permissions);
  const save = () =>
    update.mutate(
      { id: user.id, body: { roles: roleIds, permissions: grants } },
      {
        onSuccess: (saved) => {
          setRoleIds(saved.roles.map((r) => r.id));
          setGrants(saved.permissions);
          toast.positive(trans('Saved'));
        },
        onError: (error) => toast.danger(firstErrorMessage(error)),
      },
    );
  return (
    <div className="flex flex-col gap-6">
      <AdminCard title={trans('Roles')}>
        <RolePicker roles={roles} value={roleIds} onChange={canEdit ? setRoleIds : () => {}} />
      </AdminCard>
      <AdminCard title={trans('Direct permissions')} actions={null}>
        <p className="mb-4 text-sm text-muted">
          {trans("Given to this user on top of their roles' permissions.")}
        </p>
        <PermissionsEditor value={grants} onChange={setGrants} isDisabled={!canEdit} />
      </AdminCard>
      {canEdit && (
        <SaveBar
          isDirty={dirty}
          isSaving={update.isPending}
          saveLabel={trans('Save roles and permissions')}
          onSave={save}
          isSaveDisabled={!dirty}
          onDiscard={() => {
            setRoleIds(user.roles.map((r) => r.id));
            setGrants(user.permissions);
          }}
        />
      )}
    </div>
  );
}

function Security({ user }: { user: AdminUser }) {
  const auth = useAuth();
  const when = useWhen();
  const canEdit = auth.hasPermission(A.usersUpdate);
  const action = useUserAction(user.id);
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-6">
      <AdminCard title={trans('Two-factor authentication')}>
        <p className="text-sm">{user.two_factor ? trans('On.') : trans('Off.')}</p>
        {canEdit && user.two_factor && (
          <Button
            className="mt-3"
            variant="outline"
            size="sm"
            onPress={() =>
              action.mutate(
                { kind: 'resetTwoFactor' },
                { onSuccess: () => toast.positive(trans('Two-factor reset')) },
              )
            }
          >
            {trans('Reset two-factor')}
          </Button>
        )}
      </AdminCard>
      <AdminCard title={trans('Sessions')}>
        {user.sessions.length === 0 ? (
          <p className="text-sm text-muted">{trans('No active sessions.')}</p>
        ) : (
          <ul className="divide-y divide-divider">
            {user.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">
                    {s.platform
                      ? trans(
                          '{browser} on {platform} ({device, select, mobile {mobile} tablet {tablet} computer {computer} other {{device}}})',
                          {
                            browser: s.browser ?? trans('Unknown browser'),
                            platform: s.platform,
                            device: s.device_type,
                          },
                        )
                      : trans(
                          '{browser} on an unknown system ({device, select, mobile {mobile} tablet {tablet} computer {computer} other {{device}}})',
                          {
                            browser: s.browser ?? trans('Unknown browser'),
                            device: s.device_type,
                          },
                        )}
                  </span>
                  <span className="block text-xs text-muted">
                    {[s.city, s.country].filter(Boolean).join(', ') || trans('Unknown place')} ·{' '}
                    {s.ip_address ?? trans('no address')} ·{' '}
                    {trans('active {when}', { when: when(s.last_active) })}
                  </span>
                </span>
                {canEdit && (
                  <Button
                    variant="outline"
                    size="sm"
                    onPress={() =>
                      action.mutate(
                        { kind: 'endSession', sessionId: s.id },
                        { onSuccess: () => toast.positive(trans('Session ended')) },
                      )
                    }
                  >
                    {trans('End session')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </AdminCard>
      <AdminCard title={trans('API tokens')}>
        {user.tokens.length === 0 ? (
          <p className="text-sm text-muted">{trans('No API tokens.')}</p>
        ) : (
          <ul className="divide-y divide-divider">
            {user.tokens.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{token.name}</span>
                  <span className="block text-xs text-muted">
                    {trans('Created {created} · last used {lastUsed}', {
                      created: when(token.created_at),
                      lastUsed: when(token.last_used_at),
                    })}
                  </span>
                </span>
                {canEdit && (
                  <Button
                    variant="outline"
                    size="sm"
                    onPress={() =>
                      action.mutate(
                        { kind: 'revokeToken', tokenId: token.id },
                        { onSuccess: () => toast.positive(trans('Token revoked')) },
                      )
                    }
                  >
                    {trans('Revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </AdminCard>
    </div>
  );
}

function Activity({ user }: { user: AdminUser }) {
  const when = useWhen();
  const { trans } = useTrans();
  return (
    <AdminCard title={trans('Recent plays')}>
      {user.recent_plays.length === 0 ? (
        <p className="text-sm text-muted">{trans('No plays yet.')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{trans('Recent plays')}</caption>
          <thead className="text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="py-2">
                {trans('Track')}
              </th>
              <th scope="col" className="py-2">
                {trans('Artists')}
              </th>
              <th scope="col" className="py-2">
                {trans('Played')}
              </th>
            </tr>
          </thead>
          <tbody>
            {user.recent_plays.map((p) => (
              <tr key={`${p.track_id}-${p.played_at}`} className="border-t border-divider">
                <td className="py-2">{p.track_name}</td>
                <td className="py-2 text-muted">{p.artist_names}</td>
                <td className="py-2 text-muted">{when(p.played_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AdminCard>
  );
}
