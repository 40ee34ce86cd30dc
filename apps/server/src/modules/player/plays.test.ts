import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createTrack } from '#src/modules/catalogue/index';
import { albums, artists, tracks } from '#src/modules/catalogue/tables';
import { plays } from '#src/modules/player/tables';
import { type Client, cookieFrom, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { LISTENER_COOKIE } from './player.routes';
import { listenerKey, PLAYS_PER_HOUR } from './plays.service';

const t = useApp();
let a1: number;
let a2: number;
let album: number;
let song: number;
let short: number;
let unknown: number;

beforeAll(async () => {
  a1 = await createArtist(t.deps, { name: 'Plays One' });
  a2 = await createArtist(t.deps, { name: 'Plays Two' });
  album = await createAlbum(t.deps, { name: 'Plays Album', artist_ids: [a1] });
  song = await createTrack(t.deps, {
    name: 'Song',
    album_id: album,
    duration_ms: 120_000,
    artist_ids: [a1, a2],
  });
  short = await createTrack(t.deps, { name: 'Jingle', duration_ms: 10_000, artist_ids: [a1] });
  unknown = await createTrack(t.deps, { name: 'Unknown length', artist_ids: [a2] });
});

let n = 0;
const listenId = () => `listen-${++n}-${Math.random().toString(36).slice(2, 10)}`;

async function play(actor: Client, trackId: number, seconds: number, id = listenId()) {
  const res = await request(t.app, actor, {
    method: 'POST',
    url: `/api/v1/tracks/${trackId}/plays`,
    payload: { listen_id: id, seconds },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().counted as boolean;
}

const playsOf = async (table: typeof tracks | typeof albums | typeof artists, id: number) =>
  Number((await t.db.select({ p: table.plays }).from(table).where(eq(table.id, id)))[0]!.p);

describe('POST tracks/{id}/plays', () => {
  it('counts after 30 s, or the whole track when shorter', async () => {
    const u = await sessionFor(t.db, (await createUser(t.db)).id);
    expect(await play(u, song, 29)).toBe(false);
    expect(await play(u, song, 30)).toBe(true);
    expect(await play(u, short, 9)).toBe(false);
    expect(await play(u, short, 9.8)).toBe(true);
    expect(await play(u, unknown, 20)).toBe(false);
    expect(await play(u, unknown, 31)).toBe(true);
  });

  it('increments the track, its album and every credited artist together', async () => {
    const before = [
      await playsOf(tracks, song),
      await playsOf(albums, album),
      await playsOf(artists, a1),
      await playsOf(artists, a2),
    ];
    const u = await sessionFor(t.db, (await createUser(t.db)).id);
    expect(await play(u, song, 45)).toBe(true);
    const after = [
      await playsOf(tracks, song),
      await playsOf(albums, album),
      await playsOf(artists, a1),
      await playsOf(artists, a2),
    ];
    expect(after).toEqual(before.map((x) => x + 1));
  });

  it('counts one listen once, and one play per track per listener per 30 s', async () => {
    const user = await createUser(t.db);
    const u = await sessionFor(t.db, user.id);
    const id = listenId();
    expect(await play(u, song, 40, id)).toBe(true);
    expect(await play(u, song, 40, id)).toBe(false);
    // A new listen of the same track right away: refused by the 30 s window.
    expect(await play(u, song, 40)).toBe(false);
    // Another track is fine.
    expect(await play(u, short, 10)).toBe(true);
    // Once the window has passed, the same track counts again.
    await t.db
      .update(plays)
      .set({ playedAt: new Date(Date.now() - 31_000) })
      .where(eq(plays.userId, user.id));
    expect(await play(u, song, 40)).toBe(true);
    // The retried first listen still does not count after the window.
    expect(await play(u, song, 40, id)).toBe(false);
    const rows = await t.db.select().from(plays).where(eq(plays.userId, user.id));
    expect(rows).toHaveLength(3);
  });

  it(`stops counting after ${PLAYS_PER_HOUR} plays an hour per listener`, async () => {
    const user = await createUser(t.db);
    const listener = listenerKey({ userId: user.id });
    const earlier = new Date(Date.now() - 40 * 60_000);
    await t.db.insert(plays).values(
      Array.from({ length: PLAYS_PER_HOUR }, (_, i) => ({
        trackId: short,
        userId: user.id,
        listener,
        listenId: `bulk-${i}-xxxxxx`,
        secondsListened: 30,
        playedAt: earlier,
      })),
    );
    const u = await sessionFor(t.db, user.id);
    const before = await playsOf(tracks, song);
    expect(await play(u, song, 60)).toBe(false);
    expect(await playsOf(tracks, song)).toBe(before);
    await t.db
      .update(plays)
      .set({ playedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(plays.listener, listener));
    expect(await play(u, song, 60)).toBe(true);
  });

  it('gives a visitor a listener cookie and limits plays by it (IP until the cookie comes back)', async () => {
    const visitor = guest();
    const first = await request(t.app, visitor, {
      method: 'POST',
      url: `/api/v1/tracks/${short}/plays`,
      payload: { listen_id: listenId(), seconds: 10 },
    });
    expect(first.json()).toEqual({ counted: true });
    const cookie = cookieFrom(first, LISTENER_COOKIE);
    expect(cookie?.value).toMatch(/^[a-f0-9]{32}$/);
    expect(cookie?.httpOnly).toBe(true);
    const withCookie = visitor.with({ cookies: { [LISTENER_COOKIE]: cookie!.value } });
    // A new listener (the cookie), so not blocked by the IP listener's window...
    expect(await play(withCookie, short, 10)).toBe(true);
    // ...but the cookie listener has its own window.
    expect(await play(withCookie, short, 10)).toBe(false);
    // Another cookie-less request from the same IP is the IP listener again.
    expect(await play(guest(), short, 10)).toBe(false);
    const anonymous = await t.db
      .select()
      .from(plays)
      .where(inArray(plays.trackId, [short]));
    expect(
      anonymous
        .filter((p) => p.userId === null)
        .map((p) => p.listener.slice(0, 2))
        .sort(),
    ).toEqual(['a:', 'i:']);
  });

  it('404 for an unknown track, 422 for a bad body', async () => {
    const u = guest();
    const res = await request(t.app, u, {
      method: 'POST',
      url: '/api/v1/tracks/999999/plays',
      payload: { listen_id: listenId(), seconds: 60 },
    });
    expect(res.statusCode).toBe(404);
    const bad = await request(t.app, u, {
      method: 'POST',
      url: `/api/v1/tracks/${song}/plays`,
      payload: { listen_id: 'x', seconds: -1 },
    });
    expect(bad.statusCode).toBe(422);
  });
});
