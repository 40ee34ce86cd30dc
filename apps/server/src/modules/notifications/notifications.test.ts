// Both drivers: live events, and batched mail claimed with for update skip locked.
import { randomBytes } from 'node:crypto';
import {
  type Notification,
  notificationSchema,
  notificationSubscriptionSettingsSchema,
  pushSubscriptionSchema,
} from '@zema/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist } from '#src/modules/catalogue/index';
import { localizations } from '#src/modules/localization/tables';
import { BOOTSTRAP_CACHE_KEYS } from '#src/modules/site/index';
import { users } from '#src/modules/users/tables';
import { adminUserId, type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { outboxFor } from '#test/mail';
import { browserKeys, decryptAes128gcm, startPushService, verifyVapid } from '#test/push-service';
import { EMAIL_BATCH_DELAY_MS, sendPendingNotificationMails } from './email';
import { notifyNewRelease, RELEASE_FANOUT_BATCH } from './listeners';
import { type NotificationInput, notify } from './notifications.service';
import { notifications, pushSubscriptions } from './notifications.tables';
import { acceptablePushEndpoint } from './push';
import { MAX_DEVICES } from './push-subscriptions.service';

const t = useApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (
  actor: Client,
  method: Method,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) =>
  request(t.app, actor, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(headers ? { headers } : {}),
  });

const unique = () => randomBytes(4).toString('hex');

async function newUser(input: { language?: string } = {}) {
  const user = await createUser(t.db, { email: `n-${unique()}@d${unique()}.example.test`, ...input });
  return { ...user, client: await sessionFor(t.db, user.id) };
}

const followed = (followerId: number, name = 'Selam'): NotificationInput => ({
  type: 'user.followed',
  params: { followerId, followerName: name, followerAvatar: null },
});

/** The notifications of `user` as the list call gives them, newest first. */
async function listOf(client: Client, query = '') {
  const res = await api(client, 'GET', `/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination as {
    data: Notification[];
    total: number;
    per_page: number;
    next_page: number | null;
  };
}

/** Collects a user's live events (what the SSE stream would write out). */
async function liveEventsOf(userId: number) {
  const got: { name: string; data: unknown }[] = [];
  const waiting: (() => void)[] = [];
  const unsubscribe = await t.deps.live.subscribe(userId, (m) => {
    got.push(m);
    for (const w of waiting.splice(0)) w();
  });
  return {
    got,
    /** Resolves once `n` events arrived. */
    async count(n: number) {
      while (got.length < n) await new Promise<void>((resolve) => waiting.push(resolve));
      return got;
    },
    unsubscribe,
  };
}

describe('the list, read state and deletion', () => {
  it('lists newest first in pages of 30, counts unread, marks, marks all and deletes — own rows only', async () => {
    const me = await newUser();
    const other = await newUser();
    for (let i = 0; i < 32; i++) await notify(t.deps, [me.id], followed(other.id, `Follower ${i}`));
    const [theirs] = await notify(t.deps, [other.id], followed(me.id));

    const first = await listOf(me.client);
    expect(first.per_page).toBe(30);
    expect(first.data).toHaveLength(30);
    expect(first.total).toBe(32);
    expect(first.next_page).toBe(2);
    for (const n of first.data) notificationSchema.parse(n);
    expect(first.data[0]!.data.lines[0]!.content).toBe('Follower 31 followed you');
    expect((await listOf(me.client, '?page=2')).data.map((n) => n.data.lines[0]!.content)).toEqual([
      'Follower 1 followed you',
      'Follower 0 followed you',
    ]);

    const boot = await api(me.client, 'GET', '/bootstrap-data');
    expect(boot.json().bootstrapData.user.unread_notifications_count).toBe(32);

    const ids = first.data.slice(0, 2).map((n) => n.id);
    const live = await liveEventsOf(me.id);
    // Someone else's id in the list is ignored, not marked.
    const marked = await api(me.client, 'POST', '/notifications/mark-as-read', { ids: [...ids, theirs!.id] });
    expect(marked.json()).toEqual({ unreadCount: 30 });
    expect((await live.count(1))[0]).toMatchObject({ name: 'notification.count', data: { unreadCount: 30 } });
    await live.unsubscribe();
    const again = await listOf(me.client);
    expect(again.data[0]!.read_at).not.toBeNull();
    expect(again.data[2]!.read_at).toBeNull();

    const deleted = await api(me.client, 'DELETE', '/notifications', {
      ids: [again.data[2]!.id, theirs!.id],
    });
    expect(deleted.json()).toEqual({ unreadCount: 29 });
    expect((await listOf(me.client)).total).toBe(31);

    expect((await api(me.client, 'POST', '/notifications/mark-all-as-read')).json()).toEqual({
      unreadCount: 0,
    });
    expect(
      (await api(me.client, 'GET', '/bootstrap-data')).json().bootstrapData.user.unread_notifications_count,
    ).toBe(0);

    // The other user's notification is untouched by all of it.
    const theirList = await listOf(other.client);
    expect(theirList.data.map((n) => [n.id, n.read_at])).toEqual([[theirs!.id, null]]);
  });

  it('validates ids and needs a signed-in user', async () => {
    const me = await newUser();
    for (const bad of [[], ['x'], [0], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const res = await api(me.client, 'POST', '/notifications/mark-as-read', { ids: bad });
      expect(res.statusCode, JSON.stringify(bad).slice(0, 30)).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
    expect((await api(me.client, 'GET', '/notifications?perPage=0')).statusCode).toBe(422);
    expect((await api(guest(), 'GET', '/notifications')).statusCode).toBe(401);
  });

  it('publishes each new notification, rendered, with the unread count', async () => {
    const me = await newUser();
    const live = await liveEventsOf(me.id);
    await notify(t.deps, [me.id], followed(42, 'Abebe'));
    const [event] = await live.count(1);
    await live.unsubscribe();
    expect(event!.name).toBe('notification.created');
    const data = event!.data as { notification: Notification; unreadCount: number };
    expect(data.unreadCount).toBe(1);
    expect(data.notification.data).toMatchObject({
      icon: 'user-plus',
      mainAction: { label: 'View profile', action: '/user/42/abebe' },
      lines: [{ type: 'primary', content: 'Abebe followed you', icon: 'user-plus' }],
    });
  });

  it("renders in the reader's language where a translation exists, English otherwise", async () => {
    const amharic = await newUser({ language: 'am' });
    await notify(t.deps, [amharic.id], followed(7, 'Abebe'));
    await notify(t.deps, [amharic.id], {
      type: 'workspace.removed',
      params: { workspaceId: 3, workspaceName: 'Addis Records' },
    });
    // A line the localization lacks (an operator removed it) reads as its English source.
    await t.db
      .update(localizations)
      .set({ lines: sql`${localizations.lines} - ${'You were removed from {workspace}'}::text` })
      .where(eq(localizations.language, 'am'));
    await t.app.deps.cache.invalidate(BOOTSTRAP_CACHE_KEYS.localizations);
    const [removed, follow] = (await listOf(amharic.client)).data;
    expect(follow!.data.lines[0]!.content).toBe('Abebe እርስዎን መከተል ጀምሯል');
    expect(follow!.data.mainAction!.label).toBe('መገለጫውን ይመልከቱ');
    // No Amharic line for this one: the English source, with its values filled in.
    expect(removed!.data.lines[0]!.content).toBe('You were removed from Addis Records');
    // Stored as a type with parameters, never as text.
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, follow!.id));
    expect(row!.params).toEqual({ followerId: 7, followerName: 'Abebe', followerAvatar: null });
    // The same page read again after the reader switches to English is in English.
    expect((await api(amharic.client, 'POST', '/users/me/locale', { locale: 'en' })).statusCode).toBe(200);
    const [, again] = (await listOf(amharic.client)).data;
    expect(again!.data.lines[0]!.content).toBe('Abebe followed you');
  });

  it('writes a role change in Amharic for an Amharic reader, in the list and in its mail', async () => {
    // The lines it needs, as catalogue/am.json ships them (written here so the test does not
    // depend on the seed having them yet).
    await t.db
      .update(localizations)
      .set({
        lines: sql`${localizations.lines} || ${JSON.stringify({
          'Your role in {workspace} is now {role}': 'በ{workspace} ያለዎት ሚና አሁን {role} ነው',
          Editor: 'አርታዒ',
          'Open backstage': 'የአርቲስት ማዕከልን ክፈት',
          'New notification': 'አዲስ ማሳወቂያ',
          'Choose which notifications you get by email in your notification settings.':
            'በኢሜይል የሚደርሱዎትን ማሳወቂያዎች በማሳወቂያ ቅንብሮችዎ ውስጥ ይምረጡ።',
        })}::jsonb`,
      })
      .where(eq(localizations.language, 'am'));
    await t.app.deps.cache.invalidate(BOOTSTRAP_CACHE_KEYS.localizations);
    const amharic = await newUser({ language: 'am' });
    const owner = await newUser();
    const start = new Date();
    await t.deps.events.emit('workspace.member_changed', {
      workspaceId: 9,
      userId: amharic.id,
      role: 'editor',
      byUserId: owner.id,
      workspaceName: 'Addis Records',
    });
    const [changed] = (await listOf(amharic.client)).data;
    expect(changed!.data.lines[0]!.content).toBe('በAddis Records ያለዎት ሚና አሁን አርታዒ ነው');
    expect(changed!.data.mainAction!.label).toBe('የአርቲስት ማዕከልን ክፈት');

    await sendPendingNotificationMails(t.deps, new Date(start.getTime() + EMAIL_BATCH_DELAY_MS + 60_000));
    const [mail] = await outboxFor(t.app, amharic.email);
    expect(mail!.body).toContain('<html lang="am">');
    expect(mail!.body).toContain('በAddis Records ያለዎት ሚና አሁን አርታዒ ነው');
    expect(mail!.body).toContain('በኢሜይል የሚደርሱዎትን ማሳወቂያዎች በማሳወቂያ ቅንብሮችዎ ውስጥ ይምረጡ።');
    expect(mail!.body).not.toContain('Your role in');
  });

  it('refuses parameters that do not match the type', async () => {
    const me = await newUser();
    await expect(
      notify(t.deps, [me.id], { type: 'user.followed', params: { followerId: 'x' } } as never),
    ).rejects.toThrow();
    expect((await listOf(me.client)).total).toBe(0);
  });
});

describe('subscription settings', () => {
  it('leaves out the Billing group while billing is off', async () => {
    const me = await newUser();
    await t.app.deps.settings.set('billing', { enable: false });
    try {
      const res = await api(me.client, 'GET', '/notifications/me/subscriptions');
      const settings = notificationSubscriptionSettingsSchema.parse(res.json());
      expect(settings.subscriptions.map((g) => g.group_name)).not.toContain('Billing');
    } finally {
      await t.app.deps.settings.set('billing', { enable: true });
    }
  });

  it('lists groups with one item per type and defaults; saves a choice; refuses email for invitations', async () => {
    const me = await newUser();
    const res = await api(me.client, 'GET', '/notifications/me/subscriptions');
    expect(res.statusCode).toBe(200);
    const settings = notificationSubscriptionSettingsSchema.parse(res.json());
    expect(settings.available_channels).toEqual(['email', 'browser']);
    // A fresh install has billing on, so its group is listed too.
    expect(settings.subscriptions.map((g) => g.group_name)).toEqual([
      'Workspaces',
      'Backstage',
      'Music',
      'Social',
      'Billing',
    ]);
    expect(settings.subscriptions.flatMap((g) => g.items.map((i) => i.notif_id)).sort()).toEqual(
      settings.user_selections.map((s) => s.notif_id).sort(),
    );
    const selection = (id: string) => settings.user_selections.find((s) => s.notif_id === id)!.channels;
    expect(selection('workspace.invitation')).toEqual({ browser: true });
    expect(selection('playlist.collaborator_added')).toEqual({ email: true, browser: true });
    expect(selection('user.followed')).toEqual({ email: false, browser: true });

    const put = await api(me.client, 'PUT', '/notifications/me/subscriptions', {
      selections: [{ notif_id: 'user.followed', channels: { email: true } }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      put.json().user_selections.find((s: { notif_id: string }) => s.notif_id === 'user.followed').channels,
    ).toEqual({
      email: true,
      browser: true,
    });

    const refused = await api(me.client, 'PUT', '/notifications/me/subscriptions', {
      selections: [{ notif_id: 'workspace.invitation', channels: { email: true } }],
    });
    expect(refused.statusCode).toBe(422);
    for (const selections of [
      [{ notif_id: 'nope', channels: { email: true } }],
      [{ notif_id: 'user.followed', channels: { sms: true } }],
      [{ notif_id: 'user.followed', channels: { email: 'yes' } }],
      'all',
    ]) {
      const res = await api(me.client, 'PUT', '/notifications/me/subscriptions', { selections });
      expect(res.statusCode, JSON.stringify(selections)).toBe(422);
    }
    // Nothing of the refused calls was stored.
    const after = (await api(me.client, 'GET', '/notifications/me/subscriptions')).json();
    expect(
      after.user_selections.find((x: { notif_id: string }) => x.notif_id === 'user.followed').channels,
    ).toEqual({
      email: true,
      browser: true,
    });
  });
});

describe('email, batched', () => {
  it('mails a burst as one message after the delay, in the channels chosen, not what was read', async () => {
    const me = await newUser();
    const quiet = await newUser();
    await api(quiet.client, 'PUT', '/notifications/me/subscriptions', {
      selections: [{ notif_id: 'playlist.collaborator_added', channels: { email: false } }],
    });
    const added = (name: string): NotificationInput => ({
      type: 'playlist.collaborator_added',
      params: { playlistId: 5, playlistName: name, byUserName: 'Hana' },
    });
    const start = new Date();
    await notify(t.deps, [me.id, quiet.id], added('Morning'));
    await notify(t.deps, [me.id, quiet.id], added('Evening'));
    const [readOne] = await notify(t.deps, [me.id], added('Read already'));
    await api(me.client, 'POST', '/notifications/mark-as-read', { ids: [readOne!.id] });

    // Not yet: the batch waits for the delay.
    expect(await sendPendingNotificationMails(t.deps, new Date(start.getTime() + 1_000))).toBe(0);
    const later = new Date(Date.now() + EMAIL_BATCH_DELAY_MS + 1_000);
    // Two instances running the task at once: each row is claimed once, so one mail.
    await Promise.all([
      sendPendingNotificationMails(t.deps, later),
      sendPendingNotificationMails(t.deps, later),
    ]);
    const mails = await outboxFor(t.app, me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toMatch(/^Subject: Zema: 2 new notifications$/m);
    expect(mails[0]!.body).toContain('Hana added you as a collaborator on Morning');
    expect(mails[0]!.body).toContain('Hana added you as a collaborator on Evening');
    expect(mails[0]!.body).not.toContain('Read already');
    expect(mails[0]!.body).toContain('http://localhost:8080/playlist/5/morning');
    // Sent once: the next run has nothing left for this user.
    await sendPendingNotificationMails(t.deps, later);
    expect(await outboxFor(t.app, me.email)).toHaveLength(1);
    expect(await outboxFor(t.app, quiet.email)).toHaveLength(0);
  });
});

describe('browser push', () => {
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(async () => {
    await push.close();
  });

  it('stores subscriptions per device, lists them with `current`, moves an endpoint to its new user, deletes own only', async () => {
    const me = await newUser();
    const other = await newUser();
    const endpoint = push.endpoint(`dev-${unique()}`);
    const keys = browserKeys();
    const ua =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    const created = await api(
      me.client,
      'POST',
      '/notifications/push/subscriptions',
      { endpoint, keys: keys.json },
      { 'user-agent': ua },
    );
    expect(created.statusCode, created.body).toBe(200);
    const sub = pushSubscriptionSchema.parse(created.json().subscription);
    expect(sub).toMatchObject({ device: 'Chrome on Linux', service: new URL(endpoint).host, current: true });

    const listed = await api(
      me.client,
      'GET',
      `/notifications/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`,
    );
    expect(listed.json().subscriptions).toEqual([expect.objectContaining({ id: sub.id, current: true })]);
    expect(
      (await api(other.client, 'GET', '/notifications/push/subscriptions')).json().subscriptions,
    ).toEqual([]);
    expect(
      (await api(other.client, 'DELETE', `/notifications/push/subscriptions/${sub.id}`)).statusCode,
    ).toBe(404);

    // The same browser, now signed in as the other user: the subscription moves.
    const moved = await api(other.client, 'POST', '/notifications/push/subscriptions', {
      endpoint,
      keys: keys.json,
    });
    expect(moved.json().subscription.id).toBe(sub.id);
    expect((await api(me.client, 'GET', '/notifications/push/subscriptions')).json().subscriptions).toEqual(
      [],
    );
    expect(
      (await api(other.client, 'DELETE', `/notifications/push/subscriptions/${sub.id}`)).statusCode,
    ).toBe(200);

    const insecure = await api(me.client, 'POST', '/notifications/push/subscriptions', {
      endpoint: 'http://push.example.com/x',
      keys: keys.json,
    });
    expect(insecure.statusCode).toBe(422);
  });

  it('keeps the newest 20 browsers of a user; http push services only for a local http site', async () => {
    const me = await newUser();
    for (let i = 0; i <= MAX_DEVICES; i++) {
      const res = await api(me.client, 'POST', '/notifications/push/subscriptions', {
        endpoint: push.endpoint(`many-${i}-${unique()}`),
        keys: browserKeys().json,
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id));
    expect(rows).toHaveLength(MAX_DEVICES);
    expect(rows.some((r) => r.endpoint.includes('/many-0-'))).toBe(false);

    expect(acceptablePushEndpoint('https://fcm.googleapis.com/fcm/send/x', 'https://music.example.com')).toBe(
      true,
    );
    expect(acceptablePushEndpoint('http://127.0.0.1:9/x', 'https://music.example.com')).toBe(false);
    expect(acceptablePushEndpoint('http://127.0.0.1:9/x', 'http://localhost:8080')).toBe(true);
    expect(acceptablePushEndpoint('http://10.0.0.1/x', 'http://localhost:8080')).toBe(false);
  });

  it('sends a VAPID-signed, aes128gcm-encrypted message the browser can read', async () => {
    const me = await newUser();
    const keys = browserKeys();
    const path = `/push/ok-${unique()}`;
    await api(me.client, 'POST', '/notifications/push/subscriptions', {
      endpoint: `${push.origin}${path}`,
      keys: keys.json,
    });
    const publicKey = (await api(me.client, 'GET', '/notifications/push/key')).json().public_key as string;
    // Generated once per install: the same key on every call.
    expect((await api(me.client, 'GET', '/notifications/push/key')).json().public_key).toBe(publicKey);

    const [n] = await notify(t.deps, [me.id], {
      type: 'workspace.invitation',
      params: {
        inviteId: 'inv-1',
        workspaceId: 9,
        workspaceName: 'Addis Records',
        inviterName: 'Hana',
        role: 'Editor',
      },
    });
    const received = await push.next();
    await t.deps.background.flush();
    expect(received.path).toBe(path);
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(received.headers.authorization, publicKey);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe(t.config.vapidSubject);
    const now = Math.floor(Date.now() / 1000);
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);

    const payload = JSON.parse(decryptAes128gcm(received.body, keys).toString('utf8'));
    expect(received.body.length).toBeLessThan(4096);
    expect(payload).toMatchObject({
      id: n!.id,
      tag: `notification-${n!.id}`,
      title: 'Hana invited you to join Addis Records',
      body: 'Role: Editor',
      url: 'http://localhost:8080/notifications',
      actions: [
        { action: 'workspace.join', title: 'Join', url: 'http://localhost:8080/notifications' },
        { action: 'workspace.decline', title: 'Decline', url: 'http://localhost:8080/notifications' },
      ],
    });
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('deletes a subscription the service answers 410 for, keeps and holds back one answered 429', async () => {
    const gone = await newUser();
    const busy = await newUser();
    const gonePath = `/push/gone-${unique()}`;
    const busyPath = `/push/busy-${unique()}`;
    push.reply(gonePath, 410);
    push.reply(busyPath, 429, { 'retry-after': '120' });
    await api(gone.client, 'POST', '/notifications/push/subscriptions', {
      endpoint: `${push.origin}${gonePath}`,
      keys: browserKeys().json,
    });
    await api(busy.client, 'POST', '/notifications/push/subscriptions', {
      endpoint: `${push.origin}${busyPath}`,
      keys: browserKeys().json,
    });

    const written = await notify(t.deps, [gone.id, busy.id], followed(1));
    // The write does not wait for the push services, nor fail with them.
    expect(written).toHaveLength(2);
    await t.deps.background.flush();
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, gone.id))).toEqual(
      [],
    );
    const [kept] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, busy.id));
    expect(kept!.backoffUntil!.getTime()).toBeGreaterThan(Date.now() + 60_000);

    // Held back: the next notification sends nothing to it.
    const before = push.received.length;
    await notify(t.deps, [busy.id], followed(2));
    await t.deps.background.flush();
    expect(push.received.filter((r) => r.path === busyPath).length).toBe(
      push.received.slice(0, before).filter((r) => r.path === busyPath).length,
    );
  });

  it('sends nothing to a browser when the user turned push off for that type', async () => {
    const me = await newUser();
    const path = `/push/off-${unique()}`;
    await api(me.client, 'POST', '/notifications/push/subscriptions', {
      endpoint: `${push.origin}${path}`,
      keys: browserKeys().json,
    });
    await api(me.client, 'PUT', '/notifications/me/subscriptions', {
      selections: [{ notif_id: 'user.followed', channels: { browser: false } }],
    });
    await notify(t.deps, [me.id], followed(3));
    await t.deps.background.flush();
    expect(push.received.some((r) => r.path === path)).toBe(false);
    // In-app is always on.
    expect((await listOf(me.client)).total).toBe(1);
  });
});

describe('what notifies', () => {
  it('a follow of a user, once', async () => {
    const star = await newUser();
    const fan = await newUser();
    for (let i = 0; i < 2; i++) {
      expect((await api(fan.client, 'PUT', `/me/follows/user/${star.id}`)).statusCode).toBe(200);
    }
    const list = await listOf(star.client);
    expect(list.total).toBe(1);
    expect(list.data[0]!.type).toBe('user.followed');
    expect(list.data[0]!.data.mainAction!.action).toMatch(new RegExp(`^/user/${fan.id}/`));
  });

  it('a collaborator added to a playlist', async () => {
    const owner = await newUser();
    const friend = await newUser();
    const created = await api(owner.client, 'POST', '/playlists', { name: `Road trip ${unique()}` });
    expect(created.statusCode, created.body).toBe(200);
    const playlist = created.json().playlist as { id: number; name: string };
    const added = await api(owner.client, 'POST', `/playlists/${playlist.id}/collaborators/${friend.id}`);
    expect(added.statusCode, added.body).toBe(200);
    const [n] = (await listOf(friend.client)).data;
    expect(n).toMatchObject({ type: 'playlist.collaborator_added' });
    expect(n!.data.lines[0]!.content).toContain(`added you as a collaborator on ${playlist.name}`);
  });

  it('a backstage request approved or denied, with the reason', async () => {
    const admin = await sessionFor(t.db, await adminUserId(t.db));
    const requester = await newUser();
    const ask = async (name: string) =>
      (
        await api(requester.client, 'POST', '/backstage/requests', {
          type: 'become_artist',
          artist_name: name,
          role: 'artist',
          links: [],
        })
      ).json().request.id as number;
    const denied = await ask(`Denied ${unique()}`);
    expect(
      (await api(admin, 'POST', `/admin/backstage-requests/${denied}/deny`, { reason: 'No proof' }))
        .statusCode,
    ).toBe(200);
    const approvedName = `Approved ${unique()}`;
    const approved = await ask(approvedName);
    expect((await api(admin, 'POST', `/admin/backstage-requests/${approved}/approve`)).statusCode).toBe(200);
    const [yes, no] = (await listOf(requester.client)).data;
    expect(yes!.data.lines[0]!.content).toBe(`Your backstage request for ${approvedName} was approved`);
    expect(no!.data.lines.map((l) => l.content)).toContain('Reason: No proof');
  });

  it('a new release reaches each follower of a credited artist once; several close together are one notification', async () => {
    const artistId = await createArtist(t.deps, { name: `Teddy ${unique()}` });
    const featured = await createArtist(t.deps, { name: `Aster ${unique()}` });
    const fan = await newUser();
    const both = await newUser();
    const stranger = await newUser();
    await api(fan.client, 'PUT', `/me/follows/artist/${artistId}`);
    await api(both.client, 'PUT', `/me/follows/artist/${artistId}`);
    await api(both.client, 'PUT', `/me/follows/artist/${featured}`);

    await createAlbum(t.deps, { name: 'Ethiopia', artist_ids: [artistId, featured] });
    await t.deps.background.flush();
    const [one] = (await listOf(both.client)).data;
    expect((await listOf(both.client)).total).toBe(1);
    expect(one!.data.lines[0]!.content).toMatch(/ released Ethiopia$/);
    expect(one!.data.mainAction!.action).toMatch(/^\/album\/\d+\/ethiopia$/);
    expect((await listOf(stranger.client)).total).toBe(0);

    // A second release a little later joins the unread one.
    await createAlbum(t.deps, { name: 'Tikur Sew', artist_ids: [artistId] });
    await t.deps.background.flush();
    const fanList = await listOf(fan.client);
    expect(fanList.total).toBe(1);
    expect(fanList.data[0]!.data.lines.map((l) => l.content)).toEqual([
      '2 new releases by artists you follow',
      expect.stringMatching(/: Tikur Sew$/),
      expect.stringMatching(/: Ethiopia$/),
    ]);
    // A release dated ahead is not news yet.
    await createAlbum(t.deps, { name: 'Later', artist_ids: [artistId], release_date: '2999-01-01' });
    await t.deps.background.flush();
    expect((await listOf(fan.client)).data[0]!.data.lines).toHaveLength(3);
  });

  it('fans out to many followers in batches', async () => {
    const artistId = await createArtist(t.deps, { name: `Popular ${unique()}` });
    const count = RELEASE_FANOUT_BATCH + 5;
    const rows = await t.db
      .insert(users)
      .values(Array.from({ length: count }, () => ({ email: `fan-${unique()}-${unique()}@example.test` })))
      .returning({ id: users.id });
    const { follows } = await import('#src/modules/library/tables');
    await t.db
      .insert(follows)
      .values(
        rows.map((r) => ({ followerId: r.id, followableType: 'artist' as const, followableId: artistId })),
      );
    const notified = await notifyNewRelease(t.deps, { artistIds: [artistId], albumId: null, trackId: null });
    expect(notified).toBe(0); // nothing released: no title, no notification
    const { albums } = await import('#src/modules/catalogue/tables');
    const [album] = await t.db.insert(albums).values({ name: 'Hits' }).returning({ id: albums.id });
    expect(await notifyNewRelease(t.deps, { artistIds: [artistId], albumId: album!.id, trackId: null })).toBe(
      count,
    );
    const stored = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.type, 'music.new_release'));
    const ids = new Set(rows.map((r) => r.id));
    expect(stored.filter((s) => ids.has(s.userId))).toHaveLength(count);
  });

  it('workspace events: an invitation with Join and Decline that closes, a role change, a removal', async () => {
    const invitee = await newUser();
    const owner = await newUser();
    const inviteId = `inv-${unique()}`;
    await t.deps.events.emit('workspace.invited', {
      inviteId,
      workspaceId: 4,
      email: invitee.email,
      userId: invitee.id,
      inviterId: owner.id,
      workspaceName: 'Addis Records',
      role: 'Editor',
    });
    // Someone without an account gets the workspaces mail only.
    await t.deps.events.emit('workspace.invited', {
      inviteId: `inv-${unique()}`,
      workspaceId: 4,
      email: 'nobody@example.test',
      userId: null,
      workspaceName: 'Addis Records',
      role: 'editor',
      inviterId: owner.id,
    });
    const [invitation] = (await listOf(invitee.client)).data;
    expect(invitation).toMatchObject({
      type: 'workspace.invitation',
      data: {
        inviteId,
        buttonActions: [
          { label: 'Join', action: 'workspace.join' },
          { label: 'Decline', action: 'workspace.decline' },
        ],
      },
    });
    expect(invitation!.data.lines[0]!.content).toBe('Test User invited you to join Addis Records');

    const live = await liveEventsOf(invitee.id);
    await t.deps.events.emit('workspace.invite_closed', { inviteId });
    expect((await live.count(1))[0]).toMatchObject({ name: 'notification.count', data: { unreadCount: 0 } });
    await live.unsubscribe();
    const [closed] = (await listOf(invitee.client)).data;
    expect(closed!.data.buttonActions).toEqual([]);
    expect(closed!.read_at).not.toBeNull();

    await t.deps.events.emit('workspace.member_changed', {
      workspaceId: 4,
      userId: invitee.id,
      role: 'Admin',
      byUserId: owner.id,
      workspaceName: 'Addis Records',
    });
    await t.deps.events.emit('workspace.member_changed', {
      workspaceId: 4,
      userId: invitee.id,
      role: null,
      byUserId: owner.id,
      workspaceName: 'Addis Records',
    });
    const [removed, changed] = (await listOf(invitee.client)).data;
    expect(changed!.data.lines[0]!.content).toBe('Your role in Addis Records is now Admin');
    expect(removed!.data.lines[0]!.content).toBe('You were removed from Addis Records');
  });
});

describe('turned off by the admin', () => {
  it('stores nothing and every call answers 404; subscriptions alone can be off', async () => {
    const me = await newUser();
    const admin = await sessionFor(t.db, await adminUserId(t.db));
    const setting = async (key: string, value: boolean) => {
      const res = await api(admin, 'POST', '/settings', { [key]: value });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().settings[key.split('.')[0]!]).toBeDefined();
    };
    // On by default; the admin's settings page turns it off.
    expect((await t.deps.settings.getClientSettings()).notifications.integrated).toBe(true);
    await setting('notifications.integrated', false);
    try {
      expect(await notify(t.deps, [me.id], followed(1))).toEqual([]);
      expect(await t.db.select().from(notifications).where(eq(notifications.userId, me.id))).toEqual([]);
      for (const [method, url, body] of [
        ['GET', '/notifications'],
        ['POST', '/notifications/mark-all-as-read'],
        ['POST', '/notifications/mark-as-read', { ids: [1] }],
        ['GET', '/notifications/me/subscriptions'],
        ['GET', '/notifications/push/key'],
        ['GET', '/notifications/push/subscriptions'],
      ] as [Method, string, unknown?][]) {
        expect((await api(me.client, method, url, body)).statusCode, url).toBe(404);
      }
    } finally {
      await setting('notifications.integrated', true);
    }
    await setting('notif.subs.integrated', false);
    try {
      expect((await api(me.client, 'GET', '/notifications/me/subscriptions')).statusCode).toBe(404);
      expect((await api(me.client, 'GET', '/notifications')).statusCode).toBe(200);
      // In-app only: nothing is owed a mail.
      await notify(t.deps, [me.id], {
        type: 'workspace.removed',
        params: { workspaceId: 1, workspaceName: 'W' },
      });
      const rows = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, me.id)));
      expect(rows.map((r) => r.emailPendingSince)).toEqual([null]);
    } finally {
      await setting('notif.subs.integrated', true);
    }
  });
});
