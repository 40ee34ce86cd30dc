// Both drivers: bigint sums (a string from node-postgres, a number from PGlite) and loaders in parallel on the pool.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  albumArtist,
  albums,
  artists,
  genres,
  trackArtist,
  trackGenre,
  tracks,
} from '#src/modules/catalogue/tables';
import { likes } from '#src/modules/library/tables';
import { createUser, useApp } from '#test/helpers';
import { loadAlbums, loadArtistRefs, loadGenres, loadTracks } from './catalogue.loaders';

const t = useApp();
let ids: { a1: number; a2: number; album: number; t1: number; t2: number; t3: number; genre: number };
beforeAll(async () => {
  const [a1, a2] = await t.db
    .insert(artists)
    .values([
      { name: 'Loader Main', imageSmall: '/a1.jpg' },
      { name: 'Loader Guest', verified: true },
    ])
    .returning({ id: artists.id });
  const [album] = await t.db
    .insert(albums)
    .values({ name: 'Loader Album', image: '/cover.jpg', releaseDate: '2020-01-02', type: 'ep' })
    .returning({ id: albums.id });
  await t.db.insert(albumArtist).values({ albumId: album!.id, artistId: a1!.id, position: 0 });
  const [t1, t2, t3] = await t.db
    .insert(tracks)
    .values([
      { name: 'Second', albumId: album!.id, number: 2, durationMs: 1000, src: 'audio/x.mp3', format: 'mp3' },
      { name: 'First', albumId: album!.id, number: 1, durationMs: 2500, image: '/own.jpg' },
      { name: 'Loose', durationMs: 10 },
    ])
    .returning({ id: tracks.id });
  // Guest credited first on "Second": credit order is position, not id.
  await t.db.insert(trackArtist).values([
    { trackId: t1!.id, artistId: a2!.id, position: 0 },
    { trackId: t1!.id, artistId: a1!.id, position: 1 },
    { trackId: t2!.id, artistId: a1!.id, position: 0 },
  ]);
  const [genre] = await t.db
    .insert(genres)
    .values({ name: 'loader-rock', displayName: 'Loader Rock' })
    .returning({ id: genres.id });
  await t.db.insert(trackGenre).values({ trackId: t1!.id, genreId: genre!.id });
  ids = { a1: a1!.id, a2: a2!.id, album: album!.id, t1: t1!.id, t2: t2!.id, t3: t3!.id, genre: genre!.id };
});

describe('catalogue loaders', () => {
  it('loads tracks in the order asked, with credits, album, image fallback and stream url', async () => {
    const list = await loadTracks(t.app.deps.db, [ids.t3, ids.t1, 999_999, ids.t2], { withGenres: true });
    expect(list.map((x) => x.name)).toEqual(['Loose', 'Second', 'First']);
    const [loose, second, first] = list;
    expect(second!.artists.map((a) => a.name)).toEqual(['Loader Guest', 'Loader Main']);
    expect(second!.image).toBe('/cover.jpg');
    expect(first!.image).toBe('/own.jpg');
    expect(second!.stream_url).toBe(`/api/v1/tracks/${ids.t1}/stream`);
    expect(first!.stream_url).toBeNull();
    expect(second!.album).toEqual({
      id: ids.album,
      name: 'Loader Album',
      image: '/cover.jpg',
      release_date: '2020-01-02',
      type: 'ep',
    });
    expect(loose!.album).toBeNull();
    expect(second!.genres!.map((g) => g.name)).toEqual(['loader-rock']);
    expect(second!.liked).toBeUndefined();
  });

  it('sets liked for a caller', async () => {
    const user = await createUser(t.db);
    await t.db.insert(likes).values({ userId: user.id, likeableType: 'track', likeableId: ids.t2 });
    const list = await loadTracks(t.db, [ids.t1, ids.t2], { userId: user.id });
    expect(list.map((x) => x.liked)).toEqual([false, true]);
  });

  it('loads albums with counts, duration and ordered tracks', async () => {
    const [album] = await loadAlbums(t.db, [ids.album], { withTracks: true });
    expect(album).toMatchObject({ tracks_count: 2, duration_ms: 3500, type: 'ep' });
    expect(album!.artists.map((a) => a.id)).toEqual([ids.a1]);
    expect(album!.tracks!.map((x) => x.name)).toEqual(['First', 'Second']);
    const [bare] = await loadAlbums(t.db, [ids.album]);
    expect(bare!.tracks).toBeUndefined();
  });

  it('loads artist refs and genres in order, and nothing for no ids', async () => {
    expect((await loadArtistRefs(t.db, [ids.a2, ids.a1])).map((a) => a.id)).toEqual([ids.a2, ids.a1]);
    expect(await loadGenres(t.db, [ids.genre])).toEqual([
      { id: ids.genre, name: 'loader-rock', display_name: 'Loader Rock', image: null },
    ]);
    expect(await loadTracks(t.db, [])).toEqual([]);
  });
});
