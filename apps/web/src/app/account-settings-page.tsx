import { AccountSettingsPage } from '#src/features/account';
import {
  AccessTokensPanel,
  SessionsPanel,
  SocialLoginPanel,
  TwoFactorPanelContent,
} from '#src/features/identity';
import { PushDevicesPanel } from '#src/features/notifications';
import { ConnectedAppsPanel } from '#src/features/subsonic';

/**
 * /account-settings: the account feature's page with the panels of the features that own them
 * (social login, two-factor, sessions, browser notifications, connected apps, API tokens).
 * Composed here, where features meet, so no feature imports another.
 */
export default function AccountSettings() {
  return (
    <AccountSettingsPage
      slots={{
        socialLogin: <SocialLoginPanel />,
        twoFactor: (user) => <TwoFactorPanelContent user={user} />,
        sessions: <SessionsPanel />,
        pushDevices: <PushDevicesPanel />,
        connectedApps: <ConnectedAppsPanel />,
        developers: (user) => <AccessTokensPanel tokens={user.tokens} />,
      }}
    />
  );
}
