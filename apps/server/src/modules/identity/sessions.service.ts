import type { UserSession } from '@zema/contracts';
import { and, desc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { Caller } from '#src/lib/caller';
import { invalidInput } from '#src/lib/errors';
import { verifyPassword } from '#src/lib/password';
import { describeUserAgent } from '#src/lib/user-agent';
import { personalAccessTokens, sessions } from '#src/modules/identity/tables';
import { ACCOUNT_MESSAGES } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import type { GeoIp } from '#src/platform/geoip';

export { type DeviceInfo, describeUserAgent } from '#src/lib/user-agent';

/** Public id of a session: a prefix of its sha256 row id (which itself never yields the cookie). */
const publicId = (sessionId: string) => sessionId.slice(0, 24);

/**
 * The user's live browser sessions (most recently active first), then each personal access token
 * that has been used, as `token: true` entries (no address is recorded for token use).
 */
export async function listUserSessions(deps: Deps, geoip: GeoIp, caller: Caller): Promise<UserSession[]> {
  const userId = caller.user.id;
  const current = caller.sessionId;
  const rows = await deps.db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      lastActive: sessions.lastActive,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastActive));
  const browserSessions = await Promise.all(
    rows.map(async (row): Promise<UserSession> => {
      const place = await geoip.lookup(row.ip);
      return {
        id: publicId(row.id),
        ...describeUserAgent(row.userAgent),
        city: place.city,
        country: place.country,
        ip_address: row.ip,
        token: false,
        last_active: row.lastActive.toISOString(),
        is_current_device: row.id === current,
      };
    }),
  );
  const tokens = await deps.db
    .select({
      id: personalAccessTokens.id,
      name: personalAccessTokens.name,
      lastUsedAt: personalAccessTokens.lastUsedAt,
    })
    .from(personalAccessTokens)
    .where(and(eq(personalAccessTokens.userId, userId), isNotNull(personalAccessTokens.lastUsedAt)))
    .orderBy(desc(personalAccessTokens.lastUsedAt));
  const tokenSessions = tokens.map(
    (t): UserSession => ({
      id: `token-${t.id}`,
      device_type: 'computer',
      platform: null,
      browser: null,
      city: null,
      country: null,
      ip_address: null,
      token: true,
      token_name: t.name,
      last_active: t.lastUsedAt?.toISOString() ?? null,
      is_current_device: false,
    }),
  );
  return [...browserSessions, ...tokenSessions];
}

/**
 * Ends every other browser session of the user after checking the password — every time, not the
 * 9000 s confirmation (SPEC §4). Personal access tokens are managed on their own and stay.
 */
export async function logoutOtherSessions(deps: Deps, caller: Caller, password: string) {
  const userId = caller.user.id;
  const [row] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(row?.hash, password))) {
    throw invalidInput({ password: [ACCOUNT_MESSAGES.wrongPassword] });
  }
  const current = caller.sessionId;
  await deps.db
    .delete(sessions)
    .where(
      current ? and(eq(sessions.userId, userId), ne(sessions.id, current)) : eq(sessions.userId, userId),
    );
  await deps.events.emit('sessions.ended', { userId });
}
