/** The account feature's face: what other features and app/ use of it. */
export { ChangeEmailDialog } from './components/change-email-dialog';
export { NewPasswordFields } from './components/new-password-fields';
export { SettingsPanel } from './components/settings-panel';
export { usePasswordConfirmation } from './components/use-password-confirmation';
export { patchAccount, patchBootstrapUser } from './lib/account-cache';
export { ACCOUNT_TEXTS } from './lib/account-texts';
export { AccountSettingsPage } from './pages/account-settings-page';
