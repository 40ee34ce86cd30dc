import { z } from 'zod';
import { msg } from '../i18n/messages';
import { SOCIAL_SERVICES } from '../identity/auth';
import { SLUG_MAX_LENGTH, SLUG_MESSAGE, SLUG_PATTERN } from '../slugs';
import { uploadSettingsSchema } from '../uploads/uploads';
import { clientSettingsSchema, HOMEPAGE_TYPES } from './settings';

/**
 * The admin's settings pages. The API takes `{'dotted.key': value}` pairs: keys
 * of the client settings (`registration.disable`, or a whole subtree such as `homepage`), and the
 * server-only keys below (`server.*`), which never reach the browser in bootstrap data.
 */

export const SETTINGS_GROUPS = [
  'general',
  'authentication',
  'mail',
  'cookie-notice',
  'ads',
  'player',
  'localization',
  'api',
  'notifications',
  'uploads',
  'billing',
] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/** `Intl.DateTimeFormat` date styles: what `dates.format` may name. */
export const DATE_FORMATS = ['short', 'medium', 'long', 'full'] as const;

export const AD_SLOTS = [
  'general_top',
  'general_bottom',
  'artist_top',
  'artist_bottom',
  'album_above',
] as const;
export type AdSlotName = (typeof AD_SLOTS)[number];

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An in-app path (`/pages/terms`) or an http(s) address. */
export const linkTargetSchema = z
  .string()
  .trim()
  .min(1, msg('The link is required.'))
  .max(500)
  .refine(
    (v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v),
    msg('Enter a path starting with / or an http(s) address.'),
  );

const homepageRule = z
  .object({ type: z.enum(HOMEPAGE_TYPES), value: z.string().trim().max(100).nullable() })
  .superRefine((h, ctx) => {
    if (h.type === 'customPage' && !SLUG_PATTERN.test(h.value ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: msg("Enter the page's slug. Use lower-case letters a to z, digits and single dashes."),
      });
    }
    if (h.type === 'channel' && !h.value) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: msg('Choose a channel.') });
    }
  });

const humanVerificationRule = z
  .object({
    provider: z.enum(['recaptcha', 'turnstile']).nullable(),
    site_key: z.string().trim().max(200).nullable(),
    register: z.boolean(),
    contact: z.boolean(),
  })
  .superRefine((h, ctx) => {
    if (h.provider && !h.site_key) {
      ctx.addIssue({ code: 'custom', path: ['site_key'], message: msg("Enter the provider's site key.") });
    }
    if (!h.provider && (h.register || h.contact)) {
      ctx.addIssue({
        code: 'custom',
        path: ['provider'],
        message: msg('Choose a provider to require verification.'),
      });
    }
  });

const adSchema = z.string().max(20_000, msg('An ad is at most 20,000 characters.')).nullable();

/**
 * What an admin may store, stricter than the client settings' shape (which only has to read what
 * is stored). Each rule covers a subtree; a write is checked against every rule it touches, on the
 * settings as they would be after it. The forms validate with the same rules.
 */
export const settingsRules = {
  site_name: z.string().trim().min(1, msg('The site name is required.')).max(100),
  dates: z.object({
    default_timezone: z.string().refine(isTimeZone, msg('Choose a time zone from the list.')),
    format: z.enum(DATE_FORMATS),
  }),
  homepage: homepageRule,
  registration: z.object({
    disable: z.boolean(),
    policies: z
      .array(
        z.object({
          id: z.string().regex(SLUG_PATTERN, SLUG_MESSAGE).max(SLUG_MAX_LENGTH),
          name: z.string().trim().min(1, msg('The name is required.')).max(200),
          action: linkTargetSchema,
        }),
      )
      .max(20, msg('At most 20 policies.'))
      .refine(
        (list) => new Set(list.map((p) => p.id)).size === list.length,
        msg('Two policies have the same name.'),
      ),
  }),
  require_email_confirmation: z.boolean(),
  human_verification: humanVerificationRule,
  cookie_notice: z.object({
    enable: z.boolean(),
    position: z.enum(['top', 'bottom']),
    button: z
      .object({
        id: z.string().min(1).max(100),
        label: z.string().trim().min(1, msg('The button needs a label.')).max(60),
        type: z.enum(['link', 'route']),
        action: linkTargetSchema,
        target: z.string().nullable().optional(),
      })
      .nullable(),
  }),
  ads: z.object({
    general_top: adSchema,
    general_bottom: adSchema,
    artist_top: adSchema,
    artist_bottom: adSchema,
    album_above: adSchema,
  }),
  player: z.object({
    default_volume: z.number().int().min(0, msg('From 0 to 100.')).max(100, msg('From 0 to 100.')),
    count_play_after_seconds: z
      .number()
      .int(msg('Whole seconds.'))
      .min(1, msg('From 1 to 600 seconds.'))
      .max(600, msg('From 1 to 600 seconds.')),
    hide_queue: z.boolean(),
  }),
  i18n: z.object({ enable: z.boolean(), default_locale: z.string().trim().min(2).max(20) }),
  api: z.object({ integrated: z.boolean() }),
  notifications: z.object({ integrated: z.boolean() }),
  notif: z.object({ subs: z.object({ integrated: z.boolean() }) }),
  // `disk` is the storage driver, set by the environment: a stored value is never read.
  uploads: uploadSettingsSchema,
} as const;

/** A secret typed by the admin: write-only, `null` removes it. */
const secretRule = z.string().trim().min(1, msg('Enter the secret, or remove it.')).max(1000).nullable();
const clientIdRule = z.string().trim().max(500).nullable();

/** `message` names the setting: 'Grace: from 0 to 60 days.' */
const days = (message: string) => z.number().int(msg('Whole days.')).min(0, message).max(60, message);
/** `message` says the limit: 'At most 200 characters.' */
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).nullable();

/** The server-only settings an admin may write (the browser only ever learns whether a secret is set). */
export const serverSettingsRules: Record<string, z.ZodType> = {
  'server.mail.from_name': z
    .string()
    .trim()
    .max(100)
    .regex(/^[^"\\\r\n<>]*$/, msg('No quotes, angle brackets or line breaks.'))
    .nullable(),
  'server.mail.from_address': z.email(msg('Enter a valid email address.')).max(254).nullable(),
  /** Where contact page messages are mailed; null = the first admin's email. */
  'server.contact.address': z.email(msg('Enter a valid email address.')).max(254).nullable(),
  'server.human_verification.secret': secretRule,
  ...Object.fromEntries(
    SOCIAL_SERVICES.flatMap((s) => [
      [`server.social.${s}.client_id`, clientIdRule],
      [`server.social.${s}.client_secret`, secretRule],
    ]),
  ),
  ...billingServerSettingsRules(),
};

/**
 * Billing (decision 0042): VAT, the invoice's seller details, the prepaid clock, and the gateways'
 * keys. Keys are stored sealed (AES-256-GCM under the install key) and shown only as `{set}`.
 */
function billingServerSettingsRules(): Record<string, z.ZodType> {
  return {
    'server.billing.vat_rate_bp': z
      .number()
      .int(msg('Basis points: 1500 = 15 %.'))
      .min(0, msg('From 0 to 10000 (100 %).'))
      .max(10_000, msg('From 0 to 10000 (100 %).')),
    /** `ZEMA` in invoice numbers such as `ZEMA-2026-000042` (the default when empty). */
    'server.billing.invoice_prefix': z
      .string()
      .trim()
      .max(16, msg('At most 16 characters.'))
      .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, msg('Letters and digits, with single dashes between them.'))
      .nullable(),
    /** The seller's legal name on invoices (the site's name when empty). */
    'server.billing.seller_name': optionalText(200, msg('At most 200 characters.')),
    'server.billing.invoice_address': optionalText(1000, msg('At most 1000 characters.')),
    'server.billing.invoice_notes': optionalText(2000, msg('At most 2000 characters.')),
    'server.billing.seller_tin': z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{0,30}$/, msg('Letters, digits and dashes, at most 30.'))
      .nullable(),
    'server.billing.grace_days': days(msg('Grace: from 0 to 60 days.')),
    'server.billing.reminder_days': days(msg('Reminder: from 0 to 60 days.')),
    'server.billing.chapa.secret_key': secretRule,
    'server.billing.chapa.webhook_secret': secretRule,
    'server.billing.chapa.usd': z.boolean(),
    'server.billing.stripe.secret_key': secretRule,
    'server.billing.stripe.webhook_secret': secretRule,
    'server.billing.stripe.publishable_key': z
      .string()
      .trim()
      .regex(/^pk_(test|live)_[0-9A-Za-z]+$/, msg('A publishable key starts with pk_test_ or pk_live_.'))
      .nullable(),
  };
}

/** Which server keys hold secrets: answered as `{set}`, never as their value. */
export const isSecretSettingKey = (key: string) =>
  /(^|\.)(client_secret|secret|secret_key|webhook_secret)$/.test(key);

/** A gateway key: set or not; `unreadable` when it was sealed under another install key (enter it again). */
export const sealedSecretStateSchema = z.object({ set: z.boolean(), unreadable: z.boolean() });

export const adminBillingSettingsSchema = z.object({
  vat_rate_bp: z.number().int(),
  /** The prefix in effect (`ZEMA` until the admin sets another). */
  invoice_prefix: z.string(),
  seller_name: z.string().nullable(),
  invoice_address: z.string().nullable(),
  invoice_notes: z.string().nullable(),
  seller_tin: z.string().nullable(),
  grace_days: z.number().int(),
  reminder_days: z.number().int(),
  chapa: z.object({
    secret_key: sealedSecretStateSchema,
    webhook_secret: sealedSecretStateSchema,
    usd: z.boolean(),
    /** To paste into Chapa's dashboard (webhook URL). */
    webhook_url: z.string(),
  }),
  stripe: z.object({
    secret_key: sealedSecretStateSchema,
    webhook_secret: sealedSecretStateSchema,
    publishable_key: z.string().nullable(),
    webhook_url: z.string(),
  }),
  /** Which gateway takes each currency now. */
  gateways: z.object({
    ETB: z.enum(['sandbox', 'chapa', 'stripe']),
    USD: z.enum(['sandbox', 'chapa', 'stripe']),
  }),
});
export type AdminBillingSettings = z.infer<typeof adminBillingSettingsSchema>;

/** Dotted pairs; GET and POST answer the admin's whole view. */
export const adminSettingsUpdateRequestSchema = z.record(z.string().min(1).max(200), z.unknown());
export type AdminSettingsUpdateRequest = z.infer<typeof adminSettingsUpdateRequestSchema>;

export const secretStateSchema = z.object({ set: z.boolean() });

export const adminServerSettingsSchema = z.object({
  social: z.record(
    z.enum(SOCIAL_SERVICES),
    z.object({
      client_id: z.string().nullable(),
      client_secret: secretStateSchema,
      /** Both set in the environment: those win, and this page cannot change them. */
      env: z.boolean(),
      /** The redirect URI to register with the provider. */
      callback_url: z.string(),
    }),
  ),
  human_verification: z.object({ secret: secretStateSchema, env: z.boolean() }),
  billing: adminBillingSettingsSchema,
  mail: z.object({
    from_name: z.string().nullable(),
    from_address: z.string().nullable(),
    /** MAIL_FROM, which wins over the two fields above. */
    env_from: z.string().nullable(),
    /** The sender mail goes out with now. */
    effective_from: z.string(),
    /** The transport, from the environment (MAIL_URL), described without its credentials. */
    transport: z.object({ kind: z.enum(['smtp', 'outbox']), detail: z.string() }),
  }),
  contact: z.object({
    /** The contact address the admin set, or null. */
    address: z.string().nullable(),
    /** Where messages go while `address` is empty: the first admin's email. */
    default_address: z.string(),
  }),
});
export type AdminServerSettings = z.infer<typeof adminServerSettingsSchema>;

export const adminSettingsResponseSchema = z.object({
  settings: clientSettingsSchema,
  server: adminServerSettingsSchema,
  /** What the homepage may point at (channels are few: the admin curates them). */
  channels: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;

/** POST settings/test-mail: to the admin's own address unless `to` is given. */
export const testMailRequestSchema = z.object({
  to: z.email(msg('Enter a valid email address.')).max(254).optional(),
});
export type TestMailRequest = z.infer<typeof testMailRequestSchema>;
