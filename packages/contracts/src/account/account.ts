import { z } from 'zod';
import { msg } from '../i18n/messages';
import { bootstrapDataSchema } from '../site/bootstrap';
import { CALENDARS, userSchema } from '../users/user';

/** Avatar upload limit (SPEC §5, §9). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TOO_LARGE_MESSAGE = msg('The file may not be greater than 2 MB.');
export const AVATAR_TYPE_NOT_ALLOWED_MESSAGE = msg('This file type is not allowed');
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 100;

/** A personal access token as listed on the account (SPEC §3 Access token); never the secret. */
export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The user loaded by account settings: the bootstrap user plus its tokens (SPEC §2 /account-settings). */
export const accountUserSchema = userSchema.extend({
  tokens: z.array(accessTokenSchema),
  /**
   * SPEC §3/§4: recovery codes present while two-factor is not confirmed mean "setup". The codes
   * are stored hashed, so each is sent masked: their presence and count, never their value.
   */
  two_factor_recovery_codes: z.array(z.string()),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** GET users/me, GET users/:id, PUT users/me, POST/DELETE users/:id/avatar. */
export const accountResponseSchema = z.object({ user: accountUserSchema });
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/**
 * PUT users/me: account details and the location-and-language panel. Every field is optional;
 * only the sent ones change. `timezone` is an IANA zone, `country` an ISO code from the countries
 * value list, `language` a known localization's language.
 */
export const updateAccountRequestSchema = z.object({
  first_name: z
    .string()
    .trim()
    .max(100, msg('The first name may not be greater than 100 characters.'))
    .nullable()
    .optional(),
  last_name: z
    .string()
    .trim()
    .max(100, msg('The last name may not be greater than 100 characters.'))
    .nullable()
    .optional(),
  timezone: z.string().trim().max(100).nullable().optional(),
  country: z.string().trim().max(10).nullable().optional(),
  language: z.string().trim().max(20).nullable().optional(),
  calendar: z.enum(CALENDARS).nullable().optional(),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

/** POST users/me/locale. */
export const changeLocaleRequestSchema = z.object({ locale: z.string().trim().min(1).max(20) });
export const changeLocaleResponseSchema = z.object({ locale: z.string() });
export type ChangeLocaleRequest = z.infer<typeof changeLocaleRequestSchema>;

/** POST users/:id/avatar with a JSON body (the multipart variant sends `file` or `url` fields). */
export const avatarUrlRequestSchema = z.object({ url: z.string().trim().url().max(2000) });

/** POST users/:id/avatar as JSON from the upload queue: an image file entry of the caller's. */
export const avatarFromEntryRequestSchema = z.object({ file_entry_id: z.number().int().positive() });

/** DELETE users/:id?deleteCurrentUser=true answers the guest bootstrap data. */
export const deleteAccountQuerySchema = z.object({ deleteCurrentUser: z.string().optional() });
export const deleteAccountResponseSchema = z.object({ bootstrapData: bootstrapDataSchema });

/** One entry of GET user-sessions (SPEC §3 Session). */
export const DEVICE_TYPES = ['mobile', 'tablet', 'computer'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const userSessionSchema = z.object({
  /** Session id, or `token-<id>` for a personal access token entry. */
  id: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  platform: z.string().nullable(),
  browser: z.string().nullable(),
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2 code (e.g. 'US'); null for private, loopback and unknown addresses. */
  country: z.string().nullable(),
  ip_address: z.string().nullable(),
  /** True for a personal access token that has been used (an API token "session"). */
  token: z.boolean(),
  /** The token's name when `token` is true. */
  token_name: z.string().nullable().optional(),
  last_active: z.string().nullable(),
  is_current_device: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionsResponseSchema = z.object({ sessions: z.array(userSessionSchema) });
export type UserSessionsResponse = z.infer<typeof userSessionsResponseSchema>;

/** POST user-sessions/logout-other: the password is asked every time. */
export const logoutOtherSessionsRequestSchema = z.object({
  password: z.string().min(1, msg('The password field is required.')),
});

/** POST access-tokens. */
export const createAccessTokenRequestSchema = z.object({
  tokenName: z
    .string()
    .trim()
    .min(1, msg('The token name field is required.'))
    .max(ACCESS_TOKEN_NAME_MAX_LENGTH),
});
export type CreateAccessTokenRequest = z.infer<typeof createAccessTokenRequestSchema>;
export const createAccessTokenResponseSchema = z.object({
  token: accessTokenSchema,
  /** Shown once; only its SHA-256 is stored. */
  plainTextToken: z.string(),
});
export type CreateAccessTokenResponse = z.infer<typeof createAccessTokenResponseSchema>;

/**
 * Changing the email address (account details). Both calls need a password confirmed in this
 * browser session within 9000 s (423 otherwise).
 *
 * POST users/me/email {email}: mails a 6-digit code to the NEW address (valid 10 minutes, dead
 * after 5 wrong tries; sending again makes a new code). An address another account uses → 422
 * errors.email. Answers {message}.
 */
export const requestEmailChangeRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, msg('The email field is required.'))
    .max(255, msg('The email may not be greater than 255 characters.'))
    .email(msg('Enter a valid email address.')),
});
export type RequestEmailChangeRequest = z.infer<typeof requestEmailChangeRequestSchema>;

/**
 * POST users/me/email/confirm {code}: the code from the mail makes the new address the account's
 * (verified); the old address gets a notice. Answers {user} like PUT users/me.
 */
export const confirmEmailChangeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, msg('The code must be 6 digits.')),
});
export type ConfirmEmailChangeRequest = z.infer<typeof confirmEmailChangeRequestSchema>;
