import type { SocialService } from '@zema/contracts';
import {
  CodeChallengeMethod,
  Facebook,
  generateCodeVerifier,
  OAuth2Client,
  OAuth2Tokens,
  Twitter,
} from 'arctic';
import type { GoogleApp, OAuthApp, SocialConfig } from '#src/lib/social-config';

/** What the app keeps of a provider account. */
export type ProviderProfile = {
  id: string;
  email: string | null;
  /** Only a verified address may mark the new user's email as verified or match an account. */
  emailVerified: boolean;
  name: string | null;
  avatar: string | null;
};

export type SocialProvider = {
  service: SocialService;
  /** null for providers that do not support PKCE. */
  createVerifier(): string | null;
  authorizationUrl(state: string, verifier: string | null): URL;
  exchange(code: string, verifier: string | null): Promise<OAuth2Tokens>;
  profile(tokens: OAuth2Tokens): Promise<ProviderProfile>;
};

/** A provider answered something unusable; the popup shows the generic error. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

const TIMEOUT_MS = 10_000;

async function getJson(url: string, accessToken?: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    headers: {
      accept: 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new ProviderError(`${new URL(url).host} answered ${res.status}`);
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null)
    throw new ProviderError(`${new URL(url).host}: not an object`);
  return body as Record<string, unknown>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const idOf = (v: unknown): string => {
  const id = typeof v === 'number' ? String(v) : str(v);
  if (!id) throw new ProviderError('the provider returned no account id');
  return id;
};

/**
 * Google through arctic's generic OAuth2Client rather than its Google class, whose URLs are fixed:
 * the endpoints come from configuration, so tests point them at a local OpenID server and the code
 * they exercise is the code production runs.
 */
function google(app: GoogleApp, redirectUri: string): SocialProvider {
  const client = new OAuth2Client(app.clientId, app.clientSecret, redirectUri);
  return {
    service: 'google',
    createVerifier: generateCodeVerifier,
    authorizationUrl(state, verifier) {
      const url = client.createAuthorizationURLWithPKCE(
        app.authUrl,
        state,
        CodeChallengeMethod.S256,
        verifier ?? '',
        ['openid', 'email', 'profile'],
      );
      url.searchParams.set('prompt', 'select_account');
      return url;
    },
    exchange: (code, verifier) => client.validateAuthorizationCode(app.tokenUrl, code, verifier),
    async profile(tokens) {
      const info = await getJson(app.userinfoUrl, tokens.accessToken());
      return {
        id: idOf(info.sub),
        email: str(info.email)?.toLowerCase() ?? null,
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        name: str(info.name),
        avatar: str(info.picture),
      };
    },
  };
}

function facebook(app: OAuthApp, redirectUri: string): SocialProvider {
  const client = new Facebook(app.clientId, app.clientSecret, redirectUri);
  return {
    service: 'facebook',
    createVerifier: () => null,
    authorizationUrl: (state) => client.createAuthorizationURL(state, ['email', 'public_profile']),
    exchange: (code) => client.validateAuthorizationCode(code),
    async profile(tokens) {
      const url = new URL('https://graph.facebook.com/v16.0/me');
      url.searchParams.set('fields', 'id,name,email,picture.type(large)');
      const me = await getJson(url.href, tokens.accessToken());
      const picture = (me.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
      // Facebook only hands out addresses its user has confirmed.
      const email = str(me.email)?.toLowerCase() ?? null;
      return {
        id: idOf(me.id),
        email,
        emailVerified: email !== null,
        name: str(me.name),
        avatar: str(picture),
      };
    },
  };
}

function twitter(app: OAuthApp, redirectUri: string): SocialProvider {
  const client = new Twitter(app.clientId, app.clientSecret, redirectUri);
  return {
    service: 'twitter',
    createVerifier: generateCodeVerifier,
    authorizationUrl: (state, verifier) =>
      client.createAuthorizationURL(state, verifier ?? '', ['users.read', 'tweet.read', 'users.email']),
    exchange: (code, verifier) => client.validateAuthorizationCode(code, verifier ?? ''),
    async profile(tokens) {
      const me = await getJson(
        'https://api.twitter.com/2/users/me?user.fields=profile_image_url,confirmed_email',
        tokens.accessToken(),
      );
      const data = (me.data ?? {}) as Record<string, unknown>;
      const email = str(data.confirmed_email)?.toLowerCase() ?? null;
      return {
        id: idOf(data.id),
        email,
        emailVerified: email !== null,
        name: str(data.username) ?? str(data.name),
        avatar: str(data.profile_image_url),
      };
    },
  };
}

const ENVATO = {
  authorize: 'https://api.envato.com/authorization',
  token: 'https://api.envato.com/token',
  api: 'https://api.envato.com/v1/market/private/user',
};

/** Envato is plain OAuth 2.0 without PKCE; its token endpoint wants the credentials in the body. */
function envato(app: OAuthApp, redirectUri: string): SocialProvider {
  const client = new OAuth2Client(app.clientId, app.clientSecret, redirectUri);
  return {
    service: 'envato',
    createVerifier: () => null,
    authorizationUrl: (state) => client.createAuthorizationURL(ENVATO.authorize, state, []),
    async exchange(code) {
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: app.clientId,
        client_secret: app.clientSecret,
        redirect_uri: redirectUri,
      });
      const res = await fetch(ENVATO.token, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const data: unknown = await res.json().catch(() => null);
      if (!res.ok || typeof data !== 'object' || data === null || !('access_token' in data)) {
        throw new ProviderError(`api.envato.com token answered ${res.status}`);
      }
      return new OAuth2Tokens(data);
    },
    async profile(tokens) {
      const token = tokens.accessToken();
      const [account, username, email] = await Promise.all([
        getJson(`${ENVATO.api}/account.json`, token),
        getJson(`${ENVATO.api}/username.json`, token),
        getJson(`${ENVATO.api}/email.json`, token),
      ]);
      const a = (account.account ?? {}) as Record<string, unknown>;
      const name = [str(a.firstname), str(a.surname)].filter(Boolean).join(' ');
      const address = str(email.email)?.toLowerCase() ?? null;
      return {
        // Envato accounts are known by their unique username.
        id: idOf(username.username),
        email: address,
        emailVerified: address !== null,
        name: str(username.username) ?? (name || null),
        avatar: str(a.image),
      };
    },
  };
}

/** The configured provider for `service`, or null when it is off. */
export function providerFor(
  config: SocialConfig,
  service: SocialService,
  appUrl: string,
): SocialProvider | null {
  const redirectUri = `${appUrl}/secure/auth/social/${service}/callback`;
  switch (service) {
    case 'google':
      return config.google && google(config.google, redirectUri);
    case 'facebook':
      return config.facebook && facebook(config.facebook, redirectUri);
    case 'twitter':
      return config.twitter && twitter(config.twitter, redirectUri);
    case 'envato':
      return config.envato && envato(config.envato, redirectUri);
  }
}
