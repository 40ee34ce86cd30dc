import { z } from 'zod';
import {
  albumSchema,
  artistRefSchema,
  FOLLOWABLE_TYPES,
  LIKEABLE_TYPES,
  trackSchema,
} from '../catalogue/catalogue';
import { paginationSchema } from '../common';
import { msg } from '../i18n/messages';
import { idSchema, int32Schema, intParamSchema } from '../primitives';

/**
 * The signed-in listener's library (SPEC §2, §3): likes, follows, playlists and listening history,
 * plus public user profiles at /user/{id}/{slug}.
 *
 * Calls (all under api/v1; writes need a session + XSRF or a bearer token):
 * - PUT|DELETE me/likes/{track|album|artist}/{id}         -> {liked}
 * - GET me/likes/ids                                      -> likedIdsResponse
 * - GET me/likes/tracks|albums|artists?page&perPage       -> pagination
 * - PUT|DELETE me/follows/{artist|user}/{id}              -> {followed}
 * - GET me/follows/artists|users?page                     -> pagination
 * - GET me/history?page&perPage                           -> pagination of history entries (own plays only)
 * - GET me/playlists                                      -> {playlists}: owned or collaborating, newest change first
 * - POST playlists {name, description?, public?, collaborative?} -> {playlist}
 * - GET playlists/{id} -> {playlist} with collaborators; a private playlist is 404 for anyone but
 *   its owner and collaborators (never 403: its existence is not revealed)
 * - PUT playlists/{id} (owner) -> {playlist}; DELETE playlists/{id} (owner) -> {deleted: true}
 * - POST playlists/{id}/image (owner; multipart `file` or a raw image/* body; re-encoded to
 *   512×512 WebP) -> {playlist}; DELETE playlists/{id}/image -> {playlist}
 * - GET playlists/{id}/tracks?page&perPage                -> pagination of playlist entries, in order
 * - POST playlists/{id}/tracks {track_ids, position?}     -> {playlist, entry_ids} (owner, or a
 *   collaborator while the playlist is collaborative); duplicates allowed
 * - DELETE playlists/{id}/tracks {entry_ids}              -> {playlist}; positions stay 0..n-1
 * - POST playlists/{id}/tracks/reorder {entry_id, to_index} -> {playlist}
 * - POST|DELETE playlists/{id}/collaborators/{userId}     -> {playlist} (owner only)
 * - GET user-profile/{id} -> {user}; user-profile/{id}/playlists (public ones unless it is you),
 *   /likes (liked tracks; 403 unless likes_public or it is you), /followers, /following (users)
 * - PUT me/profile {likes_public?, bio?}                   -> {user}
 *
 * Access: me/* and every write need a signed-in user; reads of playlists and profiles need
 * `music.view` (guests too when the guest role has it).
 */

export const likeableTypeSchema = z.enum(LIKEABLE_TYPES);
export const followableTypeSchema = z.enum(FOLLOWABLE_TYPES);

export const likeResponseSchema = z.object({ liked: z.boolean() });
export const followResponseSchema = z.object({ followed: z.boolean() });

export const likedIdsResponseSchema = z.object({
  track: z.array(z.number().int()),
  album: z.array(z.number().int()),
  artist: z.array(z.number().int()),
  followed_artists: z.array(z.number().int()),
  followed_users: z.array(z.number().int()),
});
export type LikedIdsResponse = z.infer<typeof likedIdsResponseSchema>;

export const userRefSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  avatar: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;

export const playlistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  public: z.boolean(),
  collaborative: z.boolean(),
  owner: userRefSchema,
  collaborators: z.array(userRefSchema).optional(),
  tracks_count: z.number().int(),
  duration_ms: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do: owner edits everything, collaborators edit tracks. */
  can_edit: z.boolean().optional(),
  can_add_tracks: z.boolean().optional(),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const playlistEntrySchema = z.object({
  entry_id: z.number().int(),
  position: z.number().int(),
  added_at: z.string(),
  added_by: userRefSchema.nullable(),
  track: trackSchema,
});
export type PlaylistEntry = z.infer<typeof playlistEntrySchema>;

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 300;
export const createPlaylistRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, msg('The name field is required.'))
    .max(PLAYLIST_NAME_MAX, msg('The name may not be greater than 100 characters.')),
  description: z
    .string()
    .trim()
    .max(PLAYLIST_DESCRIPTION_MAX, msg('The description may not be greater than 300 characters.'))
    .nullable()
    .optional(),
  public: z.boolean().optional(),
  collaborative: z.boolean().optional(),
});
export type CreatePlaylistRequest = z.infer<typeof createPlaylistRequestSchema>;
export const updatePlaylistRequestSchema = createPlaylistRequestSchema.partial();
export const playlistResponseSchema = z.object({ playlist: playlistSchema });
export const playlistListResponseSchema = z.object({ playlists: z.array(playlistSchema) });

export const addPlaylistTracksRequestSchema = z.object({
  track_ids: z.array(idSchema).min(1).max(500),
  /** Insert at this index (0 = top); default: the end. */
  position: int32Schema(0).optional(),
});
export const removePlaylistTracksRequestSchema = z.object({
  entry_ids: z.array(idSchema).min(1).max(500),
});
export const reorderPlaylistTrackRequestSchema = z.object({
  entry_id: idSchema,
  to_index: int32Schema(0),
});

/** `?page&perPage` of every paginated library list. */
export const libraryPageQuerySchema = z.object({
  page: intParamSchema(1, 10_000).optional(),
  perPage: intParamSchema(1, 100).optional(),
});

export const addPlaylistTracksResponseSchema = z.object({
  playlist: playlistSchema,
  /** The new entries, in the order of `track_ids`. */
  entry_ids: z.array(z.number().int()),
});

/** Cover pictures above this size are refused before decoding. */
export const PLAYLIST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PLAYLIST_IMAGE_SIZE = 512;
/** Entries per playlist: enough for any listener, bounded so a reorder stays one cheap UPDATE. */
export const PLAYLIST_MAX_TRACKS = 10_000;

export const LIBRARY_MESSAGES = {
  followSelf: msg('You cannot follow yourself.'),
  likesPrivate: msg("This user's liked songs are private."),
  unknownTracks: msg('Some of these tracks do not exist.'),
  playlistFull: msg('A playlist can hold at most 10000 tracks.'),
  collaboratorIsOwner: msg('The owner is already part of this playlist.'),
  imageTooLarge: msg('The image may not be greater than 5 MB.'),
  imageType: msg('The image must be a JPEG, PNG, WebP, GIF or AVIF picture.'),
  selectImage: msg('Please select an image.'),
} as const;

export const updateProfileRequestSchema = z.object({
  likes_public: z.boolean().optional(),
  bio: z.string().trim().max(1000).nullable().optional(),
});

export const historyEntrySchema = z.object({ played_at: z.string(), track: trackSchema });

export const userProfileSchema = userRefSchema.extend({
  bio: z.string().nullable(),
  likes_public: z.boolean(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  playlists_count: z.number().int(),
  followed: z.boolean().optional(),
  created_at: z.string(),
});
export const userProfileResponseSchema = z.object({ user: userProfileSchema });
export type UserProfile = z.infer<typeof userProfileSchema>;

export const playlistPageSchema = paginationSchema(playlistSchema);
export const playlistEntryPageSchema = paginationSchema(playlistEntrySchema);
export const historyPageSchema = paginationSchema(historyEntrySchema);
export const userRefPageSchema = paginationSchema(userRefSchema);
export const likedAlbumsPageSchema = paginationSchema(albumSchema);
export const likedArtistsPageSchema = paginationSchema(artistRefSchema);
export const likedTracksPageSchema = paginationSchema(trackSchema);
