import {
  type BootstrapData,
  type ClientSettings,
  DEFAULT_BRANDING,
  DEFAULT_DARK_THEME_VALUES,
  DEFAULT_LIGHT_THEME_VALUES,
  DEFAULT_UPLOAD_SETTINGS,
  type Theme,
  type User,
} from '@zema/contracts';

/** Test factories for bootstrap data: a complete default, overridden per test. */

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends (infer U)[] ? U[] : T[K] extends object ? DeepPartial<T[K]> : T[K];
};

function merge<T>(base: T, patch: DeepPartial<T> | undefined): T {
  if (!patch) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    const b = (base as Record<string, unknown>)[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' && !Array.isArray(b)
        ? merge(b, v as DeepPartial<typeof b>)
        : v;
  }
  return out as T;
}

export const lightTheme: Theme = {
  id: 1,
  name: 'Light',
  values: { ...DEFAULT_LIGHT_THEME_VALUES },
  is_dark: false,
  default_light: true,
  default_dark: false,
};

export const darkTheme: Theme = {
  id: 2,
  name: 'Dark',
  values: { ...DEFAULT_DARK_THEME_VALUES },
  is_dark: true,
  default_light: false,
  default_dark: true,
};

export function makeSettings(patch?: DeepPartial<ClientSettings>): ClientSettings {
  const base: ClientSettings = {
    site_name: 'Zema',
    base_url: 'http://localhost:3000',
    demo: false,
    debug: false,
    dates: { default_timezone: 'Africa/Addis_Ababa', format: 'medium' },
    themes: { user_change: true, default_id: null },
    cookie_notice: { enable: false, position: 'bottom', text: null, button: null },
    billing: { enable: false },
    uploads: { ...DEFAULT_UPLOAD_SETTINGS, max_size: { ...DEFAULT_UPLOAD_SETTINGS.max_size } },
    notifications: { integrated: false },
    notif: { subs: { integrated: false } },
    branding: { ...DEFAULT_BRANDING },
    registration: { disable: false, policies: [] },
    require_email_confirmation: false,
    social: {
      google: { enable: false },
      facebook: { enable: false },
      twitter: { enable: false },
      envato: { enable: false },
    },
    human_verification: { provider: null, site_key: null, register: false, contact: false },
    demo_credentials: null,
    i18n: { enable: false, default_locale: 'en' },
    api: { integrated: true },
    homepage: { type: 'landing', value: null },
    player: { default_volume: 100, count_play_after_seconds: 30, hide_queue: false },
    ads: {
      general_top: null,
      general_bottom: null,
      artist_top: null,
      artist_bottom: null,
      album_above: null,
    },
    landing: {
      headerTitle: 'Music that moves with you',
      headerSubtitle: 'Stream artists and albums.',
      headerImage: null,
      headerImageOpacity: 0.6,
      headerOverlayColor1: null,
      headerOverlayColor2: null,
      actions: {
        cta1: { label: 'Get started', action: '/register', type: 'route' },
        cta2: { label: 'Explore', action: '/discover', type: 'route' },
        cta3: { label: 'Create account', action: '/register', type: 'route' },
      },
      primaryFeatures: [{ image: null, title: 'Listen without limits', subtitle: 'Full albums.' }],
      secondaryFeatures: [
        { image: null, title: 'Live radio, always on', subtitle: 'Press play', description: 'Non-stop mix.' },
      ],
      pricingTitle: 'Pricing',
      pricingSubtitle: 'Plans',
      footerImage: null,
      footerTitle: 'Ready to press play?',
      footerSubtitle: 'Create a free account.',
      showTrendingArtists: true,
      showPricing: true,
    },
  };
  return merge(base, patch);
}

export function makeUser(patch: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'abebe@example.com',
    email_verified_at: '2024-01-01T00:00:00Z',
    first_name: 'Abebe',
    last_name: 'Bikila',
    display_name: 'Abebe Bikila',
    avatar: null,
    language: 'en',
    country: null,
    timezone: null,
    unread_notifications_count: 0,
    roles: [{ id: 2, name: 'Users', slug: 'users' }],
    permissions: [{ id: 1, name: 'music.view', restrictions: [] }],
    subscriptions: [],
    social_profiles: [],
    two_factor_confirmed_at: null,
    created_at: '2024-01-01T00:00:00Z',
    ...patch,
  };
}

export function makeBootstrap(
  patch: Omit<Partial<BootstrapData>, 'settings'> & { settings?: DeepPartial<ClientSettings> } = {},
): BootstrapData {
  const { settings, ...rest } = patch;
  return {
    user: null,
    guest_role: {
      id: 1,
      name: 'Guest',
      slug: 'guest',
      permissions: [{ id: 1, name: 'music.view', restrictions: [] }],
    },
    settings: makeSettings(settings),
    themes: { all: [lightTheme, darkTheme], selectedThemeId: 1 },
    menus: [],
    i18n: { locale: { id: 1, name: 'English', language: 'en' }, lines: {} },
    workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }],
    ...rest,
  };
}
