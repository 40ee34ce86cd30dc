import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { describeUserAgent, deviceKey } from '#src/lib/user-agent';
import { sessions, userDevices } from '#src/modules/identity/tables';
import type { MailService } from '#src/modules/mail/index';
import { users } from '#src/modules/users/tables';

/**
 * Records the device of a sign-in. True when it is new AND the user had signed in from another
 * device before: the first device of an account (registration, or the first login of an account
 * made by an admin) is never news. Accounts older than this table count the devices of their live
 * sessions as known. Call it after the sign-in's session was created. Of two concurrent first sign-ins from one device, the primary key lets one
 * insert win, so one mail at most.
 */
export async function recordSignInDevice(
  db: Database,
  userId: number,
  userAgent: string | null | undefined,
): Promise<boolean> {
  const key = deviceKey(userAgent);
  const now = new Date();
  const inserted = await db
    .insert(userDevices)
    .values({ userId, deviceKey: key, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ key: userDevices.deviceKey });
  if (!inserted.length) {
    await db
      .update(userDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceKey, key)));
    return false;
  }
  const others = await db
    .select({ key: userDevices.deviceKey })
    .from(userDevices)
    .where(and(eq(userDevices.userId, userId), ne(userDevices.deviceKey, key)))
    .limit(1);
  if (others.length) return true;

  // No other device recorded: the user's live sessions (from before devices were recorded) tell.
  // The session of this sign-in exists already, so a second one with the same key is a known device.
  const live = await db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const liveKeys = live.map((s) => deviceKey(s.userAgent));
  const otherKeys = [...new Set(liveKeys.filter((k) => k !== key))];
  if (!otherKeys.length) return false;
  await db
    .insert(userDevices)
    .values(otherKeys.map((k) => ({ userId, deviceKey: k, firstSeenAt: now, lastSeenAt: now })))
    .onConflictDoNothing();
  return liveKeys.filter((k) => k === key).length < 2;
}

export type SignInNoticeDeps = {
  db: Database;
  mail: Pick<MailService, 'sendNewDevice'>;
  log: FastifyBaseLogger;
};

/**
 * After a session was started (password, two-factor or social login): mails the account's owner
 * when the device is new. Bookkeeping trouble is logged, never turned into a failed login.
 */
export async function noticeSignIn(
  deps: SignInNoticeDeps,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null },
): Promise<void> {
  try {
    if (!(await recordSignInDevice(deps.db, userId, meta.userAgent))) return;
    const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    deps.mail.sendNewDevice(user.email, {
      device: describeUserAgent(meta.userAgent),
      ip: meta.ip ?? null,
      at: new Date(),
    });
  } catch (err) {
    deps.log.error({ err, userId }, 'sign-in device not recorded');
  }
}
