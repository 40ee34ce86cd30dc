import { z } from 'zod';
import { albumSchema, artistRefSchema, FOLLOWABLE_TYPES, LIKEABLE_TYPES, trackSchema } from './catalogue';
import { paginationSchema } from './common';

/**
 * The signed-in listener's library (issue 5): likes, follows, playlists and listening history,
 * plus public user profiles at /user/{id}/{slug}.
 *
 * Calls (all under api/v1; writes need a session + XSRF or a bearer token):
 * - PUT|DELETE me/likes/{track|album|artist}/{id}         -> {liked}
 * - GET me/likes/ids                                      -> likedIdsResponse
 * - GET me/likes/tracks|albums|artists?page&perPage       -> pagination
 * - PUT|DELETE me/follows/{artist|user}/{id}              -> {followed}
 * - GET me/follows/artists|users?page                     -> pagination
 * - GET me/history?page                                   -> pagination of history entries
 * - GET me/playlists                                      -> playlists the user owns or collaborates on
 * - POST playlists, GET|PUT|DELETE playlists/{id}
 * - POST playlists/{id}/image (multipart `file`), DELETE playlists/{id}/image
 * - GET playlists/{id}/tracks?page&perPage                -> pagination of playlist entries
 * - POST playlists/{id}/tracks {track_ids, position?}     (owner or collaborator)
 * - DELETE playlists/{id}/tracks {entry_ids}
 * - POST playlists/{id}/tracks/reorder {entry_id, to_index}
 * - POST|DELETE playlists/{id}/collaborators/{userId}     (owner only)
 * - GET user-profile/{id}, user-profile/{id}/playlists|likes|followers|following
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

export const createPlaylistRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(300).nullable().optional(),
  public: z.boolean().optional(),
  collaborative: z.boolean().optional(),
});
export const updatePlaylistRequestSchema = createPlaylistRequestSchema.partial();
export const playlistResponseSchema = z.object({ playlist: playlistSchema });
export const playlistListResponseSchema = z.object({ playlists: z.array(playlistSchema) });

export const addPlaylistTracksRequestSchema = z.object({
  track_ids: z.array(z.number().int().positive()).min(1).max(500),
  /** Insert at this index (0 = top); default: the end. */
  position: z.number().int().min(0).optional(),
});
export const removePlaylistTracksRequestSchema = z.object({
  entry_ids: z.array(z.number().int().positive()).min(1).max(500),
});
export const reorderPlaylistTrackRequestSchema = z.object({
  entry_id: z.number().int().positive(),
  to_index: z.number().int().min(0),
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
