import type { UserSession } from '@zema/contracts';
import { logoutOtherSessionsRequestSchema, msg } from '@zema/contracts';
import { KeyRound, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { PasswordDialog } from '#src/components/password-dialog';
import { ACCOUNT_TEXTS, SettingsPanel } from '#src/features/account';
import { useFormat } from '#src/lib/format';
import { Trans, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { applyServerErrors } from '#src/ui/form-errors';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useUserSessions } from '../api/get-user-sessions';
import { useLogoutOtherSessions } from '../api/logout-other-sessions';

export const SESSIONS_TEXTS = {
  description: msg(
    'Where you are signed in. If something looks unfamiliar, log out the other sessions and update your password.',
  ),
  logoutOther: msg('Log out other sessions'),
  dialog: msg(
    'Please enter your password to confirm you would like to log out of your other browser sessions across all of your devices.',
  ),
  thisDevice: msg('This device'),
  apiToken: msg('API token'),
  empty: msg('No active sessions.'),
} as const;

const deviceIcons = {
  mobile: { icon: Smartphone, label: msg('Mobile') },
  tablet: { icon: Tablet, label: msg('Tablet') },
  computer: { icon: Monitor, label: msg('Computer') },
} as const;

/** Active sessions (GET user-sessions) and 'Log out other sessions' with the password. */
export function SessionsPanel() {
  const sessions = useUserSessions();
  const [isOpen, setOpen] = useState(false);
  const { trans } = useTrans();

  return (
    <SettingsPanel id="sessions" title={msg('Active sessions')} description={SESSIONS_TEXTS.description}>
      {sessions.isPending ? (
        <Spinner label={trans('Loading sessions')} />
      ) : sessions.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted">{sessions.error.message}</p>
          <Button variant="outline" size="sm" onPress={() => void sessions.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : sessions.data.length === 0 ? (
        <p className="text-sm text-muted">{trans(SESSIONS_TEXTS.empty)}</p>
      ) : (
        <ul aria-label={trans('Sessions')} className="flex flex-col divide-y divide-divider">
          {sessions.data.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </ul>
      )}
      <div className="mt-6">
        <Button variant="outline" onPress={() => setOpen(true)}>
          <Trans message={SESSIONS_TEXTS.logoutOther} />
        </Button>
      </div>
      <LogoutOtherDialog isOpen={isOpen} onClose={() => setOpen(false)} />
    </SettingsPanel>
  );
}

export function SessionRow({ session }: { session: UserSession }) {
  const format = useFormat();
  const { trans } = useTrans();
  const { icon: Icon, label } = deviceIcons[session.device_type] ?? deviceIcons.computer;
  const place =
    [session.city, session.country].filter(Boolean).join(', ') || trans(ACCOUNT_TEXTS.unknownLocation);
  const name = [session.platform, session.browser].filter(Boolean).join(' · ') || trans('Unknown device');
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid="session">
      <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-alt text-muted">
        <Icon role="img" aria-label={trans(label)} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span>{name}</span>
          {session.is_current_device && (
            <span className="rounded-full bg-positive/15 px-2 py-0.5 text-xs font-semibold text-fg">
              {trans(SESSIONS_TEXTS.thisDevice)}
            </span>
          )}
          {session.token && (
            <span className="inline-flex items-center gap-1 rounded-full border border-divider px-2 py-0.5 text-xs font-semibold">
              <KeyRound aria-hidden="true" className="size-3" />
              {trans(SESSIONS_TEXTS.apiToken)}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-sm text-muted [overflow-wrap:anywhere]">
          {place}
          {session.ip_address && <> · {session.ip_address}</>}
          {session.last_active && (
            <>
              {' · '}
              <time dateTime={session.last_active} title={format.dateTime(session.last_active)}>
                {session.is_current_device
                  ? trans('Active now')
                  : trans('Last active {time}', { time: format.relativeTime(session.last_active) })}
              </time>
            </>
          )}
        </p>
      </div>
    </li>
  );
}

function LogoutOtherDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const logout = useLogoutOtherSessions();
  const { trans } = useTrans();
  return (
    <PasswordDialog
      isOpen={isOpen}
      title={trans(SESSIONS_TEXTS.logoutOther)}
      description={trans(SESSIONS_TEXTS.dialog)}
      schema={logoutOtherSessionsRequestSchema}
      submitLabel={trans(SESSIONS_TEXTS.logoutOther)}
      isPending={logout.isPending}
      onCancel={onClose}
      onSubmit={(password, form) =>
        logout.mutate(password, {
          onSuccess: () => {
            onClose();
            toast.positive(trans(ACCOUNT_TEXTS.otherSessionsEnded));
          },
          onError: (error) => applyServerErrors(form, error),
        })
      }
    />
  );
}
