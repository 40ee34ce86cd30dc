/** SPEC §9 constants shared by server and web. */
export const QUERY_STALE_TIME_MS = 30_000;
export const QUERY_RETRY_LIMIT = 2;
export const TOAST_DEFAULT_DURATION_MS = 3000;
export const TOAST_DANGER_DURATION_MS = 8000;
export const ACTIVE_WORKSPACE_COOKIE = 'activeWorkspaceId';
export const ACTIVE_WORKSPACE_COOKIE_DAYS = 7;
export const DEFAULT_WORKSPACE_ID = 0;
export const COOKIE_NOTICE_COOKIE = 'cookie_notice';
export const COOKIE_NOTICE_DAYS = 30;
/** A visitor's interface language; users keep theirs on the account. */
export const GUEST_LOCALE_COOKIE = 'zema_locale';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';
export const PASSWORD_CONFIRMATION_SECONDS = 9000;
export const MOBILE_BREAKPOINT_PX = 768;
export const SPINNER_DELAY_MS = 500;
export const SPINNER_MIN_VISIBLE_MS = 200;
export const DEFAULT_LOGIN_REDIRECT = '/';
export const ADMIN_LOGIN_REDIRECT = '/admin';
/** Relative paths are prefixed with api/v1/ unless they start with one of these (SPEC §7). */
export const UNPREFIXED_PATH_ROOTS = ['auth', 'secure', 'log-viewer', 'horizon'] as const;
/** Dialog widths in px (SPEC §9). */
export const DIALOG_WIDTHS = {
  '2xs': 256,
  xs: 320,
  sm: 384,
  md: 440,
  lg: 620,
  xl: 780,
  '2xl': 850,
  fullscreen: 1280,
} as const;
export type DialogSize = keyof typeof DIALOG_WIDTHS;
