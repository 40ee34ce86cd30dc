import { RADIO_LIMITS, type RadioNowPlaying, type RadioSong, type Track } from '@zema/contracts';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { loadTracks } from '#src/modules/catalogue/index';
import { artists, trackArtist, tracks } from '#src/modules/catalogue/tables';
import type { StationSchedule } from './builtin/types';
import { radioPlays, radioStations } from './radio.tables';
import { NothingToPlayError } from './schedule';
import type { SourceReading, SourceSong } from './sources/types';
import type { StationRow } from './stations.service';

type PlayRow = typeof radioPlays.$inferSelect;

/** A history row as the page shows it, with its catalogue track when it has one. */
function toSong(row: PlayRow, track: Track | undefined): RadioSong {
  return {
    title: row.title,
    artist: row.artist,
    album: row.album,
    art: row.art ?? track?.image ?? null,
    started_at: row.startedAt.toISOString(),
    duration: row.durationMs === null ? null : row.durationMs / 1000,
    track: track ?? null,
  };
}

async function songs(db: Database, rows: PlayRow[]): Promise<RadioSong[]> {
  const ids = rows.flatMap((r) => (r.trackId ? [r.trackId] : []));
  const byId = new Map((await loadTracks(db, ids)).map((t) => [t.id, t]));
  return rows.map((row) => toSong(row, row.trackId ? byId.get(row.trackId) : undefined));
}

/**
 * A station's live state as the page and the events carry it. The built-in station's song is the
 * schedule's song of this moment (planned if need be); an outside station's is the last song its
 * watcher recorded. History: the songs before it, newest first.
 */
export async function readNowPlaying(
  db: Database,
  station: StationRow,
  opts: { schedule?: StationSchedule; listeners?: number | null; at?: number } = {},
): Promise<RadioNowPlaying> {
  if (station.source.kind === 'none') return { song: null, listeners: null, history: [] };
  let current: PlayRow | undefined;
  if (opts.schedule) {
    const song = await opts.schedule.songAt(opts.at ?? Date.now()).catch((err: unknown) => {
      // An empty catalogue: the station is on air with nothing to play yet.
      if (err instanceof NothingToPlayError) return null;
      throw err;
    });
    if (!song) return { song: null, listeners: opts.listeners ?? null, history: [] };
    [current] = await db
      .select()
      .from(radioPlays)
      .where(and(eq(radioPlays.stationId, station.id), eq(radioPlays.seq, song.seq)))
      .limit(1);
  } else {
    [current] = await db
      .select()
      .from(radioPlays)
      .where(eq(radioPlays.stationId, station.id))
      .orderBy(desc(radioPlays.startedAt), desc(radioPlays.id))
      .limit(1);
  }
  const before = current
    ? await db
        .select()
        .from(radioPlays)
        .where(and(eq(radioPlays.stationId, station.id), lt(radioPlays.startedAt, current.startedAt)))
        .orderBy(desc(radioPlays.startedAt), desc(radioPlays.id))
        .limit(RADIO_LIMITS.history)
    : [];
  const [song, ...history] = await songs(db, current ? [current, ...before] : []);
  return {
    song: song ?? null,
    listeners: opts.listeners !== undefined ? opts.listeners : station.listeners,
    history,
  };
}

const sameSong = (row: PlayRow | undefined, song: SourceSong) =>
  !!row && row.title === song.title && (row.artist ?? null) === (song.artist ?? null);

/**
 * Keeps what an outside source said: a new song becomes a history row (matched to the catalogue
 * once, here), a new listener count goes on the station. Says whether anything changed.
 */
export async function recordReading(
  db: Database,
  station: StationRow,
  reading: SourceReading,
): Promise<boolean> {
  let changed = false;
  if (reading.listeners !== station.listeners) {
    await db
      .update(radioStations)
      .set({ listeners: reading.listeners })
      .where(eq(radioStations.id, station.id));
    station.listeners = reading.listeners;
    changed = true;
  }
  const song = reading.song;
  if (!song) return changed;
  const [last] = await db
    .select()
    .from(radioPlays)
    .where(eq(radioPlays.stationId, station.id))
    .orderBy(desc(radioPlays.startedAt), desc(radioPlays.id))
    .limit(1);
  if (sameSong(last, song)) return changed;
  const startedAt = song.startedAt ? new Date(song.startedAt) : new Date();
  await db.insert(radioPlays).values({
    stationId: station.id,
    title: song.title,
    artist: song.artist,
    album: song.album,
    art: song.art,
    trackId: await matchTrack(db, song),
    // A source's clock may lag: the row still goes after the one before it.
    startedAt: last && startedAt <= last.startedAt ? new Date(last.startedAt.getTime() + 1) : startedAt,
    durationMs: song.duration === null ? null : Math.round(song.duration * 1000),
  });
  // History is what the page shows; older rows of an outside station are of no use.
  await db.execute(sql`
    delete from ${radioPlays} where ${radioPlays.stationId} = ${station.id} and ${radioPlays.seq} is null
    and ${radioPlays.id} not in (
      select ${radioPlays.id} from ${radioPlays} where ${radioPlays.stationId} = ${station.id}
      order by ${radioPlays.startedAt} desc, ${radioPlays.id} desc limit ${RADIO_LIMITS.history * 5}
    )`);
  return true;
}

/**
 * "Find this song in Zema": the catalogue's track of this title by an artist of this name (case
 * and spacing aside), the most played when several match.
 */
export async function matchTrack(
  db: Database,
  song: Pick<SourceSong, 'title' | 'artist'>,
): Promise<number | null> {
  if (!song.artist) return null;
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  const [row] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .innerJoin(trackArtist, eq(trackArtist.trackId, tracks.id))
    .innerJoin(artists, eq(artists.id, trackArtist.artistId))
    .where(
      and(
        sql`lower(${tracks.name}) = ${norm(song.title)}`,
        inArray(sql`lower(${artists.name})`, splitArtists(song.artist).map(norm)),
      ),
    )
    .orderBy(desc(tracks.plays), desc(tracks.id))
    .limit(1);
  return row?.id ?? null;
}

/** "A, B & C feat. D" → each name, so a song credited to several still finds its track. */
function splitArtists(text: string): string[] {
  const parts = text.split(/\s*(?:,|&|\bfeat\.?|\bft\.?|\bx\b|\band\b)\s*/i).filter(Boolean);
  return [...new Set([text, ...parts])];
}
