import type { UserSession } from '@zema/contracts';
import { logoutOtherSessionsRequestSchema } from '@zema/contracts';
import { KeyRound, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { PasswordDialog } from '#src/components/password-dialog';
import { ACCOUNT_TEXTS, SettingsPanel } from '#src/features/account';
import { useFormat } from '#src/lib/format';
import { Trans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { applyServerErrors } from '#src/ui/form-errors';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useUserSessions } from '../api/get-user-sessions';
import { useLogoutOtherSessions } from '../api/logout-other-sessions';

export const SESSIONS_TEXTS = {
  description:
    'Where you are signed in. If something looks unfamiliar, log out the other sessions and update your password.',
  logoutOther: 'Log out other sessions',
  dialog:
    'Please enter your password to confirm you would like to log out of your other browser sessions across all of your devices.',
  thisDevice: 'This device',
  apiToken: 'API token',
  empty: 'No active sessions.',
} as const;

const deviceIcons = {
  mobile: { icon: Smartphone, label: 'Mobile' },
  tablet: { icon: Tablet, label: 'Tablet' },
  computer: { icon: Monitor, label: 'Computer' },
} as const;

/** Active sessions (GET user-sessions) and 'Log out other sessions' with the password. */
export function SessionsPanel() {
  const sessions = useUserSessions();
  const [isOpen, setOpen] = useState(false);

  return (
    <SettingsPanel id="sessions" title="Active sessions" description={SESSIONS_TEXTS.description}>
      {sessions.isPending ? (
        <Spinner label="Loading sessions" />
      ) : sessions.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted">{sessions.error.message}</p>
          <Button variant="outline" size="sm" onPress={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : sessions.data.length === 0 ? (
        <p className="text-sm text-muted">{SESSIONS_TEXTS.empty}</p>
      ) : (
        <ul aria-label="Sessions" className="flex flex-col divide-y divide-divider">
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
  const { icon: Icon, label } = deviceIcons[session.device_type] ?? deviceIcons.computer;
  const place = [session.city, session.country].filter(Boolean).join(', ') || ACCOUNT_TEXTS.unknownLocation;
  const name = [session.platform, session.browser].filter(Boolean).join(' · ') || 'Unknown device';
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid="session">
      <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-alt text-muted">
        <Icon role="img" aria-label={label} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span>{name}</span>
          {session.is_current_device && (
            <span className="rounded-full bg-positive/15 px-2 py-0.5 text-xs font-semibold text-fg">
              {SESSIONS_TEXTS.thisDevice}
            </span>
          )}
          {session.token && (
            <span className="inline-flex items-center gap-1 rounded-full border border-divider px-2 py-0.5 text-xs font-semibold">
              <KeyRound aria-hidden="true" className="size-3" />
              {SESSIONS_TEXTS.apiToken}
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
                  ? 'Active now'
                  : `Last active ${format.relativeTime(session.last_active)}`}
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
  return (
    <PasswordDialog
      isOpen={isOpen}
      title={SESSIONS_TEXTS.logoutOther}
      description={SESSIONS_TEXTS.dialog}
      schema={logoutOtherSessionsRequestSchema}
      submitLabel={SESSIONS_TEXTS.logoutOther}
      isPending={logout.isPending}
      onCancel={onClose}
      onSubmit={(password, form) =>
        logout.mutate(password, {
          onSuccess: () => {
            onClose();
            toast.positive(ACCOUNT_TEXTS.otherSessionsEnded);
          },
          onError: (error) => applyServerErrors(form, error),
        })
      }
    />
  );
}
