import { LIBRARY_MESSAGES } from '@zema/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { makeCatalogue } from '#test/library';

const t = useApp();
let maya: { id: number; email: string; actor: Client };
let sam: { id: number; actor: Client };
let tracks: number[];

beforeAll(async () => {
  const m = await createUser(t.db, {
    firstName: 'Maya',
    lastName: 'Profile',
    email: 'maya.secret@example.test',
  });
  const s = await createUser(t.db, { firstName: 'Sam', lastName: 'Visitor' });
  maya = { id: m.id, email: m.email, actor: await sessionFor(t.db, m.id) };
  sam = { id: s.id, actor: await sessionFor(t.db, s.id) };
  tracks = (await makeCatalogue(t.db, 'Profile Song', 3)).trackIds;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (actor: Client, method: Method, url: string, payload?: object) =>
  request(t.app, actor, { method, url: `/api/v1/${url}`, ...(payload ? { payload } : {}) });

describe('user profiles', () => {
  it('shows name, counts and follow state, never the email', async () => {
    await call(maya.actor, 'POST', 'playlists', { name: 'Public one' });
    await call(maya.actor, 'POST', 'playlists', { name: 'Secret one', public: false });
    await call(sam.actor, 'PUT', `me/follows/user/${maya.id}`);

    const seen = await call(sam.actor, 'GET', `user-profile/${maya.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().user).toMatchObject({
      id: maya.id,
      display_name: 'Maya Profile',
      likes_public: false,
      bio: null,
      followers_count: 1,
      following_count: 0,
      playlists_count: 1,
      followed: true,
    });
    expect(JSON.stringify(seen.json())).not.toContain('maya.secret');
    expect((await call(maya.actor, 'GET', 'user-profile/me')).json().user.playlists_count).toBe(2);
    const asGuest = (await call(guest(), 'GET', `user-profile/${maya.id}`)).json().user;
    expect(asGuest.followed).toBeUndefined();
    expect((await call(guest(), 'GET', 'user-profile/999999')).statusCode).toBe(404);
    expect((await call(guest(), 'GET', 'user-profile/me')).statusCode).toBe(404);
  });

  it('lists only public playlists to others, all of them to the owner', async () => {
    const names = async (actor: Client) =>
      (await call(actor, 'GET', `user-profile/${maya.id}/playlists`))
        .json()
        .data.map((p: { name: string }) => p.name);
    expect(await names(sam.actor)).toEqual(['Public one']);
    expect(await names(guest())).toEqual(['Public one']);
    expect((await names(maya.actor)).sort()).toEqual(['Public one', 'Secret one']);
  });

  it('keeps liked songs private until the user makes them public', async () => {
    await call(maya.actor, 'PUT', `me/likes/track/${tracks[0]}`);
    await call(maya.actor, 'PUT', `me/likes/track/${tracks[1]}`);
    const hidden = await call(sam.actor, 'GET', `user-profile/${maya.id}/likes`);
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json()).toEqual({ message: LIBRARY_MESSAGES.likesPrivate });
    expect((await call(guest(), 'GET', `user-profile/${maya.id}/likes`)).statusCode).toBe(403);
    expect((await call(maya.actor, 'GET', `user-profile/${maya.id}/likes`)).json().total).toBe(2);

    const updated = await call(maya.actor, 'PUT', 'me/profile', {
      likes_public: true,
      bio: 'Ethio-jazz fan',
    });
    expect(updated.json().user).toMatchObject({ likes_public: true, bio: 'Ethio-jazz fan' });
    const shown = (await call(sam.actor, 'GET', `user-profile/${maya.id}/likes`)).json();
    expect(shown.total).toBe(2);
    // `liked` is the viewer's own state, not the profile owner's.
    expect(shown.data.every((x: { liked: boolean }) => x.liked === false)).toBe(true);

    // A partial update keeps the other field.
    await call(maya.actor, 'PUT', 'me/profile', { bio: null });
    const again = (await call(maya.actor, 'GET', 'user-profile/me')).json().user;
    expect(again).toMatchObject({ likes_public: true, bio: null });
    await call(maya.actor, 'PUT', 'me/profile', { likes_public: false });
    expect((await call(sam.actor, 'GET', `user-profile/${maya.id}/likes`)).statusCode).toBe(403);
    expect((await call(guest(), 'PUT', 'me/profile', { likes_public: true })).statusCode).toBe(401);
  });

  it('lists followers and following', async () => {
    const followers = (await call(guest(), 'GET', `user-profile/${maya.id}/followers`)).json();
    expect(followers.data).toEqual([{ id: sam.id, display_name: 'Sam Visitor', avatar: null }]);
    const following = (await call(guest(), 'GET', `user-profile/${sam.id}/following`)).json();
    expect(following.data.map((u: { id: number }) => u.id)).toEqual([maya.id]);
    expect((await call(guest(), 'GET', 'user-profile/999999/followers')).statusCode).toBe(404);
  });
});
