import {
  APP_PASSWORD_MESSAGES,
  APP_PASSWORDS_MAX,
  type AppPassword,
  msg,
  PERMISSIONS,
} from '@zema/contracts';
import { Plus, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { SettingsPanel } from '#src/features/account';
import { useAuth } from '#src/lib/bootstrap-store';
import { useFormat } from '#src/lib/format';
import { Trans, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { CopyField } from '#src/ui/copy-field';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useDeleteAppPassword } from '../api/delete-app-password';
import { useAppPasswords } from '../api/list-app-passwords';
import { APP_PASSWORD_TEXTS, CreateAppPasswordDialog } from './create-app-password-dialog';

export const CONNECTED_APPS_TEXTS = {
  title: msg('Connected apps'),
  description: msg(
    'Sign in to Subsonic apps on your phone, desktop or car with your email and an app password. Your account password does not work in apps.',
  ),
  listTitle: msg('App passwords'),
  empty: msg('You have no app passwords yet.'),
  notAllowed: msg('Your account cannot connect new apps. You can still revoke the app passwords below.'),
  neverUsed: msg('Never used'),
  revokeTitle: msg('Revoke app password'),
} as const;

/**
 * Account settings → Connected apps: the server address and username a Subsonic app asks for,
 * and the app passwords it signs in with (GET users/me/app-passwords). Creating one needs
 * api.access; listing and revoking never do, so a user who lost it can still clean up.
 */
export function ConnectedAppsPanel() {
  const { trans } = useTrans();
  const { hasPermission } = useAuth();
  const list = useAppPasswords();
  const remove = useDeleteAppPassword();
  const [isCreating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<AppPassword | null>(null);
  const canCreate = hasPermission(PERMISSIONS.apiAccess);
  // What the app calls the server: this site's own address (the Subsonic API lives under /rest).
  const serverAddress = window.location.origin;

  return (
    <SettingsPanel
      id="connected-apps"
      title={CONNECTED_APPS_TEXTS.title}
      description={CONNECTED_APPS_TEXTS.description}
    >
      {list.isPending ? (
        <Spinner label={trans('Loading app passwords')} />
      ) : list.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted">{list.error.message}</p>
          <Button variant="outline" size="sm" onPress={() => void list.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          {canCreate ? (
            <div className="grid gap-4 xl:grid-cols-2">
              <CopyField
                label={trans(APP_PASSWORD_TEXTS.serverAddress)}
                value={serverAddress}
                copyLabel={trans('Copy server address')}
              />
              <CopyField
                label={trans(APP_PASSWORD_TEXTS.username)}
                value={list.data.username}
                copyLabel={trans('Copy username')}
              />
            </div>
          ) : (
            <p className="text-sm text-muted">{trans(CONNECTED_APPS_TEXTS.notAllowed)}</p>
          )}
          <div>
            <h3 className="text-base font-semibold">{trans(CONNECTED_APPS_TEXTS.listTitle)}</h3>
            {list.data.app_passwords.length === 0 ? (
              <p className="mt-2 text-sm text-muted">{trans(CONNECTED_APPS_TEXTS.empty)}</p>
            ) : (
              <ul
                aria-label={trans(CONNECTED_APPS_TEXTS.listTitle)}
                className="mt-3 flex flex-col divide-y divide-divider"
              >
                {list.data.app_passwords.map((appPassword) => (
                  <AppPasswordRow key={appPassword.id} appPassword={appPassword} onRevoke={setToRevoke} />
                ))}
              </ul>
            )}
          </div>
          {canCreate && (
            <div className="flex flex-col items-start gap-2">
              <Button
                onPress={() => setCreating(true)}
                isDisabled={list.data.app_passwords.length >= APP_PASSWORDS_MAX}
                startIcon={<Plus aria-hidden="true" className="size-4" />}
              >
                {trans(APP_PASSWORD_TEXTS.create)}
              </Button>
              {list.data.app_passwords.length >= APP_PASSWORDS_MAX && (
                <p className="text-sm text-muted">{trans(APP_PASSWORD_MESSAGES.tooMany)}</p>
              )}
            </div>
          )}
        </div>
      )}
      {canCreate && (
        <CreateAppPasswordDialog
          isOpen={isCreating}
          onClose={() => setCreating(false)}
          serverAddress={serverAddress}
        />
      )}
      <ConfirmDialog
        title={trans(CONNECTED_APPS_TEXTS.revokeTitle)}
        isOpen={toRevoke !== null}
        onOpenChange={(open) => {
          if (!open) setToRevoke(null);
        }}
        confirmLabel={trans('Revoke')}
        danger
        isPending={remove.isPending}
        onConfirm={() => {
          if (!toRevoke) return;
          remove.mutate(toRevoke.id, {
            onSuccess: (message) => {
              setToRevoke(null);
              toast.positive(message);
            },
          });
        }}
      >
        <p>
          <Trans
            message="Revoke the app password {name}? Apps signed in with it will stop working."
            elements={{ name: <strong>{toRevoke?.name}</strong> }}
          />
        </p>
      </ConfirmDialog>
    </SettingsPanel>
  );
}

function AppPasswordRow({
  appPassword,
  onRevoke,
}: {
  appPassword: AppPassword;
  onRevoke: (appPassword: AppPassword) => void;
}) {
  const { trans } = useTrans();
  const format = useFormat();
  const { name, created_at, last_used_at } = appPassword;
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-alt text-muted">
        <Smartphone aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="mt-0.5 text-sm text-muted">
          <Trans
            message="Created {date}"
            elements={{
              date: (
                <time dateTime={created_at} title={format.dateTime(created_at)}>
                  {format.date(created_at)}
                </time>
              ),
            }}
          />
          {' · '}
          {last_used_at ? (
            <Trans
              message="Last used {time}"
              elements={{
                time: (
                  <time dateTime={last_used_at} title={format.dateTime(last_used_at)}>
                    {format.relativeTime(last_used_at)}
                  </time>
                ),
              }}
            />
          ) : (
            trans(CONNECTED_APPS_TEXTS.neverUsed)
          )}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={trans('Revoke {name}', { name })}
        onPress={() => onRevoke(appPassword)}
      >
        {trans('Revoke')}
      </Button>
    </li>
  );
}
