import { z } from 'zod';

/** SPEC §3 Theme: CSS variable values, dark flag, default-for-mode flags. */
export const themeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  values: z.record(z.string(), z.string()),
  is_dark: z.boolean(),
  default_light: z.boolean(),
  default_dark: z.boolean(),
  font: z
    .object({ family: z.string(), google: z.boolean().optional(), src: z.string().optional() })
    .nullable()
    .optional(),
});
export type Theme = z.infer<typeof themeSchema>;

/** localStorage key of the user's theme choice (SPEC §4). */
export const ACTIVE_THEME_STORAGE_KEY = 'be-active-theme';

export const MENU_POSITIONS = [
  'landing-page-navbar',
  'auth-page-footer',
  'footer',
  'footer-secondary',
  'navbar',
  'account-menu',
] as const;
export type MenuPosition = (typeof MENU_POSITIONS)[number];

/**
 * The icons a menu item may show (SPEC §3 Menu item `icon`), by name: a fixed set the web app draws
 * from its own icon set, so a menu never loads an image from elsewhere.
 */
export const MENU_ICONS = [
  'home',
  'music',
  'disc',
  'mic',
  'radio',
  'headphones',
  'list-music',
  'library',
  'search',
  'heart',
  'star',
  'user',
  'users',
  'info',
  'help',
  'mail',
  'phone',
  'message',
  'calendar',
  'ticket',
  'shopping-bag',
  'credit-card',
  'gift',
  'newspaper',
  'book',
  'file',
  'shield',
  'settings',
  'globe',
  'map-pin',
  'download',
  'external-link',
  'video',
  'camera',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

export const isMenuIcon = (name: string | null | undefined): name is MenuIcon =>
  !!name && (MENU_ICONS as readonly string[]).includes(name);

/**
 * Where a menu item or a landing button may lead: a page of the site (`/contact`, `contact`) or a
 * web, mail or phone address. Other schemes (`javascript:`, `data:`) could run code in a visitor's
 * page, which only the custom HTML permission may do.
 */
export function isSafeAction(action: string | null | undefined): boolean {
  if (!action) return true;
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(action)?.[1]?.toLowerCase();
  return scheme === undefined || ['http', 'https', 'mailto', 'tel'].includes(scheme);
}
/**
 * Who a menu item is for, before any other condition: everyone, signed-in users only (whatever
 * their roles) or guests only (visitors who are not signed in).
 */
export const MENU_AUDIENCES = ['everyone', 'signedIn', 'guests'] as const;
export type MenuAudience = (typeof MENU_AUDIENCES)[number];

const menuItemFields = {
  id: z.string(),
  label: z.string(),
  icon: z.string().nullable().optional(),
  type: z.enum(['link', 'route']),
  action: z.string().nullable(),
  target: z.string().nullable().optional(),
  /** Everyone when absent. */
  audience: z.enum(MENU_AUDIENCES).nullable().optional(),
  roles: z.array(z.number().int()).optional(),
  permissions: z.array(z.string()).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  subscriptionStatus: z.enum(['subscribed', 'unsubscribed']).nullable().optional(),
};

/** An item inside another: one level of nesting, so it holds no items of its own. */
export const menuChildItemSchema = z.object(menuItemFields);
export type MenuChildItem = z.infer<typeof menuChildItemSchema>;

/**
 * SPEC §3 Menu item. `children` (the editor's one level of nesting) makes the item a group: a
 * dropdown in a row of links, a titled section in a menu.
 */
export const menuItemSchema = z.object({
  ...menuItemFields,
  children: z.array(menuChildItemSchema).optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.object({
  id: z.string(),
  name: z.string(),
  positions: z.array(z.string()),
  items: z.array(menuItemSchema),
});
export type Menu = z.infer<typeof menuSchema>;

const landingActionSchema = z.object({
  label: z.string().nullable(),
  action: z.string().nullable(),
  type: z.enum(['link', 'route']).default('route'),
  roles: z.array(z.number().int()).optional(),
  permissions: z.array(z.string()).optional(),
});
export type LandingAction = z.infer<typeof landingActionSchema>;

/** SPEC §3 Landing appearance. */
export const landingAppearanceSchema = z.object({
  headerTitle: z.string(),
  headerSubtitle: z.string(),
  headerImage: z.string().nullable(),
  headerImageOpacity: z.number().min(0).max(1),
  headerOverlayColor1: z.string().nullable(),
  headerOverlayColor2: z.string().nullable(),
  actions: z.object({ cta1: landingActionSchema, cta2: landingActionSchema, cta3: landingActionSchema }),
  primaryFeatures: z.array(
    z.object({ image: z.string().nullable(), title: z.string(), subtitle: z.string() }),
  ),
  secondaryFeatures: z.array(
    z.object({
      image: z.string().nullable(),
      title: z.string(),
      subtitle: z.string(),
      description: z.string(),
    }),
  ),
  pricingTitle: z.string(),
  pricingSubtitle: z.string(),
  footerImage: z.string().nullable(),
  footerTitle: z.string(),
  footerSubtitle: z.string(),
  showTrendingArtists: z.boolean(),
  showPricing: z.boolean(),
});
export type LandingAppearance = z.infer<typeof landingAppearanceSchema>;

/**
 * The CSS variables a theme sets (SPEC §3 Theme.values). Colours are any CSS colour; the web app
 * maps them onto Tailwind tokens, so a theme edit restyles everything live.
 */
export const THEME_VARIABLES = [
  '--be-background',
  '--be-background-alt',
  '--be-paper',
  '--be-foreground',
  '--be-muted',
  '--be-primary',
  '--be-primary-hover',
  '--be-on-primary',
  '--be-danger',
  '--be-on-danger',
  '--be-positive',
  '--be-warning',
  '--be-divider',
  '--be-hover',
  '--be-focus',
  '--be-navbar',
  '--be-on-navbar',
  '--be-radius',
] as const;
export type ThemeVariable = (typeof THEME_VARIABLES)[number];

export const DEFAULT_LIGHT_THEME_VALUES: Record<ThemeVariable, string> = {
  '--be-background': '#ffffff',
  '--be-background-alt': '#f4f5f7',
  '--be-paper': '#ffffff',
  '--be-foreground': '#16181d',
  '--be-muted': '#5b6270',
  '--be-primary': '#0b7a5b',
  '--be-primary-hover': '#096a4f',
  '--be-on-primary': '#ffffff',
  '--be-danger': '#c62828',
  '--be-on-danger': '#ffffff',
  '--be-positive': '#1b7d36',
  '--be-warning': '#a15c00',
  '--be-divider': '#dfe2e7',
  '--be-hover': '#eef0f3',
  '--be-focus': '#1a73e8',
  '--be-navbar': '#ffffff',
  '--be-on-navbar': '#16181d',
  '--be-radius': '8px',
};

export const DEFAULT_DARK_THEME_VALUES: Record<ThemeVariable, string> = {
  '--be-background': '#121316',
  '--be-background-alt': '#1b1d22',
  '--be-paper': '#1f2127',
  '--be-foreground': '#eceef2',
  '--be-muted': '#a3a9b5',
  '--be-primary': '#2fd39a',
  '--be-primary-hover': '#55e0ae',
  '--be-on-primary': '#06281c',
  '--be-danger': '#ff6b6b',
  '--be-on-danger': '#2b0707',
  '--be-positive': '#4cd07d',
  '--be-warning': '#f5b454',
  '--be-divider': '#30333b',
  '--be-hover': '#2a2d34',
  '--be-focus': '#8ab4f8',
  '--be-navbar': '#17181c',
  '--be-on-navbar': '#eceef2',
  '--be-radius': '8px',
};

/**
 * Logos (SPEC §3 branding): `logo_dark` is the dark-coloured logo drawn on light themes,
 * `logo_light` the light-coloured one drawn on dark themes; `*_mobile` are the small variants.
 * Defaults point at images the web build ships under /images.
 */
export const DEFAULT_BRANDING = {
  logo_light: '/images/logo-light.svg',
  logo_dark: '/images/logo-dark.svg',
  logo_light_mobile: '/images/logo-mobile-light.svg',
  logo_dark_mobile: '/images/logo-mobile-dark.svg',
  favicon: '/favicon.svg',
} as const;

type Logos = Pick<
  Record<keyof typeof DEFAULT_BRANDING, string | null>,
  'logo_light' | 'logo_dark' | 'logo_light_mobile' | 'logo_dark_mobile'
>;

/**
 * The logos to draw: the full one, and the small one for narrow screens (null: the full one there
 * too). `light` is the light-coloured artwork (for dark backgrounds). The small variant is the
 * operator's own, or Zema's default only while the full logo is Zema's too: an operator who set a
 * logo but no small one sees their logo on phones, never Zema's "z".
 */
export function siteLogos(branding: Logos, light: boolean): { full: string; mobile: string | null } {
  const full = light ? branding.logo_light : branding.logo_dark;
  const mobile = light ? branding.logo_light_mobile : branding.logo_dark_mobile;
  const defaultFull = light ? DEFAULT_BRANDING.logo_light : DEFAULT_BRANDING.logo_dark;
  const defaultMobile = light ? DEFAULT_BRANDING.logo_light_mobile : DEFAULT_BRANDING.logo_dark_mobile;
  const ownFull = !!full && full !== defaultFull;
  return {
    full: full || defaultFull,
    mobile: !mobile || (mobile === defaultMobile && ownFull) ? null : mobile,
  };
}
