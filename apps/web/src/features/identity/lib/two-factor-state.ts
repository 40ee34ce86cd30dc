import { msg } from '@zema/contracts';

/** SPEC §4 two-factor states. */
export type TwoFactorState = 'disabled' | 'setup' | 'enabled';

export interface TwoFactorUserFields {
  two_factor_confirmed_at: string | null;
  two_factor_recovery_codes?: string[] | null;
}

/**
 * Initial state (SPEC §4): confirmed means enabled; recovery codes present but not confirmed means
 * setup; otherwise not enabled.
 */
export function initialTwoFactorState(user: TwoFactorUserFields): TwoFactorState {
  if (user.two_factor_confirmed_at) return 'enabled';
  if (user.two_factor_recovery_codes && user.two_factor_recovery_codes.length > 0) return 'setup';
  return 'disabled';
}

export const TWO_FACTOR_PANEL_TEXTS = {
  disabledHeading: msg('You have not enabled two-factor authentication.'),
  setupHeading: msg('Finish enabling two-factor authentication.'),
  enabledHeading: msg('You have enabled two-factor authentication.'),
  explanation: msg(
    "When two-factor authentication is enabled, you will be prompted for a secure, random token during authentication. You may retrieve this token from your phone's authenticator application.",
  ),
  scan: msg(
    "To finish enabling two-factor authentication, scan the following QR code using your phone's authenticator application or enter the setup key and provide the generated code.",
  ),
  recoveryCodes: msg(
    'Store these recovery codes in a secure password manager. They can be used to recover access to your account if your two-factor authentication device is lost. They will not be shown again.',
  ),
  confirmToContinue: msg('Confirm your password to see the QR code and the setup key.'),
} as const;
