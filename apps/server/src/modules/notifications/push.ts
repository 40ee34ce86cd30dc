import type { NotificationData } from '@zema/contracts';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '#src/db/client';
import type { Deps } from '#src/platform/deps';
import { pushSubscriptions, pushVapidKeys } from './notifications.tables';
import { actionUrl, plainLines } from './render';

/**
 * Browser push (PROTOCOLS.md): each message is encrypted for the subscription (RFC 8291,
 * aes128gcm) and signed with the install's VAPID key (RFC 8292) by the `web-push` package, and
 * posted with fetch, so a slow push service is cut off after PUSH_TIMEOUT_MS. A push never fails
 * the write that caused it: failures are logged; 404/410 (the browser unsubscribed) delete the
 * subscription; 429 holds that subscription back for the Retry-After the service asked for.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for an offline browser. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Without a Retry-After, a 429 holds the subscription back this long. */
const DEFAULT_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Push services accept 4 KB of payload; the encryption adds about 100 bytes. */
const MAX_PAYLOAD_BYTES = 3_800;

const keyCache = new WeakMap<Database, Promise<VapidKeys>>();

/** The environment's VAPID pair, else the one stored for this install, generated at first use. */
export function vapidKeys(deps: Pick<Deps, 'db' | 'config'>): Promise<VapidKeys> {
  if (deps.config.vapid) return Promise.resolve(deps.config.vapid);
  let keys = keyCache.get(deps.db);
  if (!keys) {
    keys = loadOrCreateKeys(deps.db);
    keyCache.set(deps.db, keys);
    keys.catch(() => keyCache.delete(deps.db));
  }
  return keys;
}

async function loadOrCreateKeys(db: Database): Promise<VapidKeys> {
  const read = async () =>
    (await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1)))[0] as VapidKeys | undefined;
  const stored = await read();
  if (stored) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  const fresh = webpush.generateVAPIDKeys();
  // Two instances starting together: the first insert wins and both read the same pair.
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...fresh })
    .onConflictDoNothing();
  const row = await read();
  if (!row) throw new Error('the VAPID keys could not be stored');
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}

export type PushPayload = {
  id: number;
  /** A later message with the same tag replaces the earlier one on the device. */
  tag: string;
  title: string;
  body: string;
  icon: string | null;
  image: string | null;
  url: string;
  actions: { action: string; title: string; url: string }[];
};

/** The push message of a rendered notification (what the service worker shows). */
export function pushPayload(
  id: number,
  data: NotificationData,
  site: { name: string; baseUrl: string; icon: string | null },
): PushPayload {
  const [title = site.name, ...rest] = plainLines(data);
  const payload: PushPayload = {
    id,
    tag: `notification-${id}`,
    title,
    body: rest.join('\n'),
    icon: site.icon,
    image: data.image ?? null,
    url: actionUrl(site.baseUrl, data.mainAction?.action),
    actions: (data.buttonActions ?? []).map((b) => ({
      action: b.action,
      title: b.label,
      url: actionUrl(site.baseUrl, b.action),
    })),
  };
  // Long text (a grouped notification, a long denial reason) is cut to fit the push limit.
  while (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES && payload.body.length > 0) {
    payload.body = payload.body.slice(0, Math.floor(payload.body.length * 0.8));
  }
  if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES) {
    payload.title = payload.title.slice(0, 200);
    payload.image = null;
  }
  return payload;
}

/**
 * Real push services speak https. Plain http is accepted only for a push service on this machine
 * while the site itself runs on plain http (development, tests): a production site never posts to
 * an http address a user registered.
 */
export function acceptablePushEndpoint(endpoint: string, appUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return (
    url.protocol === 'http:' &&
    appUrl.startsWith('http:') &&
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  );
}

function retryAfterMs(header: string | null, now: number): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_BACKOFF_MS);
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.min(Math.max(at - now, 0), MAX_BACKOFF_MS);
  }
  return DEFAULT_BACKOFF_MS;
}

export type PushOutcome = { sent: number; removed: number; throttled: number; failed: number };

/** Sends each user's payload to every browser they subscribed (except those backing off). */
export async function sendPushes(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  payloads: ReadonlyMap<number, PushPayload>,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, throttled: 0, failed: 0 };
  if (!payloads.size) return outcome;
  const now = new Date();
  const subs = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(
      and(
        inArray(pushSubscriptions.userId, [...payloads.keys()]),
        or(isNull(pushSubscriptions.backoffUntil), lt(pushSubscriptions.backoffUntil, now)),
      ),
    );
  if (!subs.length) return outcome;
  const keys = await vapidKeys(deps);
  await Promise.all(
    subs.map(async (sub) => {
      const payload = payloads.get(sub.userId);
      if (!payload || !acceptablePushEndpoint(sub.endpoint, deps.config.appUrl)) return;
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: deps.config.vapidSubject, ...keys },
            contentEncoding: 'aes128gcm',
            TTL: PUSH_TTL_SECONDS,
            urgency: 'normal',
          },
        );
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          redirect: 'error',
        });
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) {
          await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
          outcome.removed++;
        } else if (res.status === 429) {
          const wait = retryAfterMs(res.headers.get('retry-after'), Date.now());
          await deps.db
            .update(pushSubscriptions)
            .set({ backoffUntil: sql`now() + make_interval(secs => ${wait / 1000})` })
            .where(eq(pushSubscriptions.id, sub.id));
          outcome.throttled++;
        } else if (res.ok) {
          await deps.db
            .update(pushSubscriptions)
            .set({ lastUsedAt: new Date(), backoffUntil: null })
            .where(eq(pushSubscriptions.id, sub.id));
          outcome.sent++;
        } else {
          outcome.failed++;
          deps.log.warn({ status: res.status, subscription: sub.id }, 'push service refused a notification');
        }
      } catch (err) {
        outcome.failed++;
        // The endpoint URL is a capability: log the subscription's id, never the URL or keys.
        deps.log.warn(
          { subscription: sub.id, error: (err as Error)?.name ?? 'Error' },
          'push notification could not be sent',
        );
      }
    }),
  );
  return outcome;
}
