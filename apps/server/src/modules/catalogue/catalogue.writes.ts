import { readFile } from 'node:fs/promises';
import {
  msg,
  RELEASE_MESSAGES,
  type Track,
  type UpsertAlbumRequest,
  type UpsertArtistRequest,
  type UpsertChannelRequest,
  type UpsertTrackRequest,
} from '@zema/contracts';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUniqueViolation } from '#src/db/errors';
import { inspectAudio } from '#src/lib/audio';
import { invalidInput } from '#src/lib/errors';
import type { Actor } from '#src/modules/audit/index';
import { trackDrafts } from '#src/modules/backstage/tables';
import {
  albumArtist,
  albums,
  artistGenre,
  artists,
  channelItems,
  channels,
  genres,
  trackArtist,
  trackGenre,
  tracks,
} from '#src/modules/catalogue/tables';
import { fileEntries } from '#src/modules/uploads/tables';
import type { Deps } from '#src/platform/deps';
import { generateStorageKey } from '#src/platform/storage';
import { auditCatalogueWrite, catalogueSnapshot } from './catalogue.audit';
import { getTrack } from './catalogue.queries';
import { firstAudioDecodes, UNDECODABLE_AUDIO_MESSAGE } from './ingest/index';
import { queueTrackAudio, type TrackAudio, trackAudioColumns } from './track-audio';

/**
 * Catalogue writes (admin API now, backstage later, and the demo seeder). Each returns the new or
 * changed row's id and announces `catalogue.changed` (see `announced` at the end); reads go through
 * catalogue.loaders so every answer has one shape. Given the `actor` (last argument: the admin or
 * artist of an API request), a write records its audit entry in its own transaction
 * (catalogue.audit.ts), so a write that fails leaves none; a seeder or fixture passes none.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

export type GenreInput = { name: string; display_name?: string; image?: string | null };

export const CATALOGUE_MESSAGES = {
  unknownArtists: msg('One or more artists do not exist.'),
  unknownAlbum: msg('The album does not exist.'),
  slugTaken: msg('This slug is already taken.'),
  genreNameTaken: msg('A genre with this name already exists.'),
  notAudio: msg('The file is not a supported audio file (mp3, ogg, opus, flac, m4a, wav, webm).'),
  audioTooLarge: msg('The audio file is too large.'),
  selectAudio: msg('Select an audio file.'),
  entryNotYours: RELEASE_MESSAGES.entryNotYours,
  entryUsed: RELEASE_MESSAGES.entryUsed,
  unknownItems: msg('One or more items do not exist.'),
  notOnAlbum: msg('One or more tracks are not on this album.'),
} as const;

/** URL key of a genre: lower case, dashes for spaces ("Hip Hop" → "hip-hop"). */
export function genreKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s/_]+/g, '-')
    .replace(/-+/g, '-');
}

/** Ids of genres by name, creating the ones that do not exist yet. */
export async function ensureGenres(db: Db, names: readonly string[]): Promise<number[]> {
  const wanted = new Map<string, string>();
  for (const raw of names) {
    const key = genreKey(raw);
    if (key && !wanted.has(key)) wanted.set(key, raw.trim());
  }
  if (!wanted.size) return [];
  await db
    .insert(genres)
    .values([...wanted].map(([name, displayName]) => ({ name, displayName })))
    .onConflictDoNothing({ target: genres.name });
  const rows = await db
    .select({ id: genres.id, name: genres.name })
    .from(genres)
    .where(inArray(genres.name, [...wanted.keys()]));
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return [...wanted.keys()].map((k) => byName.get(k)!);
}

/** Creates a genre, or updates the one with the same name (audited as that: `genre.update`). */
async function dbCreateGenre(db: Database, input: GenreInput, actor?: Actor): Promise<number> {
  const name = genreKey(input.name);
  const displayName = input.display_name?.trim() || input.name.trim();
  return db.transaction(async (tx) => {
    const [existing] = actor
      ? await tx.select({ id: genres.id }).from(genres).where(eq(genres.name, name))
      : [];
    const before = existing ? await catalogueSnapshot(tx, 'genre', existing.id, actor) : null;
    const [row] = await tx
      .insert(genres)
      .values({ name, displayName, image: input.image ?? null })
      .onConflictDoUpdate({
        target: genres.name,
        set: { displayName, ...(input.image !== undefined ? { image: input.image } : {}) },
      })
      .returning({ id: genres.id });
    await auditCatalogueWrite(tx, actor, before ? 'genre.update' : 'genre.create', row!.id, before);
    return row!.id;
  });
}

/** Renames and edits a genre; a name (URL key) another genre has is a 422 on `name`. */
async function dbUpdateGenre(db: Database, id: number, input: GenreInput, actor?: Actor): Promise<boolean> {
  const name = genreKey(input.name);
  const taken = () => invalidInput({ name: [CATALOGUE_MESSAGES.genreNameTaken] });
  const [clash] = await db
    .select({ id: genres.id })
    .from(genres)
    .where(and(eq(genres.name, name), ne(genres.id, id)));
  if (clash) throw taken();
  try {
    return await db.transaction(async (tx) => {
      const before = await catalogueSnapshot(tx, 'genre', id, actor);
      const rows = await tx
        .update(genres)
        .set({
          name,
          displayName: input.display_name?.trim() || input.name.trim(),
          ...(input.image !== undefined ? { image: input.image } : {}),
        })
        .where(eq(genres.id, id))
        .returning({ id: genres.id });
      if (!rows.length) return false;
      await auditCatalogueWrite(tx, actor, 'genre.update', id, before);
      return true;
    });
  } catch (err) {
    // Another request took the name between the check and the update.
    if (isUniqueViolation(err, 'genres_name_unique')) throw taken();
    throw err;
  }
}

async function assertArtistsExist(db: Db, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await db.select({ id: artists.id }).from(artists).where(inArray(artists.id, unique));
  if (found.length !== unique.length) throw invalidInput({ artist_ids: [CATALOGUE_MESSAGES.unknownArtists] });
}

const credits = <T>(ids: readonly number[], make: (artistId: number, position: number) => T): T[] =>
  [...new Set(ids)].map((artistId, position) => make(artistId, position));

async function dbCreateArtist(db: Database, input: UpsertArtistRequest, actor?: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(artists)
      .values({
        name: input.name,
        verified: input.verified ?? false,
        imageSmall: input.image_small ?? null,
        imageLarge: input.image_large ?? null,
        bio: input.bio ?? null,
        links: input.links ?? [],
        allowDownloads: input.allow_downloads ?? false,
      })
      .returning({ id: artists.id });
    if (input.genres?.length) {
      const genreIds = await ensureGenres(tx, input.genres);
      await tx.insert(artistGenre).values(genreIds.map((genreId) => ({ artistId: row!.id, genreId })));
    }
    await auditCatalogueWrite(tx, actor, 'artist.create', row!.id, null);
    return row!.id;
  });
}

/** Replaces the fields given; omitted optional fields keep their value. */
async function dbUpdateArtist(
  db: Database,
  id: number,
  input: UpsertArtistRequest,
  actor?: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await catalogueSnapshot(tx, 'artist', id, actor);
    const rows = await tx
      .update(artists)
      .set({
        name: input.name,
        ...(input.verified !== undefined ? { verified: input.verified } : {}),
        ...(input.image_small !== undefined ? { imageSmall: input.image_small } : {}),
        ...(input.image_large !== undefined ? { imageLarge: input.image_large } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(input.links !== undefined ? { links: input.links } : {}),
        ...(input.allow_downloads !== undefined ? { allowDownloads: input.allow_downloads } : {}),
        updatedAt: new Date(),
      })
      .where(eq(artists.id, id))
      .returning({ id: artists.id });
    if (!rows.length) return false;
    if (input.genres !== undefined) {
      await tx.delete(artistGenre).where(eq(artistGenre.artistId, id));
      const genreIds = await ensureGenres(tx, input.genres);
      if (genreIds.length)
        await tx.insert(artistGenre).values(genreIds.map((genreId) => ({ artistId: id, genreId })));
    }
    await auditCatalogueWrite(tx, actor, 'artist.update', id, before);
    return true;
  });
}

async function dbDeleteArtist(deps: StorageHolder, id: number, actor?: Actor): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const before = await catalogueSnapshot(tx, 'artist', id, actor);
    await deps.writeEvents.emit(tx, 'catalogue.deleting', { kind: 'artist', ids: [id] });
    const rows = await tx.delete(artists).where(eq(artists.id, id)).returning({ id: artists.id });
    if (!rows.length) return false;
    await auditCatalogueWrite(tx, actor, 'artist.delete', id, before);
    return true;
  });
}

async function dbCreateAlbum(db: Database, input: UpsertAlbumRequest, actor?: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    await assertArtistsExist(tx, input.artist_ids);
    const [row] = await tx
      .insert(albums)
      .values({
        name: input.name,
        image: input.image ?? null,
        releaseDate: input.release_date ?? null,
        type: input.type ?? 'album',
        description: input.description ?? null,
      })
      .returning({ id: albums.id });
    await tx
      .insert(albumArtist)
      .values(credits(input.artist_ids, (artistId, position) => ({ albumId: row!.id, artistId, position })));
    await auditCatalogueWrite(tx, actor, 'album.create', row!.id, null);
    return row!.id;
  });
}

async function dbUpdateAlbum(
  db: Database,
  id: number,
  input: UpsertAlbumRequest,
  actor?: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await assertArtistsExist(tx, input.artist_ids);
    const before = await catalogueSnapshot(tx, 'album', id, actor);
    const rows = await tx
      .update(albums)
      .set({
        name: input.name,
        ...(input.image !== undefined ? { image: input.image } : {}),
        ...(input.release_date !== undefined ? { releaseDate: input.release_date } : {}),
        ...(input.type !== undefined ? { type: input.type } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        updatedAt: new Date(),
      })
      .where(eq(albums.id, id))
      .returning({ id: albums.id });
    if (!rows.length) return false;
    await tx.delete(albumArtist).where(eq(albumArtist.albumId, id));
    await tx
      .insert(albumArtist)
      .values(credits(input.artist_ids, (artistId, position) => ({ albumId: id, artistId, position })));
    if (input.track_ids?.length) await renumberTracks(tx, id, input.track_ids);
    await auditCatalogueWrite(tx, actor, 'album.update', id, before);
    return true;
  });
}

/**
 * The album's track order (the admin's drag or keyboard reorder): the given tracks get numbers 1
 * to n in one statement. Every one must be on this album, so an order cannot pull in or renumber
 * another album's track.
 */
async function renumberTracks(tx: Tx, albumId: number, trackIds: readonly number[]) {
  const ids = [...new Set(trackIds)];
  const onAlbum = await tx
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.albumId, albumId), inArray(tracks.id, ids)));
  if (onAlbum.length !== ids.length) throw invalidInput({ track_ids: [CATALOGUE_MESSAGES.notOnAlbum] });
  await tx.execute(sql`
    update ${tracks} set number = o.n, updated_at = now()
    from unnest(${sql.raw(`array[${ids.join(',')}]::int[]`)}) with ordinality as o(id, n)
    where ${tracks.id} = o.id`);
}

/** Deletes the album; its tracks stay in the catalogue without an album (tracks.album_id → null). */
async function dbDeleteAlbum(deps: StorageHolder, id: number, actor?: Actor): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const before = await catalogueSnapshot(tx, 'album', id, actor);
    await deps.writeEvents.emit(tx, 'catalogue.deleting', { kind: 'album', ids: [id] });
    const rows = await tx.delete(albums).where(eq(albums.id, id)).returning({ id: albums.id });
    if (!rows.length) return false;
    await auditCatalogueWrite(tx, actor, 'album.delete', id, before);
    return true;
  });
}

async function assertAlbumExists(db: Db, albumId: number | null | undefined) {
  if (!albumId) return;
  const [row] = await db.select({ id: albums.id }).from(albums).where(eq(albums.id, albumId));
  if (!row) throw invalidInput({ album_id: [CATALOGUE_MESSAGES.unknownAlbum] });
}

async function dbCreateTrack(db: Database, input: UpsertTrackRequest, actor?: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    await assertArtistsExist(tx, input.artist_ids);
    await assertAlbumExists(tx, input.album_id);
    const [row] = await tx
      .insert(tracks)
      .values({
        name: input.name,
        albumId: input.album_id ?? null,
        number: input.number ?? null,
        durationMs: input.duration_ms ?? 0,
        explicit: input.explicit ?? false,
        image: input.image ?? null,
      })
      .returning({ id: tracks.id });
    await tx
      .insert(trackArtist)
      .values(credits(input.artist_ids, (artistId, position) => ({ trackId: row!.id, artistId, position })));
    if (input.genres?.length) {
      const genreIds = await ensureGenres(tx, input.genres);
      await tx.insert(trackGenre).values(genreIds.map((genreId) => ({ trackId: row!.id, genreId })));
    }
    await auditCatalogueWrite(tx, actor, 'track.create', row!.id, null);
    return row!.id;
  });
}

async function dbUpdateTrack(
  db: Database,
  id: number,
  input: UpsertTrackRequest,
  actor?: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await assertArtistsExist(tx, input.artist_ids);
    await assertAlbumExists(tx, input.album_id);
    const before = await catalogueSnapshot(tx, 'track', id, actor);
    const rows = await tx
      .update(tracks)
      .set({
        name: input.name,
        ...(input.album_id !== undefined ? { albumId: input.album_id } : {}),
        ...(input.number !== undefined ? { number: input.number } : {}),
        ...(input.duration_ms !== undefined ? { durationMs: input.duration_ms } : {}),
        ...(input.explicit !== undefined ? { explicit: input.explicit } : {}),
        ...(input.image !== undefined ? { image: input.image } : {}),
        updatedAt: new Date(),
      })
      .where(eq(tracks.id, id))
      .returning({ id: tracks.id });
    if (!rows.length) return false;
    await tx.delete(trackArtist).where(eq(trackArtist.trackId, id));
    await tx
      .insert(trackArtist)
      .values(credits(input.artist_ids, (artistId, position) => ({ trackId: id, artistId, position })));
    if (input.genres !== undefined) {
      await tx.delete(trackGenre).where(eq(trackGenre.trackId, id));
      const genreIds = await ensureGenres(tx, input.genres);
      if (genreIds.length)
        await tx.insert(trackGenre).values(genreIds.map((genreId) => ({ trackId: id, genreId })));
    }
    await auditCatalogueWrite(tx, actor, 'track.update', id, before);
    return true;
  });
}

/** What the writes that touch stored files, or rows other modules own, need. */
type StorageHolder = Pick<Deps, 'db' | 'storage' | 'writeEvents' | 'claimUpload'>;

/** Deletes the track and its audio file. */
async function dbDeleteTrack(deps: StorageHolder, id: number, actor?: Actor): Promise<boolean> {
  const removed = await deps.db.transaction(async (tx) => {
    const before = await catalogueSnapshot(tx, 'track', id, actor);
    await deps.writeEvents.emit(tx, 'catalogue.deleting', { kind: 'track', ids: [id] });
    const rows = await tx
      .delete(tracks)
      .where(eq(tracks.id, id))
      .returning({ src: tracks.src, pendingSrc: tracks.pendingSrc });
    if (rows.length) await auditCatalogueWrite(tx, actor, 'track.delete', id, before);
    return rows;
  });
  if (!removed.length) return false;
  // After the commit: a failed file removal leaves an orphan file, never a track without audio. A
  // file still waiting for its analysis goes too (its job then finds no track and does nothing).
  for (const key of [removed[0]!.src, removed[0]!.pendingSrc])
    if (key) await deps.storage.delete(key).catch(() => {});
  return true;
}

export class AudioInputError extends Error {
  override name = 'AudioInputError';
}

/** A buffer as the 256 KB chunks a file stream would give, so a decoder can stop early. */
function* inChunks(data: Buffer, size = 256 * 1024) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

/**
 * Stores `file` (bytes, or a path on this machine) as the track's audio under `audio/…`, after
 * checking its format by magic bytes, and records format, size, bitrate and duration (the file's
 * own duration wins over the one typed in). The previous file is removed. Returns null when the
 * track does not exist; throws AudioInputError when the bytes are not a supported audio file.
 */
async function dbSetTrackAudioFromFile(
  deps: StorageHolder,
  trackId: number,
  file: Buffer | string,
  actor?: Actor,
): Promise<TrackAudio | null> {
  const data = typeof file === 'string' ? await readFile(file) : file;
  const [existing] = await deps.db
    .select({ src: tracks.src, durationMs: tracks.durationMs })
    .from(tracks)
    .where(eq(tracks.id, trackId));
  if (!existing) return null;
  const info = await inspectAudio(data);
  if (!info) throw new AudioInputError(CATALOGUE_MESSAGES.notAudio);
  // Magic bytes are a claim: the first second must decode (`ID3` followed by text is no MP3).
  if (!(await firstAudioDecodes(inChunks(data), info.format)))
    throw new AudioInputError(UNDECODABLE_AUDIO_MESSAGE);
  const key = generateStorageKey('audio', info.format);
  await deps.storage.put(key, data, 'application/octet-stream');
  const audio: TrackAudio = {
    src: key,
    format: info.format,
    file_size: data.length,
    duration_ms: info.durationMs ?? existing.durationMs,
    bitrate: info.bitrate,
  };
  const replaced = await deps.db.transaction(async (tx) => {
    // Under the row's lock: the file it replaces, and one still waiting for its analysis.
    const [current] = await tx
      .select({ src: tracks.src, pendingSrc: tracks.pendingSrc })
      .from(tracks)
      .where(eq(tracks.id, trackId))
      .for('update');
    if (!current) return null;
    const before = await catalogueSnapshot(tx, 'track', trackId, actor);
    await tx
      .update(tracks)
      // Not analysed on this path (the upload queue's is): the old file's analysis would lie. A
      // file waiting for its analysis is overtaken by this one (its job then does nothing).
      .set({
        ...trackAudioColumns(audio, null),
        audioStatus: 'ready',
        audioError: null,
        pendingSrc: null,
        updatedAt: new Date(),
      })
      .where(eq(tracks.id, trackId));
    await auditCatalogueWrite(tx, actor, 'track.upload_audio', trackId, before);
    return current;
  });
  if (!replaced) {
    // Deleted meanwhile: do not leave the new file behind.
    await deps.storage.delete(key).catch(() => {});
    return null;
  }
  for (const old of [replaced.src, replaced.pendingSrc])
    if (old && old !== key) await deps.storage.delete(old).catch(() => {});
  return audio;
}

/**
 * Gives the track the audio of an upload of the caller's (the queue's file entry: tus, plain or
 * direct to storage), read the way the backstage reads a draft's upload (`analyseAudioFile`:
 * format by the bytes, duration, bitrate, waveform, loudness, checksum) — but off the request
 * (issue 35): the entry must be `ownerId`'s own, a live file, and not in a release draft (refused
 * at once otherwise, 422 on `file_entry_id`); it is taken in this request (its row goes, so it
 * cannot be given twice) and waits on the track as `pending_src`, the track `processing`, while
 * the `track-audio` job analyses it (track-audio.ts). The track keeps playing its previous audio
 * until the job commits; a file that is not audio ends `failed` there. A file still waiting from
 * an earlier request is overtaken (removed; its job then does nothing). Returns the track as it
 * is now (`audio_status: 'processing'`), or null when it does not exist.
 */
async function dbSetTrackAudioFromEntry(
  deps: StorageHolder & Pick<Deps, 'jobs' | 'log'>,
  trackId: number,
  entryRef: { fileEntryId: number; ownerId: number },
  actor?: Actor,
): Promise<Track | null> {
  const [existing] = await deps.db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, trackId));
  if (!existing) return null;
  const notYours = () => invalidInput({ file_entry_id: [CATALOGUE_MESSAGES.entryNotYours] });
  const ownEntry = and(
    eq(fileEntries.id, entryRef.fileEntryId),
    eq(fileEntries.ownerId, entryRef.ownerId),
    eq(fileEntries.type, 'file'),
    isNull(fileEntries.deletedAt),
  );
  const [entry] = await deps.db.select().from(fileEntries).where(ownEntry);
  if (!entry) throw notYours();
  const [draft] = await deps.db
    .select({ id: trackDrafts.id })
    .from(trackDrafts)
    .where(eq(trackDrafts.fileEntryId, entry.id));
  if (draft) throw invalidInput({ file_entry_id: [CATALOGUE_MESSAGES.entryUsed] });

  const claimed = await deps.db.transaction(async (tx) => {
    // Under the row's lock: a job committing the file waiting before this one is done or waits.
    const [current] = await tx
      .select({ pendingSrc: tracks.pendingSrc })
      .from(tracks)
      .where(eq(tracks.id, trackId))
      .for('update');
    if (!current) return false;
    const before = await catalogueSnapshot(tx, 'track', trackId, actor);
    await tx
      .update(tracks)
      .set({ audioStatus: 'processing', audioError: null, pendingSrc: entry.path, updatedAt: new Date() })
      .where(eq(tracks.id, trackId));
    // Claimed in the same transaction: trashed or given elsewhere meanwhile → nothing changes.
    if (!(await deps.claimUpload(tx, entryRef))) throw notYours();
    await auditCatalogueWrite(tx, actor, 'track.upload_audio', trackId, before);
    return { pendingSrc: current.pendingSrc };
  });
  if (!claimed) return null;
  // The file an earlier request left waiting is overtaken (its job then finds this one instead).
  if (claimed.pendingSrc && claimed.pendingSrc !== entry.path)
    await deps.storage.delete(claimed.pendingSrc).catch(() => {});
  // The answer is read before the job is sent, so it shows `processing` however fast the job is.
  const track = await getTrack(deps.db, trackId, null, { withAudioState: true });
  await queueTrackAudio(deps, { trackId, src: entry.path });
  return track;
}

const CHANNEL_ITEM_TABLES = {
  track: tracks,
  album: albums,
  artist: artists,
  genre: genres,
  channel: channels,
} as const;

/**
 * Creates a channel. A slug that exists is a 422 on `slug`, never a replacement (creating a
 * channel must not silently overwrite the home page); changing one is updateChannel (PUT).
 */
async function dbCreateChannel(db: Database, input: UpsertChannelRequest, actor?: Actor): Promise<number> {
  return (await saveChannel(db, input, undefined, actor))!;
}

/** Changes channel `id` (its slug may change too); false when there is no such channel. */
async function dbUpdateChannel(
  db: Database,
  id: number,
  input: UpsertChannelRequest,
  actor?: Actor,
): Promise<boolean> {
  return (await saveChannel(db, input, id, actor)) !== null;
}

async function saveChannel(
  db: Database,
  input: UpsertChannelRequest,
  id: number | undefined,
  actor: Actor | undefined,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const itemIds = [...new Set(input.items ?? [])];
    if (itemIds.length) {
      const table = CHANNEL_ITEM_TABLES[input.config.contentType];
      const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, itemIds));
      if (found.length !== itemIds.length) throw invalidInput({ items: [CATALOGUE_MESSAGES.unknownItems] });
    }
    const [clash] = await tx.select({ id: channels.id }).from(channels).where(eq(channels.slug, input.slug));
    if (clash && clash.id !== id) throw invalidInput({ slug: [CATALOGUE_MESSAGES.slugTaken] });
    const values = {
      name: input.name,
      slug: input.slug,
      description: input.description ?? null,
      config: input.config,
      updatedAt: new Date(),
    };
    let channelId: number;
    const before = id !== undefined ? await catalogueSnapshot(tx, 'channel', id, actor) : null;
    if (id !== undefined) {
      const rows = await tx
        .update(channels)
        .set(values)
        .where(eq(channels.id, id))
        .returning({ id: channels.id });
      if (!rows.length) return null;
      channelId = id;
    } else {
      // Two creations with one slug at once: the unique index decides, the loser gets the 422 too.
      const [row] = await tx
        .insert(channels)
        .values(values)
        .onConflictDoNothing({ target: channels.slug })
        .returning({ id: channels.id });
      if (!row) throw invalidInput({ slug: [CATALOGUE_MESSAGES.slugTaken] });
      channelId = row.id;
    }
    if (input.items !== undefined) {
      await tx.delete(channelItems).where(eq(channelItems.channelId, channelId));
      const type = input.config.contentType;
      if (itemIds.length) {
        await tx
          .insert(channelItems)
          .values(itemIds.map((itemId, position) => ({ channelId, itemType: type, itemId, position })));
      }
    }
    await auditCatalogueWrite(
      tx,
      actor,
      id !== undefined ? 'channel.update' : 'channel.create',
      channelId,
      before,
    );
    return channelId;
  });
}

async function dbDeleteChannel(db: Database, id: number, actor?: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await catalogueSnapshot(tx, 'channel', id, actor);
    const rows = await tx.delete(channels).where(eq(channels.id, id)).returning({ id: channels.id });
    if (!rows.length) return false;
    await auditCatalogueWrite(tx, actor, 'channel.delete', id, before);
    return true;
  });
}

async function dbDeleteGenre(db: Database, id: number, actor?: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await catalogueSnapshot(tx, 'genre', id, actor);
    const rows = await tx.delete(genres).where(eq(genres.id, id)).returning({ id: genres.id });
    if (!rows.length) return false;
    await auditCatalogueWrite(tx, actor, 'genre.delete', id, before);
    return true;
  });
}

/** What a catalogue write needs: the database, and the events it announces its changes on. */
export type CatalogueWriter = Pick<Deps, 'db' | 'events'>;

/**
 * A catalogue write that announces itself: after it changed something (its answer is neither
 * false nor null), `catalogue.changed` goes out, and the caches built from the catalogue (artist
 * pages, searches) drop what they held before the writer's next read (decision 0019).
 */
function announced<A extends unknown[], R>(write: (db: Database, ...args: A) => Promise<R>) {
  return async (deps: CatalogueWriter, ...args: A) => announce(deps, await write(deps.db, ...args));
}

/** The same for the writes that also touch stored files (a track's audio). */
function announcedWithFiles<A extends unknown[], R>(write: (deps: StorageHolder, ...args: A) => Promise<R>) {
  return async (deps: CatalogueWriter & StorageHolder, ...args: A) =>
    announce(deps, await write(deps, ...args));
}

async function announce<R>({ events }: Pick<Deps, 'events'>, result: R): Promise<R> {
  if (result !== false && result !== null) await events.emit('catalogue.changed', {});
  return result;
}

export const createGenre = announced(dbCreateGenre);
export const updateGenre = announced(dbUpdateGenre);
export const deleteGenre = announced(dbDeleteGenre);
export const createArtist = announced(dbCreateArtist);
export const updateArtist = announced(dbUpdateArtist);
export const deleteArtist = announcedWithFiles(dbDeleteArtist);
/**
 * A catalogue write of a new release (an album, or a track outside an album) also tells the
 * followers of its artists (`music.released`, decision 0031), unless its release date is still ahead.
 */
const isOut = (releaseDate: string | null | undefined) =>
  !releaseDate || releaseDate <= new Date().toISOString().slice(0, 10);

export async function createAlbum(deps: CatalogueWriter, input: UpsertAlbumRequest, actor?: Actor) {
  const id = await announce(deps, await dbCreateAlbum(deps.db, input, actor));
  if (isOut(input.release_date)) {
    await deps.events.emit('music.released', {
      artistIds: [...input.artist_ids],
      albumId: id,
      trackId: null,
    });
  }
  return id;
}
export const updateAlbum = announced(dbUpdateAlbum);
export const deleteAlbum = announcedWithFiles(dbDeleteAlbum);
export async function createTrack(deps: CatalogueWriter, input: UpsertTrackRequest, actor?: Actor) {
  const id = await announce(deps, await dbCreateTrack(deps.db, input, actor));
  // A track on an album is part of that album's release, announced with the album.
  if (!input.album_id) {
    await deps.events.emit('music.released', {
      artistIds: [...input.artist_ids],
      albumId: null,
      trackId: id,
    });
  }
  return id;
}
export const updateTrack = announced(dbUpdateTrack);
export const deleteTrack = announcedWithFiles(dbDeleteTrack);
export const setTrackAudioFromFile = announcedWithFiles(dbSetTrackAudioFromFile);
export async function setTrackAudioFromEntry(
  deps: CatalogueWriter & StorageHolder & Pick<Deps, 'jobs' | 'log'>,
  trackId: number,
  entryRef: { fileEntryId: number; ownerId: number },
  actor?: Actor,
) {
  return announce(deps, await dbSetTrackAudioFromEntry(deps, trackId, entryRef, actor));
}
export const createChannel = announced(dbCreateChannel);
export const updateChannel = announced(dbUpdateChannel);
export const deleteChannel = announced(dbDeleteChannel);
