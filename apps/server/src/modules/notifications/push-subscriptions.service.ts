import type { PushSubscriptionInfo } from '@zema/contracts';
import { msg } from '@zema/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import { describeUserAgentNames } from '#src/lib/user-agent';
import type { Deps } from '#src/platform/deps';
import { pushSubscriptions } from './notifications.tables';
import { acceptablePushEndpoint, vapidKeys } from './push';

/** The browsers that receive a user's push notifications (one row per browser, by endpoint). */

type Row = typeof pushSubscriptions.$inferSelect;

/** Browsers kept per user; subscribing one more drops the oldest. */
export const MAX_DEVICES = 20;

function toJson(row: Row, currentEndpoint?: string): PushSubscriptionInfo {
  return {
    id: row.id,
    device: row.device,
    service: new URL(row.endpoint).host,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    ...(currentEndpoint !== undefined ? { current: row.endpoint === currentEndpoint } : {}),
  };
}

/** "Chrome on Linux" (names only: an update does not make it another device). */
function deviceOf(userAgent: string | undefined): string {
  const d = describeUserAgentNames(userAgent);
  if (!d.browser && !d.platform) return 'Unknown browser';
  return `${d.browser ?? 'A browser'} on ${d.platform ?? 'an unknown system'}`.slice(0, 100);
}

export async function publicKey(deps: Pick<Deps, 'db' | 'config'>) {
  return { public_key: (await vapidKeys(deps)).publicKey };
}

export async function listPushSubscriptions(deps: Pick<Deps, 'db'>, userId: number, endpoint?: string) {
  const rows = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return { subscriptions: rows.map((r) => toJson(r, endpoint ?? '')) };
}

/**
 * Stores this browser's subscription. An endpoint is one browser profile: subscribing again
 * updates its keys, and when another account signed in on that browser subscribed it before,
 * it moves to the caller (a browser shows one person's notifications).
 */
export async function createPushSubscription(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: number,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
  userAgent: string | undefined,
) {
  if (!acceptablePushEndpoint(input.endpoint, deps.config.appUrl)) {
    throw invalidInput({ endpoint: [msg('The push service address must use https.')] });
  }
  const device = deviceOf(userAgent);
  const [row] = await deps.db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, device })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device,
        backoffUntil: null,
        createdAt: new Date(),
      },
    })
    .returning();
  // Browsers come and go (a reinstall, a cleared profile) without unsubscribing: keep the newest
  // MAX_DEVICES, so one account never fans a notification out to an unbounded list.
  const stale = await deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .offset(MAX_DEVICES);
  if (stale.length) {
    await deps.db.delete(pushSubscriptions).where(
      inArray(
        pushSubscriptions.id,
        stale.map((r) => r.id),
      ),
    );
  }
  return { subscription: toJson(row!, input.endpoint) };
}

/** Removes one of the caller's browsers; another user's is answered like a missing one (404). */
export async function deletePushSubscription(deps: Pick<Deps, 'db'>, userId: number, id: number) {
  const deleted = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (!deleted.length) throw new NotFoundError();
}
