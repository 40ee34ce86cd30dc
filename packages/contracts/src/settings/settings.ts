import { z } from 'zod';
import { landingAppearanceSchema, menuItemSchema } from '../appearance/appearance';
import { uploadSettingsSchema } from '../uploads/upload-settings';

export const HOMEPAGE_TYPES = ['landing', 'loginPage', 'registerPage', 'customPage', 'channel'] as const;

/**
 * The settings the web app receives in bootstrap data (SPEC §3 Settings). Server-only secrets
 * never appear here. Every key has a default on the server, so a fresh install is complete.
 */
export const clientSettingsSchema = z.object({
  site_name: z.string(),
  base_url: z.string(),
  demo: z.boolean(),
  debug: z.boolean(),
  dates: z.object({ default_timezone: z.string(), format: z.string() }),
  themes: z.object({ user_change: z.boolean(), default_id: z.number().int().nullable() }),
  cookie_notice: z.object({
    enable: z.boolean(),
    position: z.enum(['top', 'bottom']),
    /** The notice's text; null shows the standard sentence, in the reader's language. */
    text: z.string().nullable().default(null),
    button: menuItemSchema.nullable(),
  }),
  billing: z.object({ enable: z.boolean() }),
  uploads: uploadSettingsSchema,
  notifications: z.object({ integrated: z.boolean() }),
  notif: z.object({ subs: z.object({ integrated: z.boolean() }) }),
  branding: z.object({
    logo_light: z.string().nullable(),
    logo_dark: z.string().nullable(),
    logo_light_mobile: z.string().nullable(),
    logo_dark_mobile: z.string().nullable(),
    favicon: z.string().nullable(),
  }),
  registration: z.object({
    disable: z.boolean(),
    policies: z.array(z.object({ id: z.string(), name: z.string(), action: z.string() })),
  }),
  require_email_confirmation: z.boolean(),
  /** Social login providers; `enable` is true when the provider is configured and switched on. */
  social: z.object({
    google: z.object({ enable: z.boolean() }),
    facebook: z.object({ enable: z.boolean() }),
    twitter: z.object({ enable: z.boolean() }),
    envato: z.object({ enable: z.boolean() }),
  }),
  /** Human verification (SPEC §5): provider and public site key; the secret never leaves the server. */
  human_verification: z.object({
    provider: z.enum(['recaptcha', 'turnstile']).nullable(),
    site_key: z.string().nullable(),
    register: z.boolean(),
    contact: z.boolean(),
  }),
  /** Only in demo mode: the login form is prefilled with these (SPEC §9). */
  demo_credentials: z.object({ email: z.string(), password: z.string() }).nullable(),
  i18n: z.object({ enable: z.boolean(), default_locale: z.string() }),
  api: z.object({ integrated: z.boolean() }),
  homepage: z.object({ type: z.enum(HOMEPAGE_TYPES), value: z.string().nullable() }),
  landing: landingAppearanceSchema,
  /**
   * Ad slots (SPEC §3, §9): HTML snippets set by the admin, rendered in the player area; null or
   * empty = no ad. Size limits: top at most 150 px high, artist top 1000 px wide, artist bottom
   * 430 px wide.
   */
  ads: z.object({
    general_top: z.string().nullable(),
    general_bottom: z.string().nullable(),
    artist_top: z.string().nullable(),
    artist_bottom: z.string().nullable(),
    album_above: z.string().nullable(),
  }),
  /**
   * The web player: its volume (0-100) before the listener ever moved the slider, the seconds of
   * listening after which a play counts (the server checks the same number), and whether the queue
   * button shows.
   */
  player: z.object({
    default_volume: z.number().int().min(0).max(100),
    count_play_after_seconds: z.number().int().min(1).max(600),
    hide_queue: z.boolean(),
  }),
});
export type ClientSettings = z.infer<typeof clientSettingsSchema>;
