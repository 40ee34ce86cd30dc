import { msg, PERMISSIONS } from '@zema/contracts';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { Button } from '#src/ui/button';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { useMediaQuery } from '#src/ui/use-media-query';
import { type AccountSettingsUser, useAccount } from '../api/get-account';
import { AccountDetailsPanel } from '../components/account-details-panel';
import { DeleteAccountPanel } from '../components/delete-account-panel';
import { LocationPanel } from '../components/location-panel';
import { PasswordPanel } from '../components/password-panel';
import { SettingsPanel } from '../components/settings-panel';
import { SETTINGS_SIDEBAR_QUERY, SettingsSidebar } from '../components/settings-sidebar';
import { ACCOUNT_TEXTS, PANELS, type PanelId } from '../lib/account-texts';

/**
 * The panels other features own (social login, two-factor, sessions, connected apps, API
 * tokens), passed in by the app (app/account-settings-page.tsx): a feature does not import another.
 */
export interface AccountSettingsSlots {
  socialLogin: ReactNode;
  /** The two-factor panel's content, for the loaded user. */
  twoFactor: (user: AccountSettingsUser) => ReactNode;
  sessions: ReactNode;
  /** The browsers receiving push notifications (the notifications feature's panel). */
  pushDevices?: ReactNode;
  /** The app passwords of Subsonic apps (the subsonic feature's panel), shown to every user. */
  connectedApps?: ReactNode;
  /** The developers panel (API access tokens), for the loaded user. */
  developers: (user: AccountSettingsUser) => ReactNode;
}

/**
 * /account-settings (SPEC §2): the panels anchored by id, a sidebar on large screens, all loaded
 * from one GET users/me. The site navbar and footer come from the layout route around it.
 */
export function AccountSettingsPage({ slots }: { slots: AccountSettingsSlots }) {
  const account = useAccount();
  const settings = useSettings();
  const { trans } = useTrans();
  const { hasPermission } = useAuth();
  const isLarge = useMediaQuery(SETTINGS_SIDEBAR_QUERY);

  const showSocial = Object.values(settings.social).some((s) => s?.enable);
  const showDevelopers = settings.api.integrated && hasPermission(PERMISSIONS.apiAccess);
  const showPushDevices = Boolean(slots.pushDevices) && settings.notifications.integrated;
  const showConnectedApps = Boolean(slots.connectedApps);
  const visible = useMemo(() => {
    const hidden = new Set<PanelId>();
    if (!showSocial) hidden.add('social-login');
    if (!showDevelopers) hidden.add('developers');
    if (!showPushDevices) hidden.add('browser-notifications');
    if (!showConnectedApps) hidden.add('connected-apps');
    return PANELS.filter((p) => !hidden.has(p.id));
  }, [showSocial, showDevelopers, showPushDevices, showConnectedApps]);

  usePageTitle(trans(ACCOUNT_TEXTS.pageTitle));

  // A link to /account-settings#sessions lands on that panel once the data is there.
  const loaded = account.isSuccess;
  useEffect(() => {
    if (!loaded || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [loaded]);

  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-semibold sm:text-3xl">{trans(ACCOUNT_TEXTS.pageTitle)}</h1>
      <p className="mt-1 text-sm text-muted">
        {trans('Manage your profile, sign-in and security, and how the site works for you.')}
      </p>
      {account.isPending ? (
        <div className="flex justify-center py-24">
          <Spinner label={trans('Loading account')} />
        </div>
      ) : account.isError ? (
        <div
          role="alert"
          className="mt-8 flex flex-col items-start gap-3 rounded-theme border border-divider bg-paper p-6"
        >
          <p className="text-sm">{account.error.message}</p>
          <Button variant="outline" onPress={() => void account.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : (
        <div className="mt-8 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
          {isLarge && (
            <aside>
              <SettingsSidebar items={visible} />
            </aside>
          )}
          <div className="flex min-w-0 flex-col gap-6">
            <AccountDetailsPanel user={account.data} />
            {showSocial && slots.socialLogin}
            <PasswordPanel />
            <SettingsPanel
              id="two-factor"
              title={msg('Two-factor authentication')}
              description={msg('Add additional security to your account using two-factor authentication.')}
            >
              {slots.twoFactor(account.data)}
            </SettingsPanel>
            {slots.sessions}
            {showPushDevices && slots.pushDevices}
            <LocationPanel user={account.data} />
            {slots.connectedApps}
            {showDevelopers && slots.developers(account.data)}
            <DeleteAccountPanel user={account.data} />
          </div>
        </div>
      )}
    </main>
  );
}
