import { AccessTokensPanel } from '#src/features/access-tokens/components/access-tokens-panel';
import { AccountSettingsPage } from '#src/features/account/pages/account-settings-page';
import { PushDevicesPanel } from '#src/features/notifications/components/push-devices-panel';
import { SessionsPanel } from '#src/features/sessions/components/sessions-panel';
import { SocialLoginPanel } from '#src/features/social/components/social-login-panel';
import { TwoFactorPanelContent } from '#src/features/two-factor/components/two-factor-panel';

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
