import type { SocialService } from '@zema/contracts';

/** The social-login part of the environment (its variables are described in config.ts, which calls this). */
type SocialEnv = Partial<
  Record<
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
    | 'ENVATO_CLIENT_SECRET',
    string | undefined
  >
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

export type GoogleEndpoints = Pick<GoogleApp, 'authUrl' | 'tokenUrl' | 'userinfoUrl'>;

/** Google's endpoints, or those of another OpenID provider the environment names. */
export function googleEndpointsFrom(e: SocialEnv): GoogleEndpoints {
  const base = e.GOOGLE_OAUTH_BASE_URL?.replace(/\/+$/, '');
  return {
    authUrl: e.GOOGLE_AUTH_URL ?? (base ? `${base}/authorize` : GOOGLE_ENDPOINTS.authUrl),
    tokenUrl: e.GOOGLE_TOKEN_URL ?? (base ? `${base}/token` : GOOGLE_ENDPOINTS.tokenUrl),
    userinfoUrl: e.GOOGLE_USERINFO_URL ?? (base ? `${base}/userinfo` : GOOGLE_ENDPOINTS.userinfoUrl),
  };
}

/** A provider is on exactly when both its client id and secret are configured. */
export function socialConfigFrom(e: SocialEnv): SocialConfig {
  const google = app(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  return {
    google: google && { ...google, ...googleEndpointsFrom(e) },
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

const storedString = (stored: Readonly<Record<string, unknown>>, key: string) => {
  const value = stored[key];
  return typeof value === 'string' && value ? value : undefined;
};

/**
 * The apps in effect: a provider whose id and secret are both in the environment uses those (the
 * environment wins, so a deployment can pin them); otherwise the pair an admin stored in the
 * server-only settings (`server.social.<service>.client_id` / `client_secret`), if both are there.
 */
export function effectiveSocialConfig(
  config: { social: SocialConfig; googleEndpoints: GoogleEndpoints },
  stored: Readonly<Record<string, unknown>>,
): SocialConfig {
  const fromStore = (service: SocialService) =>
    app(
      storedString(stored, `server.social.${service}.client_id`),
      storedString(stored, `server.social.${service}.client_secret`),
    );
  const google = fromStore('google');
  return {
    google: config.social.google ?? (google && { ...google, ...config.googleEndpoints }),
    facebook: config.social.facebook ?? fromStore('facebook'),
    twitter: config.social.twitter ?? fromStore('twitter'),
    envato: config.social.envato ?? fromStore('envato'),
  };
}
