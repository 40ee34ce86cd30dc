import { OAuth2Tokens } from 'arctic';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#src/config';
import { providerFor } from './social.providers';

// Facebook, Twitter and Envato have fixed public endpoints, so their calls are checked here against
// a scripted fetch (what is sent, and how each answer becomes a profile); Google runs the whole
// flow against a real local OpenID server in social.test.ts.

const APP_URL = 'https://music.example.com';
const config = loadConfig({
  FACEBOOK_CLIENT_ID: 'fb-id',
  FACEBOOK_CLIENT_SECRET: 'fb-secret',
  TWITTER_CLIENT_ID: 'tw-id',
  TWITTER_CLIENT_SECRET: 'tw-secret',
  ENVATO_CLIENT_ID: 'en-id',
  ENVATO_CLIENT_SECRET: 'en-secret',
}).social;

type Seen = { url: string; method: string; headers: Headers; body: string | null };
function scriptFetch(answers: Record<string, unknown>) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const url = new URL(req.url);
      seen.push({
        url: req.url,
        method: req.method,
        headers: req.headers,
        body: req.method === 'POST' ? await req.text() : null,
      });
      const key = `${url.origin}${url.pathname}`;
      if (!(key in answers)) return new Response('{}', { status: 404 });
      return Response.json(answers[key]);
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const tokens = new OAuth2Tokens({ access_token: 'provider-token', token_type: 'bearer' });

describe('Facebook', () => {
  const facebook = providerFor(config, 'facebook', APP_URL)!;

  it('asks for the email without PKCE and redirects back to its callback', () => {
    expect(facebook.createVerifier()).toBeNull();
    const url = facebook.authorizationUrl('st', null);
    expect(url.host).toBe('www.facebook.com');
    expect(url.searchParams.get('scope')).toBe('email public_profile');
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP_URL}/secure/auth/social/facebook/callback`);
    expect(url.searchParams.get('state')).toBe('st');
  });

  it('reads id, name, confirmed email and picture from the Graph API', async () => {
    const seen = scriptFetch({
      'https://graph.facebook.com/v16.0/me': {
        id: '1234',
        name: 'Abebe Bikila',
        email: 'Abebe@Example.com',
        picture: { data: { url: 'https://fb.example/p.jpg' } },
      },
    });
    expect(await facebook.profile(tokens)).toEqual({
      id: '1234',
      email: 'abebe@example.com',
      emailVerified: true,
      name: 'Abebe Bikila',
      avatar: 'https://fb.example/p.jpg',
    });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer provider-token');
    expect(new URL(seen[0]!.url).searchParams.get('fields')).toContain('email');
  });
});

describe('Twitter', () => {
  const twitter = providerFor(config, 'twitter', APP_URL)!;

  it('uses PKCE (S256) and asks for the email scope', () => {
    const verifier = twitter.createVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const url = twitter.authorizationUrl('st', verifier);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toContain('users.email');
  });

  it('maps users/me; without a confirmed email there is none', async () => {
    scriptFetch({
      'https://api.twitter.com/2/users/me': {
        data: {
          id: '99',
          name: 'Derartu',
          username: 'derartu',
          profile_image_url: 'https://x.example/a.png',
        },
      },
    });
    expect(await twitter.profile(tokens)).toEqual({
      id: '99',
      email: null,
      emailVerified: false,
      name: 'derartu',
      avatar: 'https://x.example/a.png',
    });
  });
});

describe('Envato', () => {
  const envato = providerFor(config, 'envato', APP_URL)!;

  it('authorizes at api.envato.com without PKCE', () => {
    expect(envato.createVerifier()).toBeNull();
    const url = envato.authorizationUrl('st', null);
    expect(`${url.origin}${url.pathname}`).toBe('https://api.envato.com/authorization');
    expect(url.searchParams.get('client_id')).toBe('en-id');
  });

  it('sends the client credentials in the token request body', async () => {
    const seen = scriptFetch({
      'https://api.envato.com/token': {
        access_token: 'envato-token',
        token_type: 'bearer',
        expires_in: 3600,
      },
    });
    const result = await envato.exchange('the-code', null);
    expect(result.accessToken()).toBe('envato-token');
    const body = new URLSearchParams(seen[0]!.body ?? '');
    expect(Object.fromEntries(body)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      client_id: 'en-id',
      client_secret: 'en-secret',
      redirect_uri: `${APP_URL}/secure/auth/social/envato/callback`,
    });
  });

  it('fails the exchange on an error answer', async () => {
    scriptFetch({});
    await expect(envato.exchange('bad', null)).rejects.toThrow(/token answered 404/);
  });

  it('builds the profile from account, username and email', async () => {
    scriptFetch({
      'https://api.envato.com/v1/market/private/user/account.json': {
        account: { firstname: 'Tirunesh', surname: 'Dibaba', image: 'https://envato.example/t.png' },
      },
      'https://api.envato.com/v1/market/private/user/username.json': { username: 'tirunesh' },
      'https://api.envato.com/v1/market/private/user/email.json': { email: 'T@Example.com' },
    });
    expect(await envato.profile(tokens)).toEqual({
      id: 'tirunesh',
      email: 't@example.com',
      emailVerified: true,
      name: 'tirunesh',
      avatar: 'https://envato.example/t.png',
    });
  });
});

it('is off for a provider without credentials', () => {
  expect(providerFor(loadConfig({}).social, 'google', APP_URL)).toBeNull();
});
