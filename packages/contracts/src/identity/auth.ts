import { z } from 'zod';
import { msg } from '../i18n/messages';
import { INT32_MAX, intParamSchema } from '../primitives';
import { bootstrapDataSchema } from '../site/bootstrap';
import { inviteIdParamSchema } from '../workspaces/workspaces';

/** SPEC §9 / RELIABILITY lengths. */
export const VERIFICATION_CODE_LENGTH = 6;
export const TWO_FACTOR_CODE_LENGTH = 6;
export const RECOVERY_CODE_LENGTH = 21;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT_MESSAGE = msg('The password must be at least 8 characters.');
export const PASSWORDS_MISMATCH_MESSAGE = msg('The password confirmation does not match.');
export const SOCIAL_SERVICES = ['google', 'facebook', 'twitter', 'envato'] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];

const email = z
  .string()
  .trim()
  .min(1, msg('The email field is required.'))
  .email(msg('Enter a valid email address.'));
const password = z.string().min(1, msg('The password field is required.'));
/** A new password: required, then at least PASSWORD_MIN_LENGTH characters. */
const newPassword = z
  .string()
  .min(1, msg('The password field is required.'))
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE);
const passwordConfirmation = z.string().min(1, msg('The password confirmation field is required.'));

/**
 * A form's check that a new password and its confirmation match, reported on the confirmation
 * field (`schema.superRefine(confirmedPassword)`). The server checks the same in its services and
 * answers with the same message on `password`.
 */
export function confirmedPassword(
  value: { password: string; password_confirmation: string },
  ctx: z.RefinementCtx,
): void {
  if (value.password_confirmation && value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: PASSWORDS_MISMATCH_MESSAGE });
  }
}

/**
 * POST auth/register. Besides the three fields, each registration policy arrives as a flag named
 * by the policy id (true when accepted), and optional profile fields.
 */
/** The longest display name. */
export const DISPLAY_NAME_MAX = 100;

export const registerRequestSchema = z
  .object({
    email,
    password: newPassword,
    password_confirmation: passwordConfirmation,
    first_name: z.string().trim().max(100).optional(),
    last_name: z.string().trim().max(100).optional(),
    /** The name others see on the profile, playlists and in the admin (else "User 2"); optional. */
    display_name: z
      .string()
      .trim()
      .max(DISPLAY_NAME_MAX, msg('The display name may have at most 100 characters.'))
      .optional(),
    /**
     * A workspace invitation (the register link of its mail): when it is valid and was sent to
     * this email, the account starts verified (the link proved the mailbox) and joins at once.
     */
    invite_id: inviteIdParamSchema.optional(),
  })
  .catchall(z.unknown());
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  status: z.enum(['success', 'needs_email_verification']),
  bootstrapData: bootstrapDataSchema,
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST auth/login. `remember` ('Stay signed in for a month') defaults to true (SPEC §9). */
export const loginRequestSchema = z.object({
  email,
  password,
  remember: z.boolean().default(true),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.union([
  z.object({ two_factor: z.literal(true) }),
  z.object({ bootstrapData: bootstrapDataSchema }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST auth/two-factor-challenge: one of the two. */
export const twoFactorCodeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, msg('The code field is required.'))
    .length(TWO_FACTOR_CODE_LENGTH, msg('The code must be 6 characters.')),
});
export const recoveryCodeRequestSchema = z.object({
  recovery_code: z
    .string()
    .trim()
    .min(1, msg('The recovery code field is required.'))
    .length(RECOVERY_CODE_LENGTH, msg('The recovery code must be 21 characters.')),
});
export const twoFactorChallengeRequestSchema = z.union([
  twoFactorCodeRequestSchema,
  recoveryCodeRequestSchema,
]);
export type TwoFactorChallengeRequest = z.infer<typeof twoFactorChallengeRequestSchema>;

export const bootstrapAnswerSchema = z.object({ bootstrapData: bootstrapDataSchema });

export const forgotPasswordRequestSchema = z.object({ email });
// In common.ts, which every page has: an operation of any module answers with it.
export { messageResponseSchema } from '../common';

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1),
  email,
  password: newPassword,
  password_confirmation: passwordConfirmation,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
/**
 * The answer to auth/reset-password: a message, and bootstrap data when the server signs the user
 * in right away (the web app then finishes the login instead of going to the login page).
 */
export const resetPasswordResponseSchema = z.object({
  message: z.string(),
  bootstrapData: bootstrapDataSchema.optional(),
});

export const resendEmailVerificationRequestSchema = z.object({ email: email.optional() });
export const validateEmailVerificationOtpRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, msg('The code field is required.'))
    .regex(/^\d{6}$/, msg('The code must be 6 digits.')),
});

/** POST api/v1/recaptcha/verify {token} → {success}. */
export const humanVerificationRequestSchema = z.object({ token: z.string().min(1) });
export const humanVerificationResponseSchema = z.object({ success: z.boolean() });

/** Result a social login popup posts to its opener (SPEC §4). */
export const socialLoginResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('SUCCESS'), bootstrapData: bootstrapDataSchema }),
  z.object({ status: z.literal('REQUEST_PASSWORD'), service: z.enum(SOCIAL_SERVICES) }),
  z.object({ status: z.literal('ERROR'), message: z.string().nullable() }),
  z.object({ status: z.literal('ALREADY_LOGGED_IN') }),
]);
export type SocialLoginResult = z.infer<typeof socialLoginResultSchema>;
export const SOCIAL_POPUP_MESSAGE_TYPE = 'zema-social-login';

export const socialConnectRequestSchema = z.object({ password });

/** Masks an email for the verification screen (SPEC §2): `ad*****@example.com`. */
export function maskEmail(address: string | null | undefined): string {
  if (!address) return '*****';
  const at = address.lastIndexOf('@');
  if (at < 0) return '*'.repeat(address.length);
  const local = address.slice(0, at);
  const shown = local.slice(0, 2);
  return `${shown}${'*'.repeat(Math.max(local.length - shown.length, 0))}${address.slice(at)}`;
}

/** A register (or contact) body may carry this field to pass human verification directly,
 * instead of an earlier POST recaptcha/verify from the same browser. */
export const HUMAN_VERIFICATION_TOKEN_FIELD = 'recaptcha_token';
export const HUMAN_VERIFICATION_FAILED_MESSAGE = msg('Could not verify you are human.');

/** Recovery codes (RELIABILITY): 8 of them, each `[A-Za-z0-9]{10}-[A-Za-z0-9]{10}`. */
export const RECOVERY_CODE_COUNT = 8;
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/;

/** GET auth/user/confirmed-password-status?seconds=9000 → {confirmed}. */
export const confirmedPasswordStatusQuerySchema = z.object({
  seconds: intParamSchema(0, INT32_MAX).optional(),
});
export const confirmedPasswordStatusResponseSchema = z.object({ confirmed: z.boolean() });

/** POST auth/user/confirm-password {password} → {confirmed: true}. */
export const confirmPasswordRequestSchema = z.object({ password });

/** PUT auth/user/password. */
export const updatePasswordRequestSchema = z.object({
  current_password: z.string().min(1, msg('The current password field is required.')),
  password: newPassword,
  password_confirmation: passwordConfirmation,
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

/**
 * Answer of POST/DELETE auth/user/two-factor-authentication: `pending` = a secret exists but no
 * code confirmed it yet (SPEC §4 "setup" state); `enabled` = confirmed.
 */
export const twoFactorStatusResponseSchema = z.object({ enabled: z.boolean(), pending: z.boolean() });
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

/** GET auth/user/two-factor/qr-code → {svg, secret} (secret = base32 setup key). */
export const twoFactorQrCodeResponseSchema = z.object({ svg: z.string(), secret: z.string() });

/** POST auth/user/confirmed-two-factor-authentication {code}. */
export const twoFactorConfirmRequestSchema = twoFactorCodeRequestSchema;

/**
 * Recovery codes in plain text: only in the answers of confirmed-two-factor-authentication and
 * POST two-factor-recovery-codes (they are stored hashed and cannot be shown again).
 */
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
