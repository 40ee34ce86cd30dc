import { z } from 'zod';
import { msg } from '../i18n/messages';
import { clientSettingsSchema } from '../settings/settings';
import {
  isMenuIcon,
  isSafeAction,
  landingAppearanceSchema,
  MENU_POSITIONS,
  menuChildItemSchema,
  menuItemSchema,
  themeSchema,
} from './appearance';
import { THEME_FONTS } from './fonts';

/** Limits of the appearance editor (SPEC §3 Theme, Menu; the editor's own). */
export const APPEARANCE_LIMITS = {
  siteName: 60,
  themes: 30,
  themeName: 60,
  menus: 30,
  menuItems: 50,
  label: 80,
  cookieText: 500,
  customCss: 50_000,
  customHtml: 50_000,
  history: 50,
} as const;

/** The least contrast between a text colour and its background (WCAG 2 AA, normal text). */
export const MIN_CONTRAST_RATIO = 4.5;

/** A style variable's name and value: what cannot break out of a CSS rule. */
const themeVariableName = z
  .string()
  .regex(/^--[a-zA-Z0-9-]{1,60}$/, msg('A style variable is named --like-this.'));
const themeVariableValue = z
  .string()
  .trim()
  .min(1, msg('Enter a value.'))
  .max(200)
  .refine(
    (v) => !/[<>{};\\]/.test(v),
    msg('A value cannot contain angle brackets, braces, semicolons or backslashes.'),
  );

/** An address the site links or loads: a path on this site, or an http(s) URL. */
export const siteAddressSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v),
    msg('Enter a path like /about or an http(s) address.'),
  );

/** A theme as the editor holds it: a new one has a negative id until it is published. */
export const editableThemeSchema = themeSchema.extend({
  name: z.string().trim().min(1, msg('Name the theme.')).max(APPEARANCE_LIMITS.themeName),
  values: z.record(themeVariableName, themeVariableValue),
  /**
   * One of the fonts the site serves (THEME_FONTS). `src`, its stylesheet, is what the server
   * derives from the family when it keeps the theme (whatever was sent).
   */
  font: z
    .object({
      family: z.enum(THEME_FONTS.map((f) => f.family) as [string, ...string[]]),
      src: z.string().optional(),
    })
    .nullable()
    .optional(),
});
export type EditableTheme = z.infer<typeof editableThemeSchema>;

const UNSAFE_ACTION = msg('Use a page of this site (/contact) or a web address (https://…).');

const editableItemFields = {
  label: z.string().trim().min(1, msg('Give the item a label.')).max(APPEARANCE_LIMITS.label),
  action: z.string().trim().max(2000).nullable().refine(isSafeAction, UNSAFE_ACTION),
  icon: z
    .string()
    .nullable()
    .optional()
    .refine((icon) => !icon || isMenuIcon(icon), msg('Pick an icon from the list.')),
};

/** Conditions no viewer can meet together: the item would never show. */
const GUEST_SUBSCRIBER = msg('A guest has no subscription: this item would never show.');
const meetable = (item: { audience?: string | null; subscriptionStatus?: string | null }) =>
  !(item.audience === 'guests' && item.subscriptionStatus === 'subscribed');

const editableMenuChildSchema = menuChildItemSchema
  .extend(editableItemFields)
  .refine(meetable, { path: ['subscriptionStatus'], message: GUEST_SUBSCRIBER });

const editableMenuItemSchema = menuItemSchema
  .extend({
    ...editableItemFields,
    /** One level of nesting: an item may hold children, which hold none. */
    children: z.array(editableMenuChildSchema).max(APPEARANCE_LIMITS.menuItems).optional(),
  })
  .refine(meetable, { path: ['subscriptionStatus'], message: GUEST_SUBSCRIBER });
export type EditableMenuItem = z.infer<typeof editableMenuItemSchema>;

export const editableMenuSchema = z.object({
  id: z.string().trim().min(1).max(60),
  name: z.string().trim().min(1, msg('Name the menu.')).max(APPEARANCE_LIMITS.label),
  positions: z.array(z.enum(MENU_POSITIONS)),
  items: z.array(editableMenuItemSchema).max(APPEARANCE_LIMITS.menuItems),
});
export type EditableMenu = z.infer<typeof editableMenuSchema>;

const branding = clientSettingsSchema.shape.branding;
const brandingAddress = siteAddressSchema.nullable();

/**
 * Everything the appearance editor changes, as one value: drafted per admin, published as a whole,
 * kept in the history as a whole (SPEC §1 "a configurable appearance").
 */
export const appearanceValuesSchema = z.object({
  site_name: z.string().trim().min(1, msg('Enter the site name.')).max(APPEARANCE_LIMITS.siteName),
  branding: z.object(
    Object.fromEntries(Object.keys(branding.shape).map((k) => [k, brandingAddress])) as Record<
      keyof typeof branding.shape,
      typeof brandingAddress
    >,
  ),
  themes: z.object({
    user_change: z.boolean(),
    default_id: z.number().int().nullable(),
    all: z.array(editableThemeSchema).min(1, msg('Keep at least one theme.')).max(APPEARANCE_LIMITS.themes),
  }),
  menus: z.array(editableMenuSchema).max(APPEARANCE_LIMITS.menus),
  landing: landingAppearanceSchema.superRefine((landing, ctx) => {
    for (const [key, cta] of Object.entries(landing.actions)) {
      if (!isSafeAction(cta.action))
        ctx.addIssue({ code: 'custom', path: ['actions', key, 'action'], message: UNSAFE_ACTION });
    }
  }),
  cookie_notice: z.object({
    enable: z.boolean(),
    position: z.enum(['top', 'bottom']),
    text: z.string().trim().max(APPEARANCE_LIMITS.cookieText).nullable(),
    button: menuItemSchema
      .refine((button) => isSafeAction(button.action), { path: ['action'], message: UNSAFE_ACTION })
      .nullable(),
  }),
  custom_code: z.object({
    css: z.string().max(APPEARANCE_LIMITS.customCss),
    html: z.string().max(APPEARANCE_LIMITS.customHtml),
  }),
});
export type AppearanceValues = z.infer<typeof appearanceValuesSchema>;

/** Who published a version and when; `restored_from` names the version a rollback brought back. */
export const appearanceVersionSchema = z.object({
  id: z.number().int(),
  published_at: z.string(),
  published_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  restored_from: z.number().int().nullable(),
  /** The look the site had before its first publish (kept by that publish, so it can come back). */
  original: z.boolean(),
});
export type AppearanceVersion = z.infer<typeof appearanceVersionSchema>;

export const appearanceDraftSchema = z.object({
  values: appearanceValuesSchema,
  updated_at: z.string(),
  /** The published version the draft started from; another admin may have published since. */
  base_version_id: z.number().int().nullable(),
});
export type AppearanceDraft = z.infer<typeof appearanceDraftSchema>;

export const appearanceEditorResponseSchema = z.object({
  /** What visitors see now. */
  published: appearanceValuesSchema,
  /** The latest version (null until the first publish). */
  version: appearanceVersionSchema.nullable(),
  /** This admin's unpublished changes, if any. */
  draft: appearanceDraftSchema.nullable(),
  /** Whether this admin may change the custom HTML (its own permission). */
  can_edit_html: z.boolean(),
});
export type AppearanceEditorResponse = z.infer<typeof appearanceEditorResponseSchema>;

export const saveAppearanceDraftRequestSchema = z.object({
  values: appearanceValuesSchema,
  base_version_id: z.number().int().nullable(),
});
export type SaveAppearanceDraftRequest = z.infer<typeof saveAppearanceDraftRequestSchema>;

export const appearanceHistoryResponseSchema = z.object({ versions: z.array(appearanceVersionSchema) });

/** What an uploaded image becomes: a logo (PNG or sanitised SVG), a landing picture, a favicon set. */
export const APPEARANCE_IMAGE_PURPOSES = ['logo', 'image', 'favicon'] as const;
export type AppearanceImagePurpose = (typeof APPEARANCE_IMAGE_PURPOSES)[number];

export const appearanceImageRequestSchema = z.object({
  /** The admin's upload (the upload queue's file entry), taken by the appearance. */
  file_entry_id: z.number().int().positive(),
  purpose: z.enum(APPEARANCE_IMAGE_PURPOSES),
});
export type AppearanceImageRequest = z.infer<typeof appearanceImageRequestSchema>;

/** The sizes made from one favicon upload: the tab icon, the iPhone icon and the app icons. */
export const FAVICON_SIZES = [32, 180, 192, 512] as const;
/** `…/appearance/icons/<id>/32.png`: a favicon set the editor made; the other sizes sit beside it. */
export const FAVICON_SET_PATTERN = /\/appearance\/icons\/[a-z0-9]+\/32\.png$/;
