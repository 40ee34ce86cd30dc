import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { HOME_CHANNEL_SLUG, msg } from '@zema/contracts';
import { inArray, sql } from 'drizzle-orm';
import { SERVER_ROOT } from '#src/config';
import { type Database, queryRows } from '#src/db/client';
import { inspectAudio } from '#src/lib/audio';
import type { WriteEventMap } from '#src/lib/write-events';
import {
  albumArtist,
  albums,
  artistGenre,
  artists,
  type ChannelConfig,
  channelItems,
  channels,
  genres,
  trackArtist,
  trackGenre,
  tracks,
} from '#src/modules/catalogue/tables';
import { plays } from '#src/modules/player/tables';
import type { Deps } from '#src/platform/deps';
import { initialsOf, renderArt } from './demo-images';

/**
 * The demo catalogue: seven invented artists, twelve albums and 44 tracks of music synthesised by
 * scripts/demo/synthesize-audio.mjs, so a new install plays something the moment it opens. It is
 * added on start when the catalogue has no tracks (or with DEMO_MODE when the demo is missing),
 * never twice: the check and the inserts run under the setup lock, and the rows go in one
 * transaction, so several instances starting together against one PostgreSQL add it once.
 */

export const DEMO_DIR = resolve(SERVER_ROOT, 'assets/demo');
/** Storage folder of the demo audio; its presence in tracks.src marks the demo as installed. */
export const DEMO_AUDIO_FOLDER = 'audio/demo';

type ManifestTrack = { name: string; seconds: number; seed: number; explicit?: boolean; artists?: string[] };
type Manifest = {
  genres: { name: string; display_name: string; palette: [string, string] }[];
  artists: {
    key: string;
    name: string;
    verified: boolean;
    /** The artist lets Premium listeners download their music (the demo shows every paid feature). */
    allow_downloads?: boolean;
    genres: string[];
    palette: [string, string];
    bio: string;
    links: { url: string; label: string }[];
  }[];
  albums: {
    key: string;
    name: string;
    type: 'album' | 'single' | 'ep';
    release_date: string;
    artists: string[];
    genre: string;
    description: string;
    tracks: ManifestTrack[];
  }[];
};

/**
 * The demo genres' names as catalogue sources (assets/demo/catalogue.json `display_name`, which
 * the rows keep in English): a reader sees them in their language (web lib/stored-text.ts). The
 * test holds this list to the manifest. Artist, album and track names are names: never translated.
 */
export const DEMO_GENRE_NAMES = [
  msg('Ethio-jazz'),
  msg('Afrobeat'),
  msg('Ambient'),
  msg('Lo-fi'),
  msg('Synthwave'),
  msg('Folk'),
  msg('House'),
] as const;

/** The file synthesize-audio.mjs writes for track `number` of an album. */
export const demoAudioFile = (albumKey: string, number: number) =>
  `${albumKey}-${String(number).padStart(2, '0')}.mp3`;

export async function readDemoManifest(): Promise<Manifest> {
  return JSON.parse(await readFile(join(DEMO_DIR, 'catalogue.json'), 'utf8')) as Manifest;
}

export type DemoSeedResult =
  | { seeded: false; reason: 'catalogue-not-empty' | 'already-installed' }
  | { seeded: true; artists: number; albums: number; tracks: number; plays: number; ms: number };

/** Seeds the demo when it should be there (see above); safe to call on every start. */
/** What the demo seeder works with (deps.ts). */
export type DemoDeps = Pick<Deps, 'db' | 'database' | 'config' | 'storage' | 'events' | 'writeEvents'>;

export async function seedDemoCatalogueIfNeeded(deps: DemoDeps): Promise<DemoSeedResult> {
  return deps.database.exclusive(async () => {
    const [state] = await queryRows<{ tracks: number; demo: number }>(
      deps.db,
      sql`select (select count(*)::int from ${tracks}) as tracks,
                 (select count(*)::int from ${tracks} where ${tracks.src} like ${`${DEMO_AUDIO_FOLDER}/%`}) as demo`,
    );
    if (state!.demo > 0) return { seeded: false, reason: 'already-installed' } as const;
    if (state!.tracks > 0 && !deps.config.demo)
      return { seeded: false, reason: 'catalogue-not-empty' } as const;
    return seedDemoCatalogue(deps);
  });
}

type Prepared = {
  audio: Map<
    string,
    { key: string; size: number; durationMs: number; bitrate: number | null; format: string }
  >;
  images: Map<string, string>;
};

/** Copies the audio and draws the artwork into deps.storage; returns what the rows point at. */
async function prepareFiles(deps: DemoDeps, manifest: Manifest): Promise<Prepared> {
  const audio: Prepared['audio'] = new Map();
  const images: Prepared['images'] = new Map();
  const jobs: Promise<void>[] = [];

  for (const album of manifest.albums) {
    for (const [i] of album.tracks.entries()) {
      const file = demoAudioFile(album.key, i + 1);
      jobs.push(
        (async () => {
          const data = await readFile(join(DEMO_DIR, 'audio', file));
          const info = await inspectAudio(data);
          if (!info?.durationMs) throw new Error(`Demo audio ${file} is not readable audio`);
          const key = `${DEMO_AUDIO_FOLDER}/${file}`;
          await deps.storage.put(key, data, 'audio/mpeg');
          audio.set(file, {
            key,
            size: data.length,
            durationMs: info.durationMs,
            bitrate: info.bitrate,
            format: info.format,
          });
        })(),
      );
    }
  }

  const palettes = new Map(manifest.artists.map((a) => [a.key, a.palette]));
  const draw = (
    name: string,
    key: string,
    width: number,
    height: number,
    art: Parameters<typeof renderArt>[2],
  ) =>
    jobs.push(
      (async () => {
        await deps.storage.put(key, await renderArt(width, height, art), 'image/webp');
        images.set(name, deps.storage.publicUrl(key));
      })(),
    );
  for (const artist of manifest.artists) {
    const label = initialsOf(artist.name);
    draw(`artist-small:${artist.key}`, `demo/artists/${artist.key}-256.webp`, 256, 256, {
      seed: artist.key,
      palette: artist.palette,
      label,
    });
    draw(`artist-large:${artist.key}`, `demo/artists/${artist.key}-1000x400.webp`, 1000, 400, {
      seed: `${artist.key}-banner`,
      palette: artist.palette,
    });
  }
  for (const [i, album] of manifest.albums.entries()) {
    draw(`album:${album.key}`, `demo/albums/${album.key}-512.webp`, 512, 512, {
      seed: album.key,
      palette: palettes.get(album.artists[0]!)!,
      // Albums of one artist turn around the colour wheel so they are told apart at a glance.
      hue: ((i * 47) % 120) - 60,
    });
  }
  for (const genre of manifest.genres) {
    draw(`genre:${genre.name}`, `demo/genres/${genre.name}-400.webp`, 400, 400, {
      seed: `genre-${genre.name}`,
      palette: genre.palette,
      hue: 0,
    });
  }
  await Promise.all(jobs);
  return { audio, images };
}

/** A seeded generator, so the demo's play history is the same on every install. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DAY = 86_400_000;

/**
 * Adds the demo catalogue unconditionally (tests call this directly). Files first, rows after in
 * one transaction: a crash in between leaves only files that the next attempt overwrites.
 */
export async function seedDemoCatalogue(
  deps: DemoDeps,
  opts: { now?: Date } = {},
): Promise<Extract<DemoSeedResult, { seeded: true }>> {
  const started = performance.now();
  const manifest = await readDemoManifest();
  const files = await prepareFiles(deps, manifest);
  const now = opts.now ?? new Date();
  const counts = await deps.db.transaction(async (tx) =>
    insertRows(deps, tx as unknown as Database, manifest, files, now),
  );
  // The rows went in directly, in one transaction: announced once, like any catalogue write.
  await deps.events.emit('catalogue.changed', {});
  return { seeded: true, ...counts, ms: Math.round(performance.now() - started) };
}

async function insertRows(
  deps: Pick<Deps, 'writeEvents'>,
  db: Database,
  manifest: Manifest,
  files: Prepared,
  now: Date,
) {
  // Genres may exist already (DEMO_MODE on a catalogue of its own): reuse them by name.
  await db
    .insert(genres)
    .values(
      manifest.genres.map((g) => ({
        name: g.name,
        displayName: g.display_name,
        image: files.images.get(`genre:${g.name}`) ?? null,
      })),
    )
    .onConflictDoNothing({ target: genres.name });
  const genreRows = await db
    .select({ id: genres.id, name: genres.name })
    .from(genres)
    .where(
      inArray(
        genres.name,
        manifest.genres.map((g) => g.name),
      ),
    );
  const genreId = new Map(genreRows.map((g) => [g.name, g.id]));

  const artistRows = await db
    .insert(artists)
    .values(
      manifest.artists.map((a) => ({
        name: a.name,
        verified: a.verified,
        allowDownloads: a.allow_downloads ?? false,
        bio: a.bio,
        links: a.links,
        imageSmall: files.images.get(`artist-small:${a.key}`) ?? null,
        imageLarge: files.images.get(`artist-large:${a.key}`) ?? null,
      })),
    )
    .returning({ id: artists.id });
  const artistId = new Map(manifest.artists.map((a, i) => [a.key, artistRows[i]!.id]));
  await db
    .insert(artistGenre)
    .values(
      manifest.artists.flatMap((a) =>
        a.genres.map((g) => ({ artistId: artistId.get(a.key)!, genreId: genreId.get(g)! })),
      ),
    );

  const albumRows = await db
    .insert(albums)
    .values(
      manifest.albums.map((al) => ({
        name: al.name,
        type: al.type,
        releaseDate: al.release_date,
        description: al.description,
        image: files.images.get(`album:${al.key}`) ?? null,
        // Newest first in "New releases" reads by release date; created_at follows it too, so
        // lists ordered by creation agree.
        createdAt: new Date(`${al.release_date}T12:00:00Z`),
      })),
    )
    .returning({ id: albums.id });
  const albumId = new Map(manifest.albums.map((al, i) => [al.key, albumRows[i]!.id]));
  await db.insert(albumArtist).values(
    manifest.albums.flatMap((al) =>
      al.artists.map((k, position) => ({
        albumId: albumId.get(al.key)!,
        artistId: artistId.get(k)!,
        position,
      })),
    ),
  );

  const flat = manifest.albums.flatMap((al) =>
    al.tracks.map((t, i) => ({ album: al, track: t, number: i + 1 })),
  );
  const trackRows = await db
    .insert(tracks)
    .values(
      flat.map(({ album, track, number }) => {
        const audio = files.audio.get(demoAudioFile(album.key, number))!;
        return {
          name: track.name,
          albumId: albumId.get(album.key)!,
          number,
          durationMs: audio.durationMs,
          src: audio.key,
          fileSize: audio.size,
          format: audio.format,
          bitrate: audio.bitrate,
          explicit: track.explicit ?? false,
          createdAt: new Date(`${album.release_date}T12:00:00Z`),
        };
      }),
    )
    .returning({ id: tracks.id });
  const trackIds = trackRows.map((r) => r.id);
  await db.insert(trackArtist).values(
    flat.flatMap(({ album, track }, i) =>
      (track.artists ?? album.artists).map((k, position) => ({
        trackId: trackIds[i]!,
        artistId: artistId.get(k)!,
        position,
      })),
    ),
  );
  await db
    .insert(trackGenre)
    .values(flat.map(({ album }, i) => ({ trackId: trackIds[i]!, genreId: genreId.get(album.genre)! })));

  const playCount = await insertPlays(deps, db, flat, trackIds, files, now);
  await insertChannels(db);
  return { artists: artistRows.length, albums: albumRows.length, tracks: trackIds.length, plays: playCount };
}

/**
 * A month of anonymous listening, so "Popular this week", trending artists and all-time charts are
 * meaningful and differ: older favourites lead the month, recent releases lead the last week.
 */
async function insertPlays(
  deps: Pick<Deps, 'writeEvents'>,
  db: Database,
  flat: { album: Manifest['albums'][number]; track: ManifestTrack; number: number }[],
  trackIds: number[],
  files: Prepared,
  now: Date,
) {
  const rnd = random(20_260_501);
  const weights = flat.map(({ album }, i) => {
    const ageDays = (now.getTime() - Date.parse(album.release_date)) / DAY;
    const fresh = ageDays < 150 ? 4 : 1;
    const base = 0.4 + rnd() * 1.6 + (i % 5 === 0 ? 1.5 : 0);
    return { base, fresh };
  });
  const pickTrack = (recent: boolean) => {
    const ws = weights.map((w) => (recent ? w.base * w.fresh : w.base * (w.fresh > 1 ? 0.3 : 1.4)));
    let r = rnd() * ws.reduce((s, w) => s + w, 0);
    for (const [i, w] of ws.entries()) {
      r -= w;
      if (r <= 0) return i;
    }
    return ws.length - 1;
  };
  const rows: WriteEventMap['catalogue.demo_seeded']['plays'] = [];
  const TOTAL = 1400;
  for (let n = 0; n < TOTAL; n++) {
    // A third of the month's plays fall in the last 7 days, the rest spread over 8–30 days back.
    const recent = n % 3 === 0;
    const ageMs = recent ? rnd() * 7 * DAY : (7 + rnd() * 23) * DAY;
    const i = pickTrack(recent);
    const { album, number } = flat[i]!;
    const durationS = Math.floor(files.audio.get(demoAudioFile(album.key, number))!.durationMs / 1000);
    rows.push({
      trackId: trackIds[i]!,
      listener: `demo-listener-${Math.floor(rnd() * 180)}`,
      listenId: `demo-${n}`,
      secondsListened: Math.min(durationS, 30 + Math.floor(rnd() * Math.max(1, durationS - 30))),
      playedAt: new Date(now.getTime() - ageMs),
    });
  }
  // The player module keeps the plays log; it writes them in this transaction.
  await deps.writeEvents.emit(db, 'catalogue.demo_seeded', { plays: rows });

  // The counters mirror the plays log (what ranking by plays reads); a play credits every artist.
  await db.execute(sql`
    update ${tracks} t set plays = c.n
    from (select track_id, count(*)::bigint as n from ${plays} where ${inArray(plays.trackId, trackIds)} group by track_id) c
    where t.id = c.track_id`);
  await db.execute(sql`
    update ${albums} a set plays = c.n
    from (select t.album_id, sum(t.plays)::bigint as n from ${tracks} t where ${inArray(sql`t.id`, trackIds)} group by t.album_id) c
    where a.id = c.album_id`);
  await db.execute(sql`
    update ${artists} a set plays = c.n
    from (select ta.artist_id, sum(t.plays)::bigint as n from ${trackArtist} ta join ${tracks} t on t.id = ta.track_id
          where ${inArray(sql`t.id`, trackIds)} group by ta.artist_id) c
    where a.id = c.artist_id`);
  return rows.length;
}

// Names and descriptions are stored in English as catalogue sources, read in the reader's language.
const HOME_ROWS: { name: string; slug: string; config: ChannelConfig }[] = [
  {
    name: msg('Popular this week'),
    slug: 'popular-this-week',
    config: { contentType: 'track', rule: 'popular_week', layout: 'track_table', limit: 10 },
  },
  {
    name: msg('New releases'),
    slug: 'new-releases',
    config: { contentType: 'album', rule: 'newest', layout: 'carousel', limit: 12 },
  },
  {
    name: msg('Trending artists'),
    slug: 'trending-artists',
    config: { contentType: 'artist', rule: 'popular_week', layout: 'carousel', limit: 12 },
  },
  {
    name: msg('Genres'),
    slug: 'genres',
    config: { contentType: 'genre', rule: 'alphabetical', layout: 'grid', limit: 20 },
  },
  {
    name: msg('Popular albums'),
    slug: 'popular-albums',
    config: { contentType: 'album', rule: 'popular_all_time', layout: 'carousel', limit: 12 },
  },
];

/**
 * The home page (`discover`) and its rows. Channels an admin already made keep their content: a
 * slug that exists is left alone, and a `discover` of their own is not rearranged.
 */
async function insertChannels(db: Database) {
  await db
    .insert(channels)
    .values(HOME_ROWS.map((c) => ({ name: c.name, slug: c.slug, config: c.config })))
    .onConflictDoNothing({ target: channels.slug });
  const home = await db
    .insert(channels)
    .values({
      name: msg('Discover'),
      slug: HOME_CHANNEL_SLUG,
      description: msg('New and popular music on Zema.'),
      config: { contentType: 'channel', rule: 'manual', layout: 'grid', limit: 20 },
    })
    .onConflictDoNothing({ target: channels.slug })
    .returning({ id: channels.id });
  if (!home.length) return;
  const rows = await db
    .select({ id: channels.id, slug: channels.slug })
    .from(channels)
    .where(
      inArray(
        channels.slug,
        HOME_ROWS.map((c) => c.slug),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.slug, r.id]));
  await db.insert(channelItems).values(
    HOME_ROWS.map((c, position) => ({
      channelId: home[0]!.id,
      itemType: 'channel' as const,
      itemId: idOf.get(c.slug)!,
      position,
    })),
  );
}
