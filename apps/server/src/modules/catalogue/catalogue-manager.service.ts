import { type ChannelContentType, HOME_CHANNEL_SLUG, msg } from '@zema/contracts';
import {
  type AdminAlbumRow,
  type AdminArtistRow,
  type AdminChannel,
  type AdminChannelRow,
  type AdminGenreRow,
  type AdminTrackRow,
  type AlbumsListQuery,
  type ArtistsListQuery,
  CHANNEL_ITEM_SEARCH_LIMIT,
  type ChannelItemRef,
  type ChannelPreviewRequest,
  type ChannelPreviewResponse,
  type ChannelsListQuery,
  type GenresListQuery,
  type TotalRelation,
  type TracksListQuery,
} from '@zema/contracts/admin';
import { type AnyColumn, and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '#src/db/client';
import { invalidInput } from '#src/lib/errors';
import {
  type CsvColumn,
  containsPattern,
  type ListTotal,
  listCsv,
  listOrder,
  listPage,
  listTotal,
  listWindow,
  namePattern,
  yesNo,
} from '#src/lib/list-query';
import type { Page } from '#src/lib/pagination';
import type { Actor } from '#src/modules/audit/index';
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
import { playlistTracks } from '#src/modules/library/tables';
import type { Deps } from '#src/platform/deps';
import { auditCatalogueWrite, catalogueSnapshot } from './catalogue.audit';
import { albumCredits, loadAlbumRefs, loadArtistGenres, trackCredits } from './catalogue.loaders';
import { previewChannelContent } from './channels';

type AdminPage<T> = Page<T> & { total_relation?: TotalRelation };

/**
 * The admin's catalogue manager: the lists behind its tables and the bulk
 * deletes. Lists are written for the large catalogue (100 000 tracks): every sort key has an
 * index on `(key, id)` so a page is an index walk, filters by artist, album or genre go through
 * the credit tables' indexes, a search through the trigram index on `lower(name)`, and the page's
 * extra data (credits, counts) comes in one grouped query per kind for the page's ids only.
 */

const iso = (d: Date) => d.toISOString();
const byId = <T>(rows: { id: number; n: number }[]) => new Map(rows.map((r) => [r.id, r.n] as const)) as T;
type Counts = Map<number, number>;

/** `select key, count(*) … where key in (ids) group by key` as a map (missing = 0). */
async function countBy(db: Db, table: PgTable, key: PgColumn, ids: number[]): Promise<Counts> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: sql<number>`${key}`, n: sql<number>`count(*)::int` })
    .from(table)
    .where(inArray(key, ids))
    .groupBy(key);
  return byId<Counts>(rows);
}

/** `total: false`: only the rows (a CSV export reads page after page and never shows a total). */
type ListOptions = { total?: boolean };
const NO_TOTAL: ListTotal = { total: 0, relation: 'gte' };

/** The rows of one page and the total of the filter (lib/list-query `listTotal`), side by side. */
async function pageAndTotal<R>(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  rows: () => Promise<R[]>,
  { total = true }: ListOptions,
): Promise<[R[], ListTotal]> {
  return Promise.all([rows(), total ? listTotal(db, table, where) : NO_TOTAL]);
}

const nameSearch = (column: AnyColumn, query: string | undefined) =>
  query ? sql`lower(${column}) like ${namePattern(query)}` : undefined;

// ---- Artists ----

const ARTIST_SORTS = {
  name: sql`lower(${artists.name})`,
  created_at: artists.createdAt,
  plays: artists.plays,
};

export async function listArtists(
  db: Database,
  query: ArtistsListQuery,
  options: ListOptions = {},
): Promise<AdminPage<AdminArtistRow>> {
  const where = and(
    nameSearch(artists.name, query.query),
    query.ids ? inArray(artists.id, query.ids) : undefined,
    query.genre !== undefined
      ? sql`${artists.id} in (select ${artistGenre.artistId} from ${artistGenre} where ${artistGenre.genreId} = ${query.genre})`
      : undefined,
    query.verified !== undefined ? eq(artists.verified, query.verified) : undefined,
  );
  const { perPage, offset } = listWindow(query);
  const [rows, total] = await pageAndTotal(
    db,
    artists,
    where,
    () =>
      db
        .select({
          id: artists.id,
          name: artists.name,
          verified: artists.verified,
          image_small: artists.imageSmall,
          plays: artists.plays,
          createdAt: artists.createdAt,
        })
        .from(artists)
        .where(where)
        .orderBy(
          ...listOrder(query, ARTIST_SORTS, { sort: 'created_at', order: 'desc' }, artists.id, [
            'name',
            'created_at',
            'plays',
          ]),
        )
        .limit(perPage)
        .offset(offset),
    options,
  );
  const ids = rows.map((r) => r.id);
  const [genreMap, albumCounts, trackCounts] = await Promise.all([
    loadArtistGenres(db, ids),
    countBy(db, albumArtist, albumArtist.artistId, ids),
    countBy(db, trackArtist, trackArtist.artistId, ids),
  ]);
  return listPage(
    rows.map(({ createdAt, ...r }) => ({
      ...r,
      genres: genreMap.get(r.id) ?? [],
      albums_count: albumCounts.get(r.id) ?? 0,
      tracks_count: trackCounts.get(r.id) ?? 0,
      created_at: iso(createdAt),
    })),
    total,
    query,
  );
}

// ---- Albums ----

const ALBUM_SORTS = {
  name: sql`lower(${albums.name})`,
  created_at: albums.createdAt,
  plays: albums.plays,
  release_date: albums.releaseDate,
};

export async function listAlbums(
  db: Database,
  query: AlbumsListQuery,
  options: ListOptions = {},
): Promise<AdminPage<AdminAlbumRow>> {
  const where = and(
    nameSearch(albums.name, query.query),
    query.ids ? inArray(albums.id, query.ids) : undefined,
    query.artist !== undefined
      ? sql`${albums.id} in (select ${albumArtist.albumId} from ${albumArtist} where ${albumArtist.artistId} = ${query.artist})`
      : undefined,
    // An album's genres are its tracks' genres.
    query.genre !== undefined
      ? sql`${albums.id} in (select ${tracks.albumId} from ${tracks} join ${trackGenre} on ${trackGenre.trackId} = ${tracks.id} where ${trackGenre.genreId} = ${query.genre})`
      : undefined,
    query.type !== undefined ? eq(albums.type, query.type) : undefined,
  );
  const { perPage, offset } = listWindow(query);
  const [rows, total] = await pageAndTotal(
    db,
    albums,
    where,
    () =>
      db
        .select({
          id: albums.id,
          name: albums.name,
          image: albums.image,
          release_date: albums.releaseDate,
          type: albums.type,
          plays: albums.plays,
          createdAt: albums.createdAt,
        })
        .from(albums)
        .where(where)
        .orderBy(
          ...listOrder(query, ALBUM_SORTS, { sort: 'created_at', order: 'desc' }, albums.id, [
            'name',
            'created_at',
            'plays',
          ]),
        )
        .limit(perPage)
        .offset(offset),
    options,
  );
  const ids = rows.map((r) => r.id);
  const [credits, trackCounts] = await Promise.all([
    ids.length ? albumCredits(db, ids) : new Map(),
    countBy(db, tracks, tracks.albumId, ids),
  ]);
  return listPage(
    rows.map(({ createdAt, ...r }) => ({
      ...r,
      artists: credits.get(r.id) ?? [],
      tracks_count: trackCounts.get(r.id) ?? 0,
      created_at: iso(createdAt),
    })),
    total,
    query,
  );
}

// ---- Tracks ----

const TRACK_SORTS = {
  name: sql`lower(${tracks.name})`,
  created_at: tracks.createdAt,
  plays: tracks.plays,
  duration: tracks.durationMs,
};

export async function listTracks(
  db: Database,
  query: TracksListQuery,
  options: ListOptions = {},
): Promise<AdminPage<AdminTrackRow>> {
  const where = and(
    nameSearch(tracks.name, query.query),
    query.artist !== undefined
      ? sql`${tracks.id} in (select ${trackArtist.trackId} from ${trackArtist} where ${trackArtist.artistId} = ${query.artist})`
      : undefined,
    query.album !== undefined ? eq(tracks.albumId, query.album) : undefined,
    query.genre !== undefined
      ? sql`${tracks.id} in (select ${trackGenre.trackId} from ${trackGenre} where ${trackGenre.genreId} = ${query.genre})`
      : undefined,
    query.audio !== undefined ? (query.audio ? isNotNull(tracks.src) : isNull(tracks.src)) : undefined,
  );
  const { perPage, offset } = listWindow(query);
  // An album's tracks read best in album order unless another sort is asked for.
  const order =
    query.album !== undefined && !query.sort
      ? [sql`${tracks.number} asc nulls last`, tracks.id]
      : listOrder(query, TRACK_SORTS, { sort: 'created_at', order: 'desc' }, tracks.id, [
          'name',
          'created_at',
          'plays',
          'duration',
        ]);
  const [rows, total] = await pageAndTotal(
    db,
    tracks,
    where,
    () =>
      db
        .select({
          id: tracks.id,
          name: tracks.name,
          number: tracks.number,
          duration_ms: tracks.durationMs,
          explicit: tracks.explicit,
          plays: tracks.plays,
          image: tracks.image,
          format: tracks.format,
          src: tracks.src,
          albumId: tracks.albumId,
          createdAt: tracks.createdAt,
        })
        .from(tracks)
        .where(where)
        .orderBy(...order)
        .limit(perPage)
        .offset(offset),
    options,
  );
  const ids = rows.map((r) => r.id);
  const [credits, albumRefs, playlistCounts] = await Promise.all([
    ids.length ? trackCredits(db, ids) : new Map(),
    loadAlbumRefs(
      db,
      rows.map((r) => r.albumId).filter((id): id is number => id !== null),
    ),
    countBy(db, playlistTracks, playlistTracks.trackId, ids),
  ]);
  const albumById = new Map(albumRefs.map((a) => [a.id, a]));
  return listPage(
    rows.map(({ createdAt, src, albumId, format, ...r }) => {
      const album = albumId ? albumById.get(albumId) : undefined;
      return {
        ...r,
        image: r.image ?? album?.image ?? null,
        format: src ? format : null,
        artists: credits.get(r.id) ?? [],
        album: album ? { id: album.id, name: album.name, image: album.image } : null,
        playlists_count: playlistCounts.get(r.id) ?? 0,
        created_at: iso(createdAt),
      };
    }),
    total,
    query,
  );
}

// ---- Genres ----

const GENRE_SORTS = { name: genres.name, created_at: genres.createdAt };

export async function listGenres(
  db: Database,
  query: GenresListQuery,
  options: ListOptions = {},
): Promise<AdminPage<AdminGenreRow>> {
  const where = and(
    query.query
      ? sql`(${genres.name} like ${containsPattern(query.query)} or lower(${genres.displayName}) like ${containsPattern(query.query)})`
      : undefined,
    query.ids ? inArray(genres.id, query.ids) : undefined,
  );
  const { perPage, offset } = listWindow(query);
  const [rows, total] = await pageAndTotal(
    db,
    genres,
    where,
    () =>
      db
        .select({
          id: genres.id,
          name: genres.name,
          display_name: genres.displayName,
          image: genres.image,
          createdAt: genres.createdAt,
        })
        .from(genres)
        .where(where)
        .orderBy(
          ...listOrder(query, GENRE_SORTS, { sort: 'name', order: 'asc' }, genres.id, ['name', 'created_at']),
        )
        .limit(perPage)
        .offset(offset),
    options,
  );
  const ids = rows.map((r) => r.id);
  const [artistCounts, trackCounts] = await Promise.all([
    countBy(db, artistGenre, artistGenre.genreId, ids),
    countBy(db, trackGenre, trackGenre.genreId, ids),
  ]);
  return listPage(
    rows.map(({ createdAt, ...r }) => ({
      ...r,
      artists_count: artistCounts.get(r.id) ?? 0,
      tracks_count: trackCounts.get(r.id) ?? 0,
      created_at: iso(createdAt),
    })),
    total,
    query,
  );
}

// ---- Channels ----

const CHANNEL_SORTS = { name: sql`lower(${channels.name})`, updated_at: channels.updatedAt };

const channelRowColumns = {
  id: channels.id,
  name: channels.name,
  slug: channels.slug,
  description: channels.description,
  config: channels.config,
  updatedAt: channels.updatedAt,
};

export async function listChannels(
  db: Database,
  query: ChannelsListQuery,
  options: ListOptions = {},
): Promise<AdminPage<AdminChannelRow>> {
  const where = and(
    query.query
      ? sql`(lower(${channels.name}) like ${containsPattern(query.query)} or ${channels.slug} like ${containsPattern(query.query)})`
      : undefined,
    query.type ? sql`${channels.config}->>'contentType' = ${query.type}` : undefined,
  );
  const { perPage, offset } = listWindow(query);
  const [rows, total] = await pageAndTotal(
    db,
    channels,
    where,
    () =>
      db
        .select(channelRowColumns)
        .from(channels)
        .where(where)
        .orderBy(
          ...listOrder(query, CHANNEL_SORTS, { sort: 'updated_at', order: 'desc' }, channels.id, [
            'name',
            'updated_at',
          ]),
        )
        .limit(perPage)
        .offset(offset),
    options,
  );
  const counts = await countBy(
    db,
    channelItems,
    channelItems.channelId,
    rows.map((r) => r.id),
  );
  return listPage(
    rows.map(({ updatedAt, ...r }) => ({
      ...r,
      items_count: counts.get(r.id) ?? 0,
      updated_at: iso(updatedAt),
    })),
    total,
    query,
  );
}

/** Names, pictures and a subtitle of items of one type, in the order of `ids`. */
async function itemRefs(db: Database, type: ChannelContentType, ids: number[]): Promise<ChannelItemRef[]> {
  if (!ids.length) return [];
  let refs: ChannelItemRef[];
  if (type === 'track') {
    const [rows, credits] = await Promise.all([
      db
        .select({
          id: tracks.id,
          name: tracks.name,
          image: sql<string | null>`coalesce(${tracks.image}, ${albums.image})`,
        })
        .from(tracks)
        .leftJoin(albums, eq(albums.id, tracks.albumId))
        .where(inArray(tracks.id, ids)),
      trackCredits(db, ids),
    ]);
    refs = rows.map((r) => ({ ...r, subtitle: names(credits.get(r.id)) }));
  } else if (type === 'album') {
    const [rows, credits] = await Promise.all([
      db
        .select({ id: albums.id, name: albums.name, image: albums.image })
        .from(albums)
        .where(inArray(albums.id, ids)),
      albumCredits(db, ids),
    ]);
    refs = rows.map((r) => ({ ...r, subtitle: names(credits.get(r.id)) }));
  } else if (type === 'artist') {
    const rows = await db
      .select({ id: artists.id, name: artists.name, image: artists.imageSmall })
      .from(artists)
      .where(inArray(artists.id, ids));
    refs = rows.map((r) => ({ ...r, subtitle: null }));
  } else if (type === 'genre') {
    const rows = await db
      .select({ id: genres.id, name: genres.displayName, image: genres.image })
      .from(genres)
      .where(inArray(genres.id, ids));
    refs = rows.map((r) => ({ ...r, subtitle: null }));
  } else {
    const rows = await db
      .select({ id: channels.id, name: channels.name, slug: channels.slug })
      .from(channels)
      .where(inArray(channels.id, ids));
    refs = rows.map((r) => ({ id: r.id, name: r.name, image: null, subtitle: `/${r.slug}` }));
  }
  const map = new Map(refs.map((r) => [r.id, r]));
  return ids.flatMap((id) => map.get(id) ?? []);
}

const names = (artistsOf: { name: string }[] | undefined) =>
  artistsOf?.length ? artistsOf.map((a) => a.name).join(', ') : null;

/** The channel editor's read: the row, and the chosen items in order with their names. */
export async function getAdminChannel(db: Database, id: number): Promise<AdminChannel | null> {
  const [row] = await db.select(channelRowColumns).from(channels).where(eq(channels.id, id));
  if (!row) return null;
  const items = await db
    .select({ id: channelItems.itemId })
    .from(channelItems)
    .where(and(eq(channelItems.channelId, id), eq(channelItems.itemType, row.config.contentType)))
    .orderBy(channelItems.position);
  const { updatedAt, ...rest } = row;
  return {
    ...rest,
    items_count: items.length,
    updated_at: iso(updatedAt),
    items: await itemRefs(
      db,
      row.config.contentType,
      items.map((i) => i.id),
    ),
  };
}

const SEARCHABLE = {
  track: { table: tracks, id: tracks.id, name: tracks.name, rank: tracks.plays },
  album: { table: albums, id: albums.id, name: albums.name, rank: albums.plays },
  artist: { table: artists, id: artists.id, name: artists.name, rank: artists.plays },
  genre: { table: genres, id: genres.id, name: genres.displayName, rank: genres.id },
  channel: { table: channels, id: channels.id, name: channels.name, rank: channels.updatedAt },
} as const;

/** The picker: items of a type whose name holds the query, most played first. */
export async function searchChannelItems(
  db: Database,
  type: ChannelContentType,
  query: string | undefined,
): Promise<ChannelItemRef[]> {
  const s = SEARCHABLE[type];
  const rows = await db
    .select({ id: s.id })
    .from(s.table as PgTable)
    .where(nameSearch(s.name, query))
    .orderBy(desc(s.rank), desc(s.id))
    .limit(CHANNEL_ITEM_SEARCH_LIMIT);
  return itemRefs(
    db,
    type,
    rows.map((r) => r.id),
  );
}

/**
 * The editor's live preview: the content the channel would show with the settings being edited,
 * as the admin sees it (their likes marked). Never cached: it follows every keystroke's settings.
 */
export async function previewChannel(
  db: Database,
  draft: ChannelPreviewRequest,
  userId: number | null,
): Promise<ChannelPreviewResponse> {
  return { content: await previewChannelContent(db, draft, userId) };
}

// ---- Bulk deletes ----

// ---- CSV exports: every row of a table's current filter, read through the list itself ----

const joinNames = (refs: readonly { name: string }[]) => refs.map((r) => r.name).join('; ');

const ARTIST_CSV: CsvColumn<AdminArtistRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'verified', value: (r) => yesNo(r.verified) },
  { header: 'genres', value: (r) => r.genres.map((g) => g.display_name).join('; ') },
  { header: 'albums', value: (r) => r.albums_count },
  { header: 'tracks', value: (r) => r.tracks_count },
  { header: 'plays', value: (r) => r.plays },
  { header: 'created_at', value: (r) => r.created_at },
];

const ALBUM_CSV: CsvColumn<AdminAlbumRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'type', value: (r) => r.type },
  { header: 'artists', value: (r) => joinNames(r.artists) },
  { header: 'release_date', value: (r) => r.release_date },
  { header: 'tracks', value: (r) => r.tracks_count },
  { header: 'plays', value: (r) => r.plays },
  { header: 'created_at', value: (r) => r.created_at },
];

const TRACK_CSV: CsvColumn<AdminTrackRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'artists', value: (r) => joinNames(r.artists) },
  { header: 'album_id', value: (r) => r.album?.id },
  { header: 'album', value: (r) => r.album?.name },
  { header: 'number', value: (r) => r.number },
  { header: 'duration_ms', value: (r) => r.duration_ms },
  { header: 'explicit', value: (r) => yesNo(r.explicit) },
  { header: 'audio', value: (r) => r.format ?? '' },
  { header: 'plays', value: (r) => r.plays },
  { header: 'playlists', value: (r) => r.playlists_count },
  { header: 'created_at', value: (r) => r.created_at },
];

const GENRE_CSV: CsvColumn<AdminGenreRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'display_name', value: (r) => r.display_name },
  { header: 'artists', value: (r) => r.artists_count },
  { header: 'tracks', value: (r) => r.tracks_count },
  { header: 'created_at', value: (r) => r.created_at },
];

const CHANNEL_CSV: CsvColumn<AdminChannelRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'slug', value: (r) => r.slug },
  { header: 'content_type', value: (r) => r.config.contentType },
  { header: 'rule', value: (r) => r.config.rule },
  { header: 'layout', value: (r) => r.config.layout },
  { header: 'items', value: (r) => r.items_count },
  { header: 'updated_at', value: (r) => r.updated_at },
];

/** A list function as the page reader of `listCsv`: the filter's rows, `window` at a time, uncounted. */
const rowsOf =
  <Q, R>(
    db: Database,
    list: (db: Database, query: Q, options: ListOptions) => Promise<AdminPage<R>>,
    query: Q,
  ) =>
  async (window: { page: number; perPage: number }) =>
    (await list(db, { ...query, ...window }, { total: false })).data;

export const artistsCsv = (db: Database, query: ArtistsListQuery) =>
  listCsv(rowsOf(db, listArtists, query), ARTIST_CSV);
export const albumsCsv = (db: Database, query: AlbumsListQuery) =>
  listCsv(rowsOf(db, listAlbums, query), ALBUM_CSV);
export const tracksCsv = (db: Database, query: TracksListQuery) =>
  listCsv(rowsOf(db, listTracks, query), TRACK_CSV);
export const genresCsv = (db: Database, query: GenresListQuery) =>
  listCsv(rowsOf(db, listGenres, query), GENRE_CSV);
export const channelsCsv = (db: Database, query: ChannelsListQuery) =>
  listCsv(rowsOf(db, listChannels, query), CHANNEL_CSV);

export const CATALOGUE_MANAGER_MESSAGES = {
  homeChannel: msg('The home page channel cannot be deleted; change its content instead.'),
} as const;

type Writer = Pick<Deps, 'db' | 'events' | 'storage' | 'writeEvents'>;
type Kind = 'artist' | 'album' | 'track' | 'genre' | 'channel';

/**
 * Removes what points at the deleted items without a foreign key: the channel rows here, and the
 * likes and follows through the library module (`catalogue.deleting`).
 */
async function dropReferences(deps: Pick<Deps, 'writeEvents'>, tx: Db, kind: Kind, ids: number[]) {
  await deps.writeEvents.emit(tx, 'catalogue.deleting', { kind, ids });
  await tx
    .delete(channelItems)
    .where(and(eq(channelItems.itemType, kind), inArray(channelItems.itemId, ids)));
}

const TABLES = {
  artist: { table: artists, id: artists.id, label: artists.name },
  album: { table: albums, id: albums.id, label: albums.name },
  track: { table: tracks, id: tracks.id, label: tracks.name },
  genre: { table: genres, id: genres.id, label: genres.displayName },
  channel: { table: channels, id: channels.id, label: channels.name },
} as const;

/**
 * Deletes the given rows of one kind with what goes with them, one audit entry each (with what the
 * row was, as a single delete records it), in one
 * transaction; then removes the tracks' audio files (after the commit: a failed removal leaves an
 * orphan file, never a track without audio) and announces `catalogue.changed`, which drops the
 * cached artist pages, channels and searches. Unknown ids are skipped; answers how many went.
 */
export async function deleteCatalogueItems(deps: Writer, actor: Actor, kind: Kind, ids: number[]) {
  const t = TABLES[kind];
  const unique = [...new Set(ids)];
  const { deleted, files } = await deps.db.transaction(async (tx) => {
    if (kind === 'channel') {
      const [home] = await tx
        .select({ id: channels.id })
        .from(channels)
        .where(and(inArray(channels.id, unique), eq(channels.slug, HOME_CHANNEL_SLUG)));
      if (home) throw invalidInput({ ids: [CATALOGUE_MANAGER_MESSAGES.homeChannel] });
    }
    const files =
      kind === 'track'
        ? (await tx.select({ src: tracks.src }).from(tracks).where(inArray(tracks.id, unique)))
            .map((r) => r.src)
            .filter((src): src is string => Boolean(src))
        : [];
    // What each one was, for its audit entry (one by one: a transaction runs one query at a time).
    const before = new Map<number, Awaited<ReturnType<typeof catalogueSnapshot>>>();
    for (const id of unique) before.set(id, await catalogueSnapshot(tx, kind, id, actor));
    await dropReferences(deps, tx, kind, unique);
    const deleted = (await tx
      .delete(t.table as PgTable)
      .where(inArray(t.id, unique))
      .returning({ id: t.id, label: t.label })) as { id: number; label: string }[];
    for (const row of deleted)
      await auditCatalogueWrite(tx, actor, `${kind}.delete`, row.id, before.get(row.id) ?? null);
    return { deleted, files };
  });
  for (const key of files) await deps.storage.delete(key).catch(() => {});
  if (deleted.length) await deps.events.emit('catalogue.changed', {});
  return deleted.length;
}
