import {
  type ClientSettings,
  DEFAULT_BRANDING,
  DEFAULT_UPLOAD_SETTINGS,
  type LandingAppearance,
  msg,
  PLAY_COUNT_AFTER_SECONDS,
} from '@zema/contracts';
import type { Config } from '#src/config';
import { readAdminCredentials } from '#src/db/seed';
import { enabledSocialServices } from '#src/lib/social-config';

/**
 * The landing page of a fresh install. Its words are stored in English as catalogue sources
 * (`msg()`): a reader sees them in their language until the admin rewrites them (web
 * lib/stored-text.ts, the first paint and the share tags).
 */
export const DEFAULT_LANDING: LandingAppearance = {
  headerTitle: msg('Music that moves with you'),
  headerSubtitle: msg(
    'Stream artists, albums and trending tracks, build your library and take it everywhere. Free to start, no ads on your favourite songs.',
  ),
  headerImage: '/images/landing/header.jpg',
  headerImageOpacity: 0.6,
  headerOverlayColor1: 'rgba(11,122,91,0.85)',
  headerOverlayColor2: 'rgba(18,19,22,0.9)',
  actions: {
    cta1: { label: msg('Get started'), action: '/register', type: 'route' },
    cta2: { label: msg('Explore'), action: '/discover', type: 'route' },
    cta3: { label: msg('Create account'), action: '/register', type: 'route' },
  },
  primaryFeatures: [
    {
      image: '/images/landing/feature-listen.svg',
      title: msg('Listen without limits'),
      subtitle: msg(
        'Full albums and singles from local and international artists, ready to play in one tap.',
      ),
    },
    {
      image: '/images/landing/feature-discover.svg',
      title: msg('Discover what is trending'),
      subtitle: msg('Fresh charts and rising artists every week, picked from what listeners play most.'),
    },
    {
      image: '/images/landing/feature-library.svg',
      title: msg('Your library, your way'),
      subtitle: msg('Like tracks, follow artists and keep playlists in sync on every device you use.'),
    },
  ],
  secondaryFeatures: [
    {
      image: '/images/landing/secondary-artists.jpg',
      title: msg('For listeners and artists'),
      subtitle: msg('Backstage for creators'),
      description: msg(
        'Artists get a backstage to publish releases, update their profile and see how their music is doing, while listeners follow along.',
      ),
    },
    {
      image: '/images/landing/secondary-radio.jpg',
      title: msg('Live radio, always on'),
      subtitle: msg('Press play and let it run'),
      description: msg(
        'Tune in to the live station for a non-stop mix with the current track and artist shown as it plays.',
      ),
    },
  ],
  pricingTitle: msg('Simple, transparent pricing'),
  pricingSubtitle: msg('Choose the plan that fits how you listen. Pay in Ethiopian Birr or US Dollars.'),
  footerImage: '/images/landing/footer.jpg',
  footerTitle: msg('Ready to press play?'),
  footerSubtitle: msg('Create a free account in seconds and start listening today.'),
  showTrendingArtists: true,
  showPricing: true,
};

/**
 * The demo admin's login for the prefilled form: ADMIN_PASSWORD, or the generated password from
 * the credentials file (read on each settings load, so it is there right after the first seed).
 */
function demoCredentials(config: Config) {
  if (config.adminPassword) return { email: config.adminEmail, password: config.adminPassword };
  const generated = readAdminCredentials(config);
  return { email: generated?.email ?? config.adminEmail, password: generated?.password ?? '' };
}

/** Every key of the client settings has a value here, so a fresh install is complete. */
export function defaultClientSettings(config: Config): ClientSettings {
  return {
    site_name: 'Zema',
    base_url: config.appUrl,
    demo: config.demo,
    debug: config.debug,
    dates: { default_timezone: 'Africa/Addis_Ababa', format: 'medium' },
    themes: { user_change: true, default_id: null },
    cookie_notice: {
      enable: true,
      position: 'bottom',
      text: null,
      button: {
        id: 'cookie-notice-learn-more',
        // A link's text says where it goes (search engines and screen readers list links alone).
        label: msg('Privacy policy'),
        type: 'route',
        action: '/pages/privacy-policy',
        target: null,
      },
    },
    // A fresh install sells plans at once (decision 0039): three example plans and the sandbox gateway
    // without keys, so the whole flow can be tried; the admin turns it off or adds gateway keys.
    billing: { enable: true },
    uploads: {
      ...DEFAULT_UPLOAD_SETTINGS,
      max_size: { ...DEFAULT_UPLOAD_SETTINGS.max_size },
      // The storage driver in use: S3_BUCKET decides it (env-owned below), never a stored row.
      disk: config.s3 ? 's3' : 'local',
    },
    notifications: { integrated: true },
    notif: { subs: { integrated: true } },
    branding: { ...DEFAULT_BRANDING },
    registration: { disable: false, policies: [] },
    require_email_confirmation: true,
    // On exactly when the provider's client id and secret are configured (env-owned below; the
    // settings service recomputes it with the credentials an admin stored).
    social: enabledSocialServices(config.social),
    human_verification: { provider: null, site_key: null, register: false, contact: false },
    demo_credentials: config.demo ? demoCredentials(config) : null,
    // On: Amharic is seeded next to English, and a user's language choice must show at once.
    i18n: { enable: true, default_locale: 'en' },
    api: { integrated: true },
    homepage: { type: 'landing', value: null },
    ads: {
      general_top: null,
      general_bottom: null,
      artist_top: null,
      artist_bottom: null,
      album_above: null,
    },
    landing: DEFAULT_LANDING,
    player: { default_volume: 100, count_play_after_seconds: PLAY_COUNT_AFTER_SECONDS, hide_queue: false },
  };
}

/**
 * Keys (dotted paths) whose value always comes from the environment; stored rows cannot override
 * them, and writing them (or a key below them) is refused.
 */
export const ENV_OWNED_SETTINGS = [
  'base_url',
  'demo',
  'debug',
  'demo_credentials',
  'social',
  'uploads.disk',
] as const;
