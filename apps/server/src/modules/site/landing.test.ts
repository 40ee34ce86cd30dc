import { landingArtistsResponseSchema } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAlbum, createArtist, createTrack } from '#src/modules/catalogue/index';
import { artists } from '#src/modules/catalogue/tables';
import { plays } from '#src/modules/player/tables';
import { guest, request, useApp } from '#test/helpers';
import { LANDING_CACHE_KEYS, TRENDING_ARTISTS } from './landing.service';

const t = useApp();

const landing = async () => {
  const res = await request(t.app, guest(), { url: '/api/v1/landing/artists' });
  expect(res.statusCode).toBe(200);
  return landingArtistsResponseSchema.parse(res.json()).artists;
};

async function addPlays(trackId: number, count: number, daysAgo: number) {
  const playedAt = new Date(Date.now() - daysAgo * 24 * 3600 * 1000);
  await t.db.insert(plays).values(
    Array.from({ length: count }, (_, i) => ({
      trackId,
      listener: `landing-${trackId}-${daysAgo}-${i}`,
      listenId: `landing-listen-${i}`,
      secondsListened: 60,
      playedAt,
    })),
  );
}

describe('GET landing/artists', () => {
  it('ranks by plays over the last 7 days, then all time; falls back to the first album image', async () => {
    // Old favourite: many plays, all older than a week. Rising: a few plays this week.
    const oldFavourite = await createArtist(t.deps, { name: 'Old Favourite', image_small: '/old-fav.jpg' });
    const rising = await createArtist(t.deps, { name: 'Rising' });
    await createArtist(t.deps, { name: 'Quiet', verified: true });
    await createAlbum(t.deps, {
      name: 'Rising Debut',
      artist_ids: [rising],
      release_date: '2020-01-01',
      image: '/debut.jpg',
    });
    await createAlbum(t.deps, {
      name: 'Rising Second',
      artist_ids: [rising],
      release_date: '2025-01-01',
      image: '/second.jpg',
    });
    await createAlbum(t.deps, { name: 'Rising Demo', artist_ids: [rising], release_date: null });
    const oldTrack = await createTrack(t.deps, { name: 'Hit', artist_ids: [oldFavourite] });
    const newTrack = await createTrack(t.deps, { name: 'Fresh', artist_ids: [rising] });
    await addPlays(oldTrack, 20, 30);
    await addPlays(newTrack, 3, 1);
    await t.db.update(artists).set({ plays: 20 }).where(eq(artists.id, oldFavourite));
    await t.db.update(artists).set({ plays: 3 }).where(eq(artists.id, rising));
    await t.app.deps.cache.invalidate(LANDING_CACHE_KEYS.artists);

    const list = await landing();
    expect(list.slice(0, 3).map((a) => a.name)).toEqual(['Rising', 'Old Favourite', 'Quiet']);
    const [first, second, third] = list;
    // SPEC §3 Artist: albums listed, the first album's image stands in for a missing picture.
    expect(first!.albums.map((a) => a.name)).toEqual(['Rising Second', 'Rising Debut', 'Rising Demo']);
    expect(first!.image_small).toBe('/second.jpg');
    expect(second!.image_small).toBe('/old-fav.jpg');
    expect(third).toMatchObject({ verified: true, image_small: null, albums: [] });
    expect(Object.keys(first!).sort()).toEqual(['albums', 'id', 'image_small', 'name', 'verified']);
  });

  it(`is cached briefly and holds at most ${TRENDING_ARTISTS} artists`, async () => {
    const before = await landing();
    for (let i = 0; i < TRENDING_ARTISTS; i++) await createArtist(t.deps, { name: `Filler ${i}` });
    // Served from the shared cache until it expires or is invalidated.
    expect(await landing()).toEqual(before);
    await t.app.deps.cache.invalidate(LANDING_CACHE_KEYS.artists);
    expect(await landing()).toHaveLength(TRENDING_ARTISTS);
  });
});
