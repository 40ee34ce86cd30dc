import type { SocialService } from '@zema/contracts';

/** Literal texts of SPEC §8 for social login. */
export const SOCIAL_TEXTS = {
  error: 'An error occurred. Please try again later',
  requestPassword:
    'An account with this email address already exists. If you want to connect the two accounts, enter existing account password.',
  passwordRequired: 'The password field is required.',
  popupBlocked: 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
} as const;

export const SOCIAL_LABELS: Record<SocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  envato: 'Envato',
};

/** 'Enabled :service account' / 'Disabled :service account' (SPEC §8). */
export const enabledMessage = (service: SocialService) => `Enabled ${SOCIAL_LABELS[service]} account`;
export const disabledMessage = (service: SocialService) => `Disabled ${SOCIAL_LABELS[service]} account`;
