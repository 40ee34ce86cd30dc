import { z } from 'zod';
import {
  booleanParamSchema,
  idFilterSchema,
  idListFilterSchema,
  listQuerySchema,
  listResponseSchema,
} from '../list';
import { idSchema } from '../primitives';
import {
  ALBUM_TYPES,
  albumRefSchema,
  artistRefSchema,
  CHANNEL_CONTENT_TYPES,
  channelConfigSchema,
  channelContentSchema,
  genreSchema,
} from './catalogue';

/**
 * The admin's catalogue manager: the lists behind its data tables. The writes
 * are the catalogue's own operations (operations/catalogue `catalogueAdmin`). Each row carries the
 * counts its delete confirmation names ("its 12 tracks stay without this credit"), so deleting
 * needs no extra request.
 */

export const ARTIST_SORTS = ['name', 'created_at', 'plays'] as const;
export const artistsListQuerySchema = listQuerySchema(ARTIST_SORTS, {
  ids: idListFilterSchema.optional(),
  genre: idFilterSchema.optional(),
  verified: booleanParamSchema.optional(),
});
export type ArtistsListQuery = z.infer<typeof artistsListQuerySchema>;

export const adminArtistRowSchema = artistRefSchema.extend({
  plays: z.number().int(),
  genres: z.array(genreSchema),
  albums_count: z.number().int(),
  tracks_count: z.number().int(),
  created_at: z.string(),
});
export type AdminArtistRow = z.infer<typeof adminArtistRowSchema>;
export const artistsListResponseSchema = listResponseSchema(adminArtistRowSchema);

export const ALBUM_SORTS = ['name', 'created_at', 'plays', 'release_date'] as const;
export const albumsListQuerySchema = listQuerySchema(ALBUM_SORTS, {
  ids: idListFilterSchema.optional(),
  artist: idFilterSchema.optional(),
  genre: idFilterSchema.optional(),
  type: z.enum(ALBUM_TYPES).optional(),
});
export type AlbumsListQuery = z.infer<typeof albumsListQuerySchema>;

export const adminAlbumRowSchema = albumRefSchema.extend({
  plays: z.number().int(),
  artists: z.array(artistRefSchema),
  tracks_count: z.number().int(),
  created_at: z.string(),
});
export type AdminAlbumRow = z.infer<typeof adminAlbumRowSchema>;
export const albumsListResponseSchema = listResponseSchema(adminAlbumRowSchema);

export const TRACK_SORTS = ['name', 'created_at', 'plays', 'duration'] as const;
export const tracksListQuerySchema = listQuerySchema(TRACK_SORTS, {
  artist: idFilterSchema.optional(),
  album: idFilterSchema.optional(),
  genre: idFilterSchema.optional(),
  /** true = has an audio file (playable), false = listed but silent. */
  audio: booleanParamSchema.optional(),
});
export type TracksListQuery = z.infer<typeof tracksListQuerySchema>;

export const adminTrackRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.number().int().nullable(),
  duration_ms: z.number().int(),
  explicit: z.boolean(),
  plays: z.number().int(),
  image: z.string().nullable(),
  /** Audio format when the track has a file (`mp3`…), null when it cannot be played. */
  format: z.string().nullable(),
  artists: z.array(artistRefSchema),
  album: albumRefSchema.pick({ id: true, name: true, image: true }).nullable(),
  /** Playlists holding the track (they lose it on delete). */
  playlists_count: z.number().int(),
  created_at: z.string(),
});
export type AdminTrackRow = z.infer<typeof adminTrackRowSchema>;
export const tracksListResponseSchema = listResponseSchema(adminTrackRowSchema);

export const GENRE_SORTS = ['name', 'created_at'] as const;
export const genresListQuerySchema = listQuerySchema(GENRE_SORTS, { ids: idListFilterSchema.optional() });
export type GenresListQuery = z.infer<typeof genresListQuerySchema>;

export const adminGenreRowSchema = genreSchema.extend({
  artists_count: z.number().int(),
  tracks_count: z.number().int(),
  created_at: z.string(),
});
export type AdminGenreRow = z.infer<typeof adminGenreRowSchema>;
export const genresListResponseSchema = listResponseSchema(adminGenreRowSchema);

export const CHANNEL_SORTS = ['name', 'updated_at'] as const;
export const channelsListQuerySchema = listQuerySchema(CHANNEL_SORTS, {
  type: z.enum(CHANNEL_CONTENT_TYPES).optional(),
});
export type ChannelsListQuery = z.infer<typeof channelsListQuerySchema>;

export const adminChannelRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  config: channelConfigSchema,
  /** Chosen items (a `manual` channel); a rule's items are picked when the channel is shown. */
  items_count: z.number().int(),
  updated_at: z.string(),
});
export type AdminChannelRow = z.infer<typeof adminChannelRowSchema>;
export const channelsListResponseSchema = listResponseSchema(adminChannelRowSchema);

/** A channel as its editor opens it: the settings and the chosen list, in order, with names. */
export const channelItemRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  /** A line under the name: the artists of a track or album. */
  subtitle: z.string().nullable(),
});
export type ChannelItemRef = z.infer<typeof channelItemRefSchema>;
export const adminChannelResponseSchema = z.object({
  channel: adminChannelRowSchema.extend({ items: z.array(channelItemRefSchema) }),
});
export type AdminChannel = z.infer<typeof adminChannelResponseSchema>['channel'];

/** The channel picker's search-as-you-type: items of one content type by name. */
export const channelItemSearchQuerySchema = z.object({
  type: z.enum(CHANNEL_CONTENT_TYPES),
  query: z.string().trim().max(200).optional(),
});
export const channelItemSearchResponseSchema = z.object({ items: z.array(channelItemRefSchema) });
/** How many items the picker offers at once. */
export const CHANNEL_ITEM_SEARCH_LIMIT = 20;

/**
 * The channel editor's live preview: what the channel shows with the settings being edited,
 * before they are saved — the chosen items of a `manual` channel, or what its rule picks now.
 * `id` is the channel being edited (a channel of channels never lists itself).
 */
export const channelPreviewRequestSchema = z.object({
  id: idSchema.optional(),
  config: channelConfigSchema,
  /** The chosen list of a `manual` channel, in order (only its first `config.limit` are shown). */
  items: z.array(idSchema).max(500).optional(),
});
export type ChannelPreviewRequest = z.infer<typeof channelPreviewRequestSchema>;
export const channelPreviewResponseSchema = z.object({ content: channelContentSchema });
export type ChannelPreviewResponse = z.infer<typeof channelPreviewResponseSchema>;
