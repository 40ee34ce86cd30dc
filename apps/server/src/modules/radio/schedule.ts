import type { RadioSourceConfig } from '@zema/contracts';
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { albums, artists, channelItems, trackArtist, tracks } from '#src/modules/catalogue/tables';
import { playlists, playlistTracks } from '#src/modules/library/tables';
import type { FileStorage } from '#src/platform/storage';
import type { ScheduledSong, StationSchedule } from './builtin/types';
import { radioPlays } from './radio.tables';

type BuiltinConfig = Extract<RadioSourceConfig, { kind: 'builtin' }>;

/** Tracks a rule draws from; a catalogue larger than this rotates over its best (or newest) part. */
const POOL_SIZE = 200;
/** Songs that may not come back before this many others played (fewer when the pool is small). */
const NO_REPEAT_WITHIN = 20;
/** A stored file the station will not read into memory. */
const MAX_AUDIO_BYTES = 64 * 1024 * 1024;
/** A track without a known duration plays as if it were this long (the stream's boundary). */
const FALLBACK_DURATION_MS = 180_000;

export type ScheduleDeps = { db: Database; storage: FileStorage };

type PlayRow = typeof radioPlays.$inferSelect;
type Candidate = { id: number; durationMs: number };

/**
 * The built-in station's schedule, kept in `radio_plays` so every instance plays the same song
 * from the same moment: song n+1 is planned by whichever instance first needs it (the unique
 * `(station, seq)` index lets exactly one insert win; the others read the winner's row). A song
 * follows the one before without a gap. After a time nobody listened, the next song is placed
 * so that it is already playing (a live station never starts over for its first listener).
 */
export function createStationSchedule(
  deps: ScheduleDeps,
  stationId: number,
  config: () => Promise<BuiltinConfig>,
  random: () => number = Math.random,
): StationSchedule {
  const toSong = async (row: PlayRow): Promise<ScheduledSong> => ({
    seq: row.seq ?? 0,
    trackId: row.trackId ?? 0,
    title: row.title,
    artist: row.artist,
    startedAt: row.startedAt.getTime(),
    durationMs: row.durationMs ?? FALLBACK_DURATION_MS,
    readAudio: () => readTrackAudio(deps, row.trackId),
  });

  const latest = async (): Promise<PlayRow | undefined> => {
    const [row] = await deps.db
      .select()
      .from(radioPlays)
      .where(and(eq(radioPlays.stationId, stationId), isNotNull(radioPlays.seq)))
      .orderBy(desc(radioPlays.seq))
      .limit(1);
    return row;
  };

  const bySeq = async (seq: number): Promise<PlayRow | undefined> => {
    const [row] = await deps.db
      .select()
      .from(radioPlays)
      .where(and(eq(radioPlays.stationId, stationId), eq(radioPlays.seq, seq)))
      .limit(1);
    return row;
  };

  /** Plans the song after `previous` (or the first) so that it plays at `at`; returns the row that won. */
  const planAfter = async (previous: PlayRow | undefined, at: number): Promise<PlayRow> => {
    const seq = (previous?.seq ?? 0) + 1;
    const pick = await pickNext(deps.db, stationId, await config(), random, at);
    if (!pick) throw new NothingToPlayError();
    const end = previous
      ? previous.startedAt.getTime() + (previous.durationMs ?? FALLBACK_DURATION_MS)
      : null;
    // Continuous when the last song just ended; after a silence, already partly played.
    let startedAt = end ?? at;
    if (end === null || at - end >= pick.durationMs) {
      const offset =
        end === null ? Math.floor(random() * pick.durationMs * 0.5) : (at - end) % pick.durationMs;
      startedAt = at - offset;
    }
    const meta = await songMeta(deps.db, pick.id);
    await deps.db
      .insert(radioPlays)
      .values({
        stationId,
        seq,
        title: meta.title,
        artist: meta.artist,
        album: meta.album,
        art: meta.art,
        trackId: pick.id,
        startedAt: new Date(startedAt),
        durationMs: pick.durationMs,
      })
      .onConflictDoNothing();
    const row = await bySeq(seq);
    if (!row) throw new Error(`radio schedule: song ${seq} of station ${stationId} vanished`);
    return row;
  };

  return {
    async songAt(at) {
      let row = await latest();
      if (row && row.startedAt.getTime() > at) {
        // Planned ahead of `at` (another instance's clock runs ahead): the song on air at `at`,
        // or else the first one after it.
        const [covering] = await deps.db
          .select()
          .from(radioPlays)
          .where(
            and(
              eq(radioPlays.stationId, stationId),
              isNotNull(radioPlays.seq),
              sql`${radioPlays.startedAt} <= ${new Date(at)}`,
              sql`${radioPlays.startedAt} + make_interval(secs => coalesce(${radioPlays.durationMs}, ${FALLBACK_DURATION_MS}) / 1000.0) > ${new Date(at)}`,
            ),
          )
          .orderBy(desc(radioPlays.seq))
          .limit(1);
        const [next] = covering
          ? [covering]
          : await deps.db
              .select()
              .from(radioPlays)
              .where(
                and(
                  eq(radioPlays.stationId, stationId),
                  isNotNull(radioPlays.seq),
                  sql`${radioPlays.startedAt} > ${new Date(at)}`,
                ),
              )
              .orderBy(radioPlays.seq)
              .limit(1);
        return toSong(next ?? row);
      }
      // Each round plans one song; a silence of any length needs at most two.
      for (let round = 0; round < 5; round++) {
        const end = row ? row.startedAt.getTime() + (row.durationMs ?? FALLBACK_DURATION_MS) : null;
        if (row && end !== null && end > at) return toSong(row);
        row = await planAfter(row, at);
      }
      return toSong(row!);
    },
    async after(song) {
      const next = await bySeq(song.seq + 1);
      if (next) return toSong(next);
      // The row's end, not the one `song` was read with: an admin may have cut it short since.
      const current = await bySeq(song.seq);
      const end = current
        ? current.startedAt.getTime() + (current.durationMs ?? FALLBACK_DURATION_MS)
        : song.startedAt + song.durationMs;
      return toSong(await planAfter(current, end));
    },
  };
}

export class NothingToPlayError extends Error {
  override name = 'NothingToPlayError';
  constructor() {
    super('the built-in station has no playable track');
  }
}

/** The track's stored audio, read whole (songs are minutes long; the broadcaster frames it). */
async function readTrackAudio(deps: ScheduleDeps, trackId: number | null): Promise<Buffer> {
  if (!trackId) throw new Error('radio: the song has no track');
  const [row] = await deps.db.select({ src: tracks.src }).from(tracks).where(eq(tracks.id, trackId)).limit(1);
  if (!row?.src) throw new Error(`radio: track ${trackId} has no audio`);
  const file = await deps.storage.get(row.src);
  if (!file) throw new Error(`radio: the audio of track ${trackId} is missing`);
  if (file.size > MAX_AUDIO_BYTES) {
    file.stream.destroy();
    throw new Error(`radio: the audio of track ${trackId} is too large to broadcast`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What the page, the history and ICY say about a track: title, artists, album, art. */
export async function songMeta(db: Database, trackId: number) {
  const [row] = await db
    .select({
      title: tracks.name,
      image: tracks.image,
      album: albums.name,
      albumImage: albums.image,
      artists: sql<string | null>`(select string_agg(${artists.name}, ', ' order by ${trackArtist.position})
        from ${trackArtist} join ${artists} on ${artists.id} = ${trackArtist.artistId}
        where ${trackArtist.trackId} = ${tracks.id})`,
    })
    .from(tracks)
    .leftJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(tracks.id, trackId))
    .limit(1);
  return {
    title: row?.title ?? '',
    artist: row?.artists ?? null,
    album: row?.album ?? null,
    art: row?.image ?? row?.albumImage ?? null,
  };
}

const playable = and(isNotNull(tracks.src), gt(tracks.durationMs, 0));

/** The tracks the station draws from now: today's playlist, else its channel, else its rule. */
async function candidates(
  db: Database,
  config: BuiltinConfig,
  at: number,
): Promise<{ ordered: boolean; tracks: Candidate[] }> {
  const select = { id: tracks.id, durationMs: tracks.durationMs };
  const day = new Date(at).toISOString().slice(0, 10);
  const scheduled = config.schedule.find((s) => s.date === day);
  if (scheduled) {
    // A public playlist only: the station plays to everyone.
    const rows = await db
      .select(select)
      .from(playlistTracks)
      .innerJoin(playlists, eq(playlists.id, playlistTracks.playlistId))
      .innerJoin(tracks, eq(tracks.id, playlistTracks.trackId))
      .where(and(eq(playlistTracks.playlistId, scheduled.playlist_id), eq(playlists.public, true), playable))
      .orderBy(playlistTracks.position, playlistTracks.id);
    if (rows.length) return { ordered: true, tracks: rows };
  }
  if (config.channel_id) {
    const items = await db
      .select({ type: channelItems.itemType, id: channelItems.itemId })
      .from(channelItems)
      .where(eq(channelItems.channelId, config.channel_id))
      .orderBy(channelItems.position);
    const ids = (type: string) => items.filter((i) => i.type === type).map((i) => i.id);
    const [byTrack, byAlbum, byArtist] = await Promise.all([
      ids('track').length
        ? db
            .select(select)
            .from(tracks)
            .where(and(inArray(tracks.id, ids('track')), playable))
        : [],
      ids('album').length
        ? db
            .select(select)
            .from(tracks)
            .where(and(inArray(tracks.albumId, ids('album')), playable))
            .limit(POOL_SIZE)
        : [],
      ids('artist').length
        ? db
            .select(select)
            .from(tracks)
            .innerJoin(trackArtist, eq(trackArtist.trackId, tracks.id))
            .where(and(inArray(trackArtist.artistId, ids('artist')), playable))
            .limit(POOL_SIZE)
        : [],
    ]);
    const pool = new Map([...byTrack, ...byAlbum, ...byArtist].map((t) => [t.id, t]));
    if (pool.size) return { ordered: false, tracks: [...pool.values()] };
  }
  const order =
    config.rule === 'newest'
      ? [desc(tracks.createdAt), desc(tracks.id)]
      : config.rule === 'popular'
        ? [desc(tracks.plays), desc(tracks.id)]
        : [sql`random()`];
  const rows = await db
    .select(select)
    .from(tracks)
    .where(playable)
    .orderBy(...order)
    .limit(POOL_SIZE);
  return { ordered: false, tracks: rows };
}

/**
 * The next song: a scheduled playlist in its order (after the last of its songs that played),
 * otherwise a random draw from the pool leaving out the songs played most recently, so none comes
 * back right away.
 */
async function pickNext(
  db: Database,
  stationId: number,
  config: BuiltinConfig,
  random: () => number,
  at: number,
): Promise<Candidate | null> {
  const pool = await candidates(db, config, at);
  if (!pool.tracks.length) return null;
  const recent = await db
    .select({ trackId: radioPlays.trackId })
    .from(radioPlays)
    .where(and(eq(radioPlays.stationId, stationId), isNotNull(radioPlays.seq)))
    .orderBy(desc(radioPlays.seq))
    .limit(NO_REPEAT_WITHIN);
  if (pool.ordered) {
    const last = recent.find((r) => pool.tracks.some((t) => t.id === r.trackId));
    const index = last ? pool.tracks.findIndex((t) => t.id === last.trackId) : -1;
    return pool.tracks[(index + 1) % pool.tracks.length]!;
  }
  const keepOut = new Set(
    recent.slice(0, Math.max(0, Math.min(NO_REPEAT_WITHIN, pool.tracks.length - 1))).map((r) => r.trackId),
  );
  const choices = pool.tracks.filter((t) => !keepOut.has(t.id));
  const from = choices.length ? choices : pool.tracks;
  return from[Math.floor(random() * from.length)]!;
}

/**
 * Ends the built-in station's song on air at `at` (the admin's "skip"): its row is cut short and
 * the songs planned after it are forgotten, so the next one is planned from this moment. Returns
 * the song that was cut, or null when nothing was on air.
 */
export async function endSongNow(db: Database, stationId: number, at: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(radioPlays)
      .where(
        and(
          eq(radioPlays.stationId, stationId),
          isNotNull(radioPlays.seq),
          sql`${radioPlays.startedAt} <= ${new Date(at)}`,
        ),
      )
      .orderBy(desc(radioPlays.seq))
      .limit(1)
      .for('update');
    if (!row || row.seq === null) return null;
    const playedMs = Math.max(1, at - row.startedAt.getTime());
    if (playedMs >= (row.durationMs ?? FALLBACK_DURATION_MS)) return null;
    await tx.update(radioPlays).set({ durationMs: playedMs }).where(eq(radioPlays.id, row.id));
    await tx
      .delete(radioPlays)
      .where(and(eq(radioPlays.stationId, stationId), sql`${radioPlays.seq} > ${row.seq}`));
    return row.seq;
  });
}
