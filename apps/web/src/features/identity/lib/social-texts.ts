import { msg, type SocialService } from '@zema/contracts';
import type { TransFn } from '#src/lib/i18n';

/** Literal texts of SPEC §8 for social login. */
export const SOCIAL_TEXTS = {
  error: msg('An error occurred. Please try again later'),
  requestPassword: msg(
    'An account with this email address already exists. If you want to connect the two accounts, enter existing account password.',
  ),
  passwordRequired: msg('The password field is required.'),
  popupBlocked: msg('The sign-in window was blocked. Allow pop-ups for this site and try again.'),
} as const;

export const SOCIAL_LABELS: Record<SocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  envato: 'Envato',
};

/** 'Enabled :service account' / 'Disabled :service account' (SPEC §8), in the reader's language. */
export const enabledMessage = (service: SocialService, trans: TransFn) =>
  trans('Enabled {service} account', { service: SOCIAL_LABELS[service] });
export const disabledMessage = (service: SocialService, trans: TransFn) =>
  trans('Disabled {service} account', { service: SOCIAL_LABELS[service] });
