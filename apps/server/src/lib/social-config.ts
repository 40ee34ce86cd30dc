import type { SocialService } from '@zema/contracts';
import type { Env } from '#src/config';

/** The social-login part of the environment (its variables are described in config.ts). */
type SocialEnv = Pick<
  Env,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_OAUTH_BASE_URL'
  | 'GOOGLE_AUTH_URL'
  | 'GOOGLE_TOKEN_URL'
  | 'GOOGLE_USERINFO_URL'
  | 'FACEBOOK_CLIENT_ID'
  | 'FACEBOOK_CLIENT_SECRET'
  | 'TWITTER_CLIENT_ID'
  | 'TWITTER_CLIENT_SECRET'
  | 'ENVATO_CLIENT_ID'
  | 'ENVATO_CLIENT_SECRET'
>;

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
