/** The identity feature's face: what other features and app/ use of it. */
export { AccessTokensPanel } from './components/access-tokens-panel';
export { HUMAN_VERIFICATION_FAILED, verifyHumanWithProvider } from './components/human-verification';
export { SessionsPanel } from './components/sessions-panel';
export { SocialLoginPanel } from './components/social-login-panel';
export { TwoFactorPanelContent } from './components/two-factor-panel';
export { default as EmailVerificationPage } from './pages/email-verification-page';
