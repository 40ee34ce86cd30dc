import { PASSWORDS_MISMATCH_MESSAGE } from '@zema/contracts';

/** What the ways in and the account pages answer about credentials (Laravel Fortify's wording). */
export const ACCOUNT_MESSAGES = {
  badCredentials: 'These credentials do not match our records.',
  registrationDisabled: 'Registration is currently disabled.',
  emailTaken: 'The email has already been taken.',
  confirmationMismatch: PASSWORDS_MISMATCH_MESSAGE,
  wrongPassword: 'The provided password is incorrect.',
  wrongCurrentPassword: 'The provided password does not match your current password.',
  confirmationRequired: 'Password confirmation required.',
  passwordChangeByToken:
    'The password cannot be changed with an API token. Sign in to the site to change your password.',
} as const;
