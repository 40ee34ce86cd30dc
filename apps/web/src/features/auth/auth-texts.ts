import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE, PASSWORDS_MISMATCH_MESSAGE } from '@zema/contracts';

/** Shared field messages of the auth forms (SPEC §5: required fields, exact code lengths). */
export const requiredMessage = (field: string) => `The ${field} field is required.`;

/** Rules of a new password field (register, reset): required and at least the contract's length. */
export const newPasswordRules = {
  required: requiredMessage('password'),
  minLength: { value: PASSWORD_MIN_LENGTH, message: PASSWORD_TOO_SHORT_MESSAGE },
};

/** Rules of its confirmation field: required and equal to `password`. */
export const passwordConfirmationRules = {
  required: requiredMessage('password confirmation'),
  validate: (value: unknown, all: { password?: unknown }) =>
    value === all.password || PASSWORDS_MISMATCH_MESSAGE,
};

/** `/workspace/join/login` and `/workspace/join/register` are the team-invitation variants (SPEC §2). */
export const WORKSPACE_JOIN_PREFIX = '/workspace/join';

export function isWorkspaceJoinPath(pathname: string): boolean {
  return pathname.startsWith(`${WORKSPACE_JOIN_PREFIX}/`);
}
