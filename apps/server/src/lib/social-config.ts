import type { SocialService } from '@zema/contracts';
import { z } from 'zod';

/**
 * Environment of social login (merged into the server's env schema by config.ts):
 *
 * - GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET      Google OAuth app; both set = Google login on
 * - GOOGLE_OAUTH_BASE_URL  base of an OpenID provider laid out like oauth2-mock-server
 *                          (BASE/authorize, BASE/token, BASE/userinfo) instead of Google's URLs
 * - GOOGLE_AUTH_URL / GOOGLE_TOKEN_URL / GOOGLE_USERINFO_URL  each endpoint on its own (wins over the base)
 * - FACEBOOK_CLIENT_ID / FACEBOOK_CLIENT_SECRET  Facebook app
 * - TWITTER_CLIENT_ID / TWITTER_CLIENT_SECRET    X/Twitter OAuth 2.0 app
 * - ENVATO_CLIENT_ID / ENVATO_CLIENT_SECRET      Envato API app
 * - APP_KEY               secret that signs the short-lived OAuth cookies (at least 32 characters);
 *                         unset = one generated once and kept in DATA_DIR/app-key. Several instances
 *                         behind one load balancer must share it.
 */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const optionalUrl = optionalString.pipe(z.url().optional());

export const socialEnvShape = {
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_OAUTH_BASE_URL: optionalUrl,
  GOOGLE_AUTH_URL: optionalUrl,
  GOOGLE_TOKEN_URL: optionalUrl,
  GOOGLE_USERINFO_URL: optionalUrl,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  TWITTER_CLIENT_ID: optionalString,
  TWITTER_CLIENT_SECRET: optionalString,
  ENVATO_CLIENT_ID: optionalString,
  ENVATO_CLIENT_SECRET: optionalString,
  APP_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
};

type SocialEnv = z.infer<z.ZodObject<typeof socialEnvShape>>;

export type OAuthApp = { clientId: string; clientSecret: string };
export type GoogleApp = OAuthApp & { authUrl: string; tokenUrl: string; userinfoUrl: string };

export type SocialConfig = {
  google: GoogleApp | null;
  facebook: OAuthApp | null;
  twitter: OAuthApp | null;
  envato: OAuthApp | null;
};

const GOOGLE_ENDPOINTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
};

const app = (id: string | undefined, secret: string | undefined): OAuthApp | null =>
  id && secret ? { clientId: id, clientSecret: secret } : null;

/** A provider is on exactly when both its client id and secret are configured. */
export function socialConfigFrom(e: SocialEnv): SocialConfig {
  const google = app(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  const base = e.GOOGLE_OAUTH_BASE_URL?.replace(/\/+$/, '');
  return {
    google: google && {
      ...google,
      authUrl: e.GOOGLE_AUTH_URL ?? (base ? `${base}/authorize` : GOOGLE_ENDPOINTS.authUrl),
      tokenUrl: e.GOOGLE_TOKEN_URL ?? (base ? `${base}/token` : GOOGLE_ENDPOINTS.tokenUrl),
      userinfoUrl: e.GOOGLE_USERINFO_URL ?? (base ? `${base}/userinfo` : GOOGLE_ENDPOINTS.userinfoUrl),
    },
    facebook: app(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
    twitter: app(e.TWITTER_CLIENT_ID, e.TWITTER_CLIENT_SECRET),
    envato: app(e.ENVATO_CLIENT_ID, e.ENVATO_CLIENT_SECRET),
  };
}

export function enabledSocialServices(config: SocialConfig): Record<SocialService, { enable: boolean }> {
  return {
    google: { enable: config.google !== null },
    facebook: { enable: config.facebook !== null },
    twitter: { enable: config.twitter !== null },
    envato: { enable: config.envato !== null },
  };
}
