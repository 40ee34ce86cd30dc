import { signerFactory } from '@fastify/cookie';
import { SOCIAL_SERVICES, type SocialService } from '@zema/contracts';
import { z } from 'zod';

/** State + PKCE and the pending profile live 10 minutes (RELIABILITY "OAuth"). */
export const SOCIAL_COOKIE_TTL_MS = 10 * 60 * 1000;
export const STATE_COOKIE = 'zema_social_state';
export const PENDING_COOKIE = 'zema_social_pending';
/** Both cookies are only sent to the social routes. */
export const SOCIAL_COOKIE_PATH = '/secure/auth/social';

// The key that signs the cookies lives in platform/app-key.ts (billing's sandbox signs with it too).
export { resolveAppKey } from '#src/platform/app-key';

const serviceSchema = z.enum(SOCIAL_SERVICES);

export const stateCookieSchema = z.object({
  service: serviceSchema,
  state: z.string().min(1),
  /** PKCE code verifier; null for providers without PKCE (Facebook, Envato). */
  verifier: z.string().nullable(),
  mode: z.enum(['login', 'connect']),
  /** The user who started a connect flow; the callback must come from the same user. */
  userId: z.number().int().nullable(),
  /** A workspace invitation the login was started from (a join page), joined once signed in. */
  inviteId: z.string().nullable().optional(),
  expiresAt: z.number(),
});
export type StateCookie = z.infer<typeof stateCookieSchema>;

export const pendingCookieSchema = z.object({
  service: serviceSchema,
  /** The existing account the profile may be linked to once its password is entered. */
  userId: z.number().int(),
  profile: z.object({
    id: z.string().min(1),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    name: z.string().nullable(),
    avatar: z.string().nullable(),
  }),
  /** Carried from the state cookie: joined once the password is entered. */
  inviteId: z.string().nullable().optional(),
  expiresAt: z.number(),
});
export type PendingCookie = z.infer<typeof pendingCookieSchema>;

export type SocialSigner = ReturnType<typeof createCookieCodec>;

/** JSON payloads in HMAC-signed cookie values (@fastify/cookie's signer); expiry is in the payload. */
export function createCookieCodec(secret: string) {
  const signer = signerFactory(secret);
  return {
    encode(payload: object): string {
      return signer.sign(Buffer.from(JSON.stringify(payload)).toString('base64url'));
    },
    /** The payload when the signature is valid, the shape matches and it has not expired. */
    decode<T extends { expiresAt: number }>(
      raw: string | undefined,
      schema: z.ZodType<T>,
      now = Date.now(),
    ): T | null {
      if (!raw) return null;
      const result = signer.unsign(raw);
      if (!result.valid || result.value === null) return null;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(result.value, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success || parsed.data.expiresAt <= now) return null;
      return parsed.data;
    },
  };
}

export const isSocialService = (s: string): s is SocialService => serviceSchema.safeParse(s).success;
