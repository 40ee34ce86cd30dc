import { AccountSettingsPage } from '#src/features/account/pages/account-settings-page';
import { AccessTokensPanel } from '#src/features/identity/components/access-tokens-panel';
import { SessionsPanel } from '#src/features/identity/components/sessions-panel';
import { SocialLoginPanel } from '#src/features/identity/components/social-login-panel';
import { TwoFactorPanelContent } from '#src/features/identity/components/two-factor-panel';
import { PushDevicesPanel } from '#src/features/notifications/components/push-devices-panel';

/**
 * /account-settings: the account feature's page with the panels of the features that own them
 * (social login, two-factor, sessions, browser notifications, API tokens). Composed here, where features meet, so no
 * feature imports another.
 */
export default function AccountSettings() {
  return (
    <AccountSettingsPage
      slots={{
        socialLogin: <SocialLoginPanel />,
        twoFactor: (user) => <TwoFactorPanelContent user={user} />,
        sessions: <SessionsPanel />,
        pushDevices: <PushDevicesPanel />,
        developers: (user) => <AccessTokensPanel tokens={user.tokens} />,
      }}
    />
  );
}
