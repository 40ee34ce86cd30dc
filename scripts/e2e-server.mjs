// The server the browser tests run against: `npm start` on a fresh, throwaway DATA_DIR, in debug
// mode so the error dialog can be exercised with a real debug payload.
//
// Before it, a local OpenID provider (oauth2-mock-server) starts on E2E_OAUTH_PORT and Google login
// is pointed at it, so the social popup runs the whole OAuth code flow (state, PKCE, token,
// userinfo) without the internet. The provider approves at once; which account it signs in is
// chosen per browser context by the cookie `zema_e2e_identity` (an email address) set for its
// origin, so parallel tests each get their own provider account.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { root } from './lib.mjs';

// One data directory per port: a second server started beside a running suite (another port)
// never wipes the first one's database and mail.
const dataDir = join(root, `e2e/.artifacts/data-${process.env.PORT ?? 8181}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.APP_DEBUG ??= 'true';
process.env.ADMIN_EMAIL ??= 'admin@zema.test';
process.env.ADMIN_PASSWORD ??= 'e2e-admin-password';
// Every spec signs up its own accounts, all from 127.0.0.1 on zema.test; the server tests cover
// the sign-up limits themselves.
process.env.REGISTRATION_LIMIT_PER_IP ??= '0';
process.env.REGISTRATION_LIMIT_PER_DOMAIN ??= '0';
// The billing spec moves the subscriptions clock past a period's end (decision 0040).
process.env.E2E_CLOCK_CONTROL ??= 'true';
// The radio spec's Icecast runs on this machine: stations may point at loopback here.
process.env.RADIO_ALLOW_PRIVATE_HOSTS ??= 'true';
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

const IDENTITY_COOKIE = 'zema_e2e_identity';
const DEFAULT_IDENTITY = 'e2e-social@zema.test';
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 8190);
const provider = new OAuth2Server();
await provider.issuer.keys.generate('RS256');
/** Authorization code → the email of the account the browser chose. */
const identities = new Map();

function cookieValue(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

provider.service.on('beforeAuthorizeRedirect', ({ url }, req) => {
  const code = url.searchParams.get('code');
  if (code) identities.set(code, cookieValue(req.headers.cookie, IDENTITY_COOKIE) ?? DEFAULT_IDENTITY);
});
provider.service.on('beforeTokenSigning', (token, req) => {
  const code = req.body?.code;
  if (typeof code === 'string' && identities.has(code)) token.payload.email = identities.get(code);
});
provider.service.on('beforeUserinfo', (response, req) => {
  const bearer = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  let email = DEFAULT_IDENTITY;
  try {
    email = JSON.parse(Buffer.from(bearer.split('.')[1] ?? '', 'base64url').toString()).email ?? email;
  } catch {}
  const local = email.split('@')[0];
  response.body = {
    sub: `mock-${email}`,
    email,
    email_verified: true,
    name: `Social ${local}`,
    picture: null,
  };
});
// Left alone, the issuer calls itself localhost; the identity cookie is set for 127.0.0.1.
provider.issuer.url = `http://127.0.0.1:${oauthPort}`;
await provider.start(oauthPort, '127.0.0.1');

process.env.GOOGLE_CLIENT_ID ??= 'zema-e2e';
process.env.GOOGLE_CLIENT_SECRET ??= 'zema-e2e-secret';
process.env.GOOGLE_OAUTH_BASE_URL ??= provider.issuer.url;

await import('./start.mjs');
