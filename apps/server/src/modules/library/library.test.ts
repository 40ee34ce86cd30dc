import { LIBRARY_MESSAGES } from '@zema/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { likes } from '#src/modules/library/tables';
import { plays } from '#src/modules/player/tables';
import { type Client, createUser, guest, request, sessionFor, tokenFor, useApp } from '#test/helpers';
import { makeAlbum, makeArtist, makeCatalogue } from '#test/library';

const t = useApp();
let alice: { id: number; actor: Client };
let bob: { id: number; actor: Client };
let cat: Awaited<ReturnType<typeof makeCatalogue>>;

beforeAll(async () => {
  const a = await createUser(t.db, { firstName: 'Alice', lastName: 'Listener' });
  const b = await createUser(t.db, { firstName: 'Bob', lastName: 'Other' });
  alice = { id: a.id, actor: await sessionFor(t.db, a.id) };
  bob = { id: b.id, actor: await sessionFor(t.db, b.id) };
  cat = await makeCatalogue(t.db, 'Likes', 5);
});

const call = (actor: Client, method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  request(t.app, actor, { method, url: `/api/v1/${url}` });

describe('likes', () => {
  it('like and unlike are idempotent and 404 for unknown items', async () => {
    const track = cat.trackIds[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await call(alice.actor, 'PUT', `me/likes/track/${track}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ liked: true });
    }
    const ids = await call(alice.actor, 'GET', 'me/likes/ids');
    expect(ids.json().track).toEqual([track]);

    expect((await call(alice.actor, 'PUT', 'me/likes/track/999999')).statusCode).toBe(404);
    expect((await call(alice.actor, 'PUT', 'me/likes/album/999999')).statusCode).toBe(404);
    expect((await call(alice.actor, 'PUT', 'me/likes/playlist/1')).statusCode).toBe(422);

    for (let i = 0; i < 2; i++) {
      const res = await call(alice.actor, 'DELETE', `me/likes/track/${track}`);
      expect(res.json()).toEqual({ liked: false });
    }
    expect((await call(alice.actor, 'DELETE', 'me/likes/track/999999')).statusCode).toBe(404);
    expect((await call(alice.actor, 'GET', 'me/likes/ids')).json().track).toEqual([]);
  });

  it('guests cannot like (401) and a token works like a session', async () => {
    expect((await call(guest(), 'PUT', `me/likes/track/${cat.trackIds[0]}`)).statusCode).toBe(401);
    const token = await tokenFor(t.db, bob.id);
    expect((await call(token, 'PUT', `me/likes/artist/${cat.artistId}`)).json()).toEqual({ liked: true });
    expect((await call(bob.actor, 'GET', 'me/likes/ids')).json().artist).toEqual([cat.artistId]);
  });

  it('lists liked tracks newest first with pages, `liked` set, and only the caller’s', async () => {
    const user = await createUser(t.db);
    const actor = await sessionFor(t.db, user.id);
    // Explicit dates: the order must not depend on insert timing.
    await t.db.insert(likes).values(
      cat.trackIds.map((id, i) => ({
        userId: user.id,
        likeableType: 'track' as const,
        likeableId: id,
        createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
      })),
    );
    const first = (await call(actor, 'GET', 'me/likes/tracks?perPage=2')).json();
    expect(first.total).toBe(5);
    expect(first.last_page).toBe(3);
    expect(first.next_page).toBe(2);
    expect(first.data.map((x: { id: number }) => x.id)).toEqual([cat.trackIds[4], cat.trackIds[3]]);
    expect(first.data[0].liked).toBe(true);
    expect(first.data[0].artists[0].name).toBe('Likes Artist');
    const last = (await call(actor, 'GET', 'me/likes/tracks?perPage=2&page=3')).json();
    expect(last.data.map((x: { id: number }) => x.id)).toEqual([cat.trackIds[0]]);
    expect(last.next_page).toBeNull();
    expect((await call(alice.actor, 'GET', 'me/likes/tracks')).json().total).toBe(0);
  });

  it('lists liked albums and artists', async () => {
    const user = await createUser(t.db);
    const actor = await sessionFor(t.db, user.id);
    const artist2 = await makeArtist(t.db, 'Second Artist');
    const album2 = await makeAlbum(t.db, 'Second Album', [artist2]);
    await call(actor, 'PUT', `me/likes/album/${cat.albumId}`);
    await call(actor, 'PUT', `me/likes/album/${album2}`);
    await call(actor, 'PUT', `me/likes/artist/${artist2}`);
    const albumsPage = (await call(actor, 'GET', 'me/likes/albums')).json();
    expect(albumsPage.total).toBe(2);
    expect(albumsPage.data.find((a: { id: number }) => a.id === cat.albumId).tracks_count).toBe(5);
    expect(albumsPage.data.every((a: { liked: boolean }) => a.liked)).toBe(true);
    const artistsPage = (await call(actor, 'GET', 'me/likes/artists')).json();
    expect(artistsPage.data.map((a: { name: string }) => a.name)).toEqual(['Second Artist']);
  });
});

describe('follows', () => {
  it('follows artists and users, never yourself', async () => {
    const self = await call(alice.actor, 'PUT', `me/follows/user/${alice.id}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.id).toEqual([LIBRARY_MESSAGES.followSelf]);
    expect((await call(alice.actor, 'PUT', 'me/follows/user/999999')).statusCode).toBe(404);
    expect((await call(alice.actor, 'PUT', 'me/follows/genre/1')).statusCode).toBe(422);

    expect((await call(alice.actor, 'PUT', `me/follows/user/${bob.id}`)).json()).toEqual({ followed: true });
    expect((await call(alice.actor, 'PUT', `me/follows/user/${bob.id}`)).json()).toEqual({ followed: true });
    expect((await call(alice.actor, 'PUT', `me/follows/artist/${cat.artistId}`)).json()).toEqual({
      followed: true,
    });

    const users = (await call(alice.actor, 'GET', 'me/follows/users')).json();
    expect(users.data).toEqual([{ id: bob.id, display_name: 'Bob Other', avatar: null }]);
    expect(JSON.stringify(users)).not.toContain('@');
    const artists = (await call(alice.actor, 'GET', 'me/follows/artists')).json();
    expect(artists.data.map((a: { id: number }) => a.id)).toEqual([cat.artistId]);
    const ids = (await call(alice.actor, 'GET', 'me/likes/ids')).json();
    expect(ids.followed_users).toEqual([bob.id]);
    expect(ids.followed_artists).toEqual([cat.artistId]);

    expect((await call(alice.actor, 'DELETE', `me/follows/user/${bob.id}`)).json()).toEqual({
      followed: false,
    });
    expect((await call(alice.actor, 'GET', 'me/follows/users')).json().total).toBe(0);
  });
});

describe('history', () => {
  it('shows only the caller’s own plays, newest first, paginated', async () => {
    const [t1, t2, t3] = cat.trackIds;
    const at = (minute: number) => new Date(Date.UTC(2024, 5, 1, 12, minute));
    await t.db.insert(plays).values([
      {
        trackId: t1!,
        userId: alice.id,
        listener: `u${alice.id}`,
        listenId: 'a1',
        secondsListened: 40,
        playedAt: at(1),
      },
      {
        trackId: t2!,
        userId: alice.id,
        listener: `u${alice.id}`,
        listenId: 'a2',
        secondsListened: 40,
        playedAt: at(3),
      },
      {
        trackId: t1!,
        userId: alice.id,
        listener: `u${alice.id}`,
        listenId: 'a3',
        secondsListened: 40,
        playedAt: at(5),
      },
      {
        trackId: t3!,
        userId: bob.id,
        listener: `u${bob.id}`,
        listenId: 'b1',
        secondsListened: 40,
        playedAt: at(4),
      },
      { trackId: t3!, userId: null, listener: 'anon', listenId: 'g1', secondsListened: 40, playedAt: at(6) },
    ]);
    const page = (await call(alice.actor, 'GET', 'me/history?perPage=2')).json();
    expect(page.total).toBe(3);
    expect(page.data.map((e: { track: { id: number } }) => e.track.id)).toEqual([t1, t2]);
    expect(page.data[0].played_at).toBe(at(5).toISOString());
    const second = (await call(alice.actor, 'GET', 'me/history?perPage=2&page=2')).json();
    expect(second.data.map((e: { track: { id: number } }) => e.track.id)).toEqual([t1]);

    const bobs = (await call(bob.actor, 'GET', 'me/history')).json();
    expect(bobs.data.map((e: { track: { id: number } }) => e.track.id)).toEqual([t3]);
    expect((await call(guest(), 'GET', 'me/history')).statusCode).toBe(401);
  });
});
