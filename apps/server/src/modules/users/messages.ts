import { msg, PASSWORDS_MISMATCH_MESSAGE } from '@zema/contracts';

/** What the ways in and the account pages answer about credentials (Laravel Fortify's wording). */
export const ACCOUNT_MESSAGES = {
  badCredentials: msg('These credentials do not match our records.'),
  registrationDisabled: msg('Registration is currently disabled.'),
  emailTaken: msg('The email has already been taken.'),
  confirmationMismatch: PASSWORDS_MISMATCH_MESSAGE,
  wrongPassword: msg('The provided password is incorrect.'),
  wrongCurrentPassword: msg('The provided password does not match your current password.'),
  confirmationRequired: msg('Password confirmation required.'),
  passwordChangeByToken: msg(
    'The password cannot be changed with an API token. Sign in to the site to change your password.',
  ),
} as const;
