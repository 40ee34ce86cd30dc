// Both drivers: the sessions cache is invalidated over pub/sub (Redis on PostgreSQL).
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDomainEvents } from '#src/lib/events';
import { sha256Hex } from '#src/lib/tokens';
import { sessions } from '#src/modules/identity/tables';
import { notify } from '#src/modules/notifications/index';
import { roles, users } from '#src/modules/users/tables';
import { createMemoryPubSub } from '#src/platform/pubsub';
import { createSharedCache, INVALIDATION_CHANNEL, type SharedCache } from '#src/platform/shared-cache';
import { adminUserId, createUser, request, sessionFor, useApp } from '#test/helpers';
import { createSession, deleteSession } from './session.service';
import { createSignedInUsers } from './signed-in';

const t = useApp();

// Two instances of the signed-in cache on one database, sharing pub/sub as instances do.
const pubsub = createMemoryPubSub();
const opened: SharedCache[] = [];
async function instance() {
  const cache = await createSharedCache(pubsub);
  opened.push(cache);
  const events = createDomainEvents((err) => {
    throw err;
  });
  const signedIn = createSignedInUsers({ db: t.db, cache, events, unreadCount: async () => 0 });
  return { cache, events, signedIn };
}
/** Resolves when the next invalidation has reached the other instances (pub/sub is asynchronous). */
function nextInvalidation() {
  return new Promise<void>((resolve) => {
    const off = pubsub.subscribe(INVALIDATION_CHANNEL, () => {
      void off.then((unsubscribe) => unsubscribe());
      resolve();
    });
  });
}
afterAll(async () => {
  for (const c of opened) await c.close();
});

describe('the signed-in cache', () => {
  it('answers a session again from memory until a write says the user changed', async () => {
    const a = await instance();
    const user = await createUser(t.db, { firstName: 'Abebe' });
    const token = await createSession(t.db, user.id);
    expect((await a.signedIn.userForSession(token))?.first_name).toBe('Abebe');
    // A write that bypasses the services is not seen: the answer comes from memory.
    await t.db.update(users).set({ firstName: 'Kebede' }).where(eq(users.id, user.id));
    expect((await a.signedIn.userForSession(token))?.first_name).toBe('Abebe');
    // The services say what they changed; the next request reads it.
    await a.events.emit('account.changed', { userId: user.id });
    expect((await a.signedIn.userForSession(token))?.first_name).toBe('Kebede');
  });

  it('ends a session on every instance when it is logged out on one', async () => {
    const [a, b] = [await instance(), await instance()];
    const user = await createUser(t.db);
    const token = await createSession(t.db, user.id);
    expect((await a.signedIn.userForSession(token))?.id).toBe(user.id);
    expect((await b.signedIn.userForSession(token))?.id).toBe(user.id);
    const delivered = nextInvalidation();
    await deleteSession({ db: t.db, events: a.events }, token);
    await delivered;
    expect(await a.signedIn.userForSession(token)).toBeNull();
    expect(await b.signedIn.userForSession(token)).toBeNull();
  });

  it('ends every session of a user on every instance (password changed, suspended)', async () => {
    const [a, b] = [await instance(), await instance()];
    const user = await createUser(t.db);
    const one = await createSession(t.db, user.id);
    const two = await createSession(t.db, user.id);
    expect((await b.signedIn.userForSession(one))?.id).toBe(user.id);
    expect((await b.signedIn.userForSession(two))?.id).toBe(user.id);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    const delivered = nextInvalidation();
    await a.events.emit('sessions.ended', { userId: user.id });
    await delivered;
    expect(await b.signedIn.userForSession(one)).toBeNull();
    expect(await b.signedIn.userForSession(two)).toBeNull();
  });

  it('keeps no entry for a token that matches no session', async () => {
    const a = await instance();
    const token = 'made-up-token-that-matches-nothing';
    expect(await a.signedIn.userForSession(token)).toBeNull();
    expect(a.cache.peek(`signed-in:session:${sha256Hex(token)}`)).toBeUndefined();
  });

  it('hands each request its own copy of the user', async () => {
    const a = await instance();
    const user = await createUser(t.db);
    const token = await createSession(t.db, user.id);
    const first = (await a.signedIn.userForSession(token))!;
    first.first_name = 'changed by a handler';
    expect((await a.signedIn.userForSession(token))?.first_name).toBe('Test');
  });
});

describe('signed-in requests through the app', () => {
  it("see a role's new permissions on their next request", async () => {
    const user = await createUser(t.db, { roles: ['users'] });
    const client = await sessionFor(t.db, user.id);
    const me = async () =>
      (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData
        .user as { permissions: { name: string }[] };
    expect((await me()).permissions.some((p) => p.name === 'files.create')).toBe(true);
    const admin = await sessionFor(t.db, await adminUserId(t.db));
    const [role] = await t.db.select().from(roles).where(eq(roles.slug, 'users'));
    const current = (
      await request(t.app, admin, { method: 'GET', url: `/api/v1/admin/roles/${role!.id}` })
    ).json().role as { name: string; default: boolean; permissions: { name: string }[] };
    const without = current.permissions.filter((p) => p.name !== 'files.create');
    const put = (permissions: unknown) =>
      request(t.app, admin, {
        method: 'PUT',
        url: `/api/v1/admin/roles/${role!.id}`,
        payload: { name: current.name, default: current.default, permissions },
      });
    expect((await put(without)).statusCode).toBe(200);
    try {
      expect((await me()).permissions.some((p) => p.name === 'files.create')).toBe(false);
    } finally {
      expect((await put(current.permissions)).statusCode).toBe(200);
    }
    expect((await me()).permissions.some((p) => p.name === 'files.create')).toBe(true);
  });

  it('carry the unread count as it changes', async () => {
    const user = await createUser(t.db);
    const client = await sessionFor(t.db, user.id);
    const unread = async () =>
      (await request(t.app, client, { method: 'GET', url: '/api/v1/bootstrap-data' })).json().bootstrapData
        .user.unread_notifications_count as number;
    expect(await unread()).toBe(0);
    await notify(t.app.deps, [user.id], {
      type: 'user.followed',
      params: { followerId: 1, followerName: 'Hana', followerAvatar: null },
    });
    expect(await unread()).toBe(1);
    const read = await request(t.app, client, {
      method: 'POST',
      url: '/api/v1/notifications/mark-all-as-read',
    });
    expect(read.statusCode).toBe(200);
    expect(await unread()).toBe(0);
  });
});
