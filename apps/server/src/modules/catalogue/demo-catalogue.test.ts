// The demo catalogue. Its one driver-specific test, two instances seeding one PostgreSQL under an
// advisory lock, runs only on PostgreSQL, so the file runs once (docs/testing.md).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client';
import {
  albumArtist,
  albums,
  artists,
  channelItems,
  channels,
  genres,
  trackArtist,
  tracks,
} from '#src/modules/catalogue/tables';
import { plays } from '#src/modules/player/tables';
import { buildTestApp, guest, request, useApp } from '#test/helpers';
import { DEMO_DIR, DEMO_GENRE_NAMES, readDemoManifest, seedDemoCatalogueIfNeeded } from './demo-catalogue';

const t = useApp();

const total = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('demo catalogue', () => {
  it('is not in a test app until asked for, then is added once', async () => {
    expect(await total(tracks)).toBe(0);

    const first = await seedDemoCatalogueIfNeeded(t.deps);
    expect(first.seeded).toBe(true);
    // Starting again (or a second instance) finds it installed and adds nothing.
    expect(await seedDemoCatalogueIfNeeded(t.deps)).toEqual({ seeded: false, reason: 'already-installed' });

    expect(await total(artists)).toBeGreaterThanOrEqual(6);
    expect(await total(albums)).toBeGreaterThanOrEqual(10);
    expect(await total(tracks)).toBeGreaterThanOrEqual(42);
    expect(await total(genres)).toBeGreaterThanOrEqual(5);

    // Every paid feature shows: a Premium listener finds artists whose music may be downloaded.
    const downloadable = await t.db.select().from(artists).where(eq(artists.allowDownloads, true));
    expect(downloadable.length).toBeGreaterThanOrEqual(1);

    const types = await t.db.selectDistinct({ type: albums.type }).from(albums);
    expect(types.map((r) => r.type).sort()).toEqual(['album', 'ep', 'single']);

    // Several tracks credit two artists, and one single is by two artists.
    const [multi] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (select track_id from ${trackArtist} group by track_id having count(*) > 1) x`,
    );
    expect(multi!.n).toBeGreaterThanOrEqual(4);
    const [duo] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (select album_id from ${albumArtist} group by album_id having count(*) > 1) x`,
    );
    expect(duo!.n).toBeGreaterThanOrEqual(1);
  });

  it('reads real durations and file facts from the audio, with a few tracks under 30 s', async () => {
    const rows = await t.db
      .select({
        durationMs: tracks.durationMs,
        src: tracks.src,
        size: tracks.fileSize,
        format: tracks.format,
        bitrate: tracks.bitrate,
      })
      .from(tracks);
    for (const r of rows) {
      expect(r.src).toMatch(/^audio\/demo\/[a-z0-9-]+\.mp3$/);
      expect(r.format).toBe('mp3');
      expect(r.bitrate).toBe(32);
      // The file in storage is the committed file, byte for byte.
      const stored = await t.app.deps.storage.get(r.src!);
      expect(stored?.size).toBe(r.size);
      stored!.stream.destroy();
      // 32 kbps CBR: the size predicts the duration to within a frame or two of headers.
      expect(Math.abs(r.durationMs - (r.size! * 8) / 32)).toBeLessThan(400);
    }
    const short = rows.filter((r) => r.durationMs < 30_000).length;
    expect(short).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.durationMs >= 35_000 && r.durationMs <= 70_000).length).toBeGreaterThan(
      rows.length / 2,
    );

    const [one] = rows;
    const committed = await readFile(join(DEMO_DIR, 'audio', one!.src!.split('/').pop()!));
    expect(committed.length).toBe(one!.size);
  });

  it('stores artwork as WebP and points the rows at it', async () => {
    const [artist] = await t.db.select().from(artists).limit(1);
    const [album] = await t.db.select().from(albums).limit(1);
    for (const url of [artist!.imageSmall, artist!.imageLarge, album!.image]) {
      const res = await t.app.inject({ method: 'GET', url: url! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('has a play history over the last weeks, mirrored in the counters', async () => {
    const [stats] = await queryRows<{ n: number; week: number; oldest: string; newest: string }>(
      t.db,
      sql`select count(*)::int as n,
                 count(*) filter (where played_at > now() - interval '7 days')::int as week,
                 min(played_at)::text as oldest, max(played_at)::text as newest from ${plays}`,
    );
    expect(stats!.n).toBeGreaterThan(500);
    expect(stats!.week).toBeGreaterThan(100);
    expect(Date.now() - Date.parse(stats!.oldest)).toBeGreaterThan(14 * 86_400_000);
    expect(Date.parse(stats!.newest)).toBeLessThanOrEqual(Date.now());

    const [sums] = await queryRows<{ tracks: string; albums: string; log: string }>(
      t.db,
      sql`select (select sum(plays) from ${tracks})::text as tracks, (select sum(plays) from ${albums})::text as albums,
                 (select count(*) from ${plays})::text as log`,
    );
    expect(sums!.tracks).toBe(sums!.log);
    expect(sums!.albums).toBe(sums!.log);
  });

  it('builds the home channel from rule-filled rows', async () => {
    const [home] = await t.db.select().from(channels).where(eq(channels.slug, 'discover'));
    expect(home!.config).toMatchObject({ contentType: 'channel', rule: 'manual' });
    const rows = await t.db
      .select({ slug: channels.slug, config: channels.config })
      .from(channelItems)
      .innerJoin(channels, eq(channels.id, channelItems.itemId))
      .where(eq(channelItems.channelId, home!.id))
      .orderBy(channelItems.position);
    expect(rows.map((r) => [r.slug, r.config.contentType, r.config.rule])).toEqual([
      ['popular-this-week', 'track', 'popular_week'],
      ['new-releases', 'album', 'newest'],
      ['trending-artists', 'artist', 'popular_week'],
      ['genres', 'genre', 'alphabetical'],
      ['popular-albums', 'album', 'popular_all_time'],
    ]);

    const res = await request(t.app, guest(), { method: 'GET', url: '/api/v1/channels/discover' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const nested = body.channel.content.items as { slug: string; content: { items: unknown[] } }[];
    expect(nested.map((c) => c.slug)).toContain('popular-this-week');
    for (const c of nested) expect(c.content.items.length).toBeGreaterThan(0);
  });

  it('names its genres and channels with catalogue sources, stored in English', async () => {
    // Every genre the manifest seeds is a msg() source, so readers see it in their language.
    const manifest = await readDemoManifest();
    expect(manifest.genres.map((g) => g.display_name).sort()).toEqual([...DEMO_GENRE_NAMES].sort());
    const stored = await t.db
      .select({ name: channels.name, description: channels.description })
      .from(channels);
    expect(stored).toContainEqual({ name: 'Discover', description: 'New and popular music on Zema.' });
    expect(stored.map((c) => c.name)).toContain('Popular this week');
  });

  it('streams the demo audio to a guest', async () => {
    const [track] = await t.db.select({ id: tracks.id, size: tracks.fileSize }).from(tracks).limit(1);
    const res = await request(t.app, guest(), {
      method: 'GET',
      url: `/api/v1/tracks/${track!.id}/stream`,
      headers: { range: 'bytes=0-4095' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-range']).toBe(`bytes 0-4095/${track!.size}`);
    expect(res.rawPayload.length).toBe(4096);
    // An MP3 with an ID3 tag, as ffmpeg wrote it.
    expect(res.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
  });

  it('leaves an existing catalogue alone outside DEMO_MODE', async () => {
    const other = await buildTestApp();
    try {
      await other.db.insert(tracks).values({ name: 'Own track' });
      expect(await seedDemoCatalogueIfNeeded(other.deps)).toEqual({
        seeded: false,
        reason: 'catalogue-not-empty',
      });
    } finally {
      await other.close();
    }
  });

  it('adds itself beside an existing catalogue in DEMO_MODE', async () => {
    const demo = await buildTestApp({ DEMO_MODE: 'true' });
    try {
      await demo.db.insert(genres).values({ name: 'ambient', displayName: 'Ambient (mine)' });
      await demo.db.insert(tracks).values({ name: 'Own track' });
      const result = await seedDemoCatalogueIfNeeded(demo.deps);
      expect(result).toMatchObject({ seeded: true, tracks: 44 });
      // The admin's genre is reused, not duplicated or renamed.
      const ambient = await demo.db.select().from(genres).where(eq(genres.name, 'ambient'));
      expect(ambient).toHaveLength(1);
      expect(ambient[0]!.displayName).toBe('Ambient (mine)');
    } finally {
      await demo.close();
    }
  });

  // Two instances starting together against one PostgreSQL: the setup lock lets one add the demo.
  it.runIf(process.env.ZEMA_TEST_DB === 'postgres')(
    'is added once when two instances start together',
    async () => {
      const a = await buildTestApp();
      const b = await buildTestApp({ DATABASE_URL: a.config.databaseUrl });
      try {
        const results = await Promise.all([
          seedDemoCatalogueIfNeeded(a.deps),
          seedDemoCatalogueIfNeeded(b.deps),
        ]);
        expect(results.filter((r) => r.seeded)).toHaveLength(1);
        expect(results.find((r) => !r.seeded)).toEqual({ seeded: false, reason: 'already-installed' });
        const [row] = await a.db.select({ n: count() }).from(tracks);
        expect(row!.n).toBe(44);
      } finally {
        await b.close();
        await a.close();
      }
    },
  );
});
