import { z } from 'zod';
import { messageResponseSchema } from '../identity/auth';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A, PERMISSIONS } from '../permissions';
import { idParamSchema, intParamSchema } from '../primitives';
import {
  albumPageSchema,
  albumResponseSchema,
  artistPageResponseSchema,
  artistRefPageSchema,
  artistResponseSchema,
  channelResponseSchema,
  genrePageSchema,
  genreResponseSchema,
  trackPageSchema,
  trackResponseSchema,
  upsertAlbumRequestSchema,
  upsertArtistRequestSchema,
  upsertChannelRequestSchema,
  upsertGenreRequestSchema,
  upsertTrackRequestSchema,
} from './catalogue';

const view = { permission: PERMISSIONS.musicView } as const;

const idParams = z.object({ id: idParamSchema });
export const cataloguePageQuerySchema = z.object({
  page: intParamSchema(1, 10_000).default(1),
  perPage: intParamSchema(1, 50).default(20),
});
const genreParams = z.object({ name: z.string().min(1).max(100) });
/** An id or a slug: the home page asks for `discover`. */
const channelParams = z.object({ id: z.string().min(1).max(100) });
export const catalogueImageResponseSchema = z.object({ url: z.string() });

/** Reads of the public catalogue (SPEC §7) and the admin's writes. */
export const catalogue = defineOperations('Catalogue', {
  artist: {
    method: 'GET',
    path: '/api/v1/artists/:id',
    access: view,
    params: idParams,
    response: artistPageResponseSchema,
    // A guest's answer carries an ETag; If-None-Match answers 304 without a body.
    otherResponses: { 304: z.null() },
    summary: "An artist's page: profile, popular tracks, albums, similar artists",
  },
  artistTracks: {
    method: 'GET',
    path: '/api/v1/artists/:id/tracks',
    access: view,
    params: idParams,
    query: cataloguePageQuerySchema,
    response: trackPageSchema,
    summary: "An artist's tracks",
  },
  artistAlbums: {
    method: 'GET',
    path: '/api/v1/artists/:id/albums',
    access: view,
    params: idParams,
    query: cataloguePageQuerySchema,
    response: albumPageSchema,
    summary: "An artist's albums",
  },
  album: {
    method: 'GET',
    path: '/api/v1/albums/:id',
    access: view,
    params: idParams,
    response: albumResponseSchema,
    summary: 'Get an album with its tracks',
  },
  track: {
    method: 'GET',
    path: '/api/v1/tracks/:id',
    access: view,
    params: idParams,
    response: trackResponseSchema,
    summary: 'Get a track',
  },
  genres: {
    method: 'GET',
    path: '/api/v1/genres',
    access: view,
    query: cataloguePageQuerySchema,
    response: genrePageSchema,
    summary: 'List genres',
  },
  genre: {
    method: 'GET',
    path: '/api/v1/genres/:name',
    access: view,
    params: genreParams,
    response: genreResponseSchema,
    summary: 'Get a genre by name',
  },
  genreTracks: {
    method: 'GET',
    path: '/api/v1/genres/:name/tracks',
    access: view,
    params: genreParams,
    query: cataloguePageQuerySchema,
    response: trackPageSchema,
    summary: "A genre's tracks",
  },
  genreArtists: {
    method: 'GET',
    path: '/api/v1/genres/:name/artists',
    access: view,
    params: genreParams,
    query: cataloguePageQuerySchema,
    response: artistRefPageSchema,
    summary: "A genre's artists",
  },
  genreAlbums: {
    method: 'GET',
    path: '/api/v1/genres/:name/albums',
    access: view,
    params: genreParams,
    query: cataloguePageQuerySchema,
    response: albumPageSchema,
    summary: "A genre's albums",
  },
  channel: {
    method: 'GET',
    path: '/api/v1/channels/:id',
    access: view,
    params: channelParams,
    query: cataloguePageQuerySchema.pick({ page: true }),
    response: channelResponseSchema,
    summary: 'Get a channel (by id or slug) with its first page of content',
  },
});

/**
 * The admin's writes (the admin area and backstage come later; the API exists now). A group of
 * their own, so the web app's bundle, which calls none of them yet, leaves them out.
 */
export const catalogueAdmin = defineOperations('Catalogue', {
  createArtist: {
    method: 'POST',
    path: '/api/v1/artists',
    access: { permission: A.artistsUpdate },
    body: upsertArtistRequestSchema,
    response: artistResponseSchema,
    summary: 'Create an artist (admin)',
  },
  updateArtist: {
    method: 'PUT',
    path: '/api/v1/artists/:id',
    access: { permission: A.artistsUpdate },
    params: idParams,
    body: upsertArtistRequestSchema,
    response: artistResponseSchema,
    summary: 'Update an artist (admin)',
  },
  deleteArtist: {
    method: 'DELETE',
    path: '/api/v1/artists/:id',
    access: { permission: A.artistsUpdate },
    params: idParams,
    response: messageResponseSchema,
    summary: 'Delete an artist (admin)',
  },
  createAlbum: {
    method: 'POST',
    path: '/api/v1/albums',
    access: { permission: A.albumsUpdate },
    body: upsertAlbumRequestSchema,
    response: albumResponseSchema,
    summary: 'Create an album (admin)',
  },
  updateAlbum: {
    method: 'PUT',
    path: '/api/v1/albums/:id',
    access: { permission: A.albumsUpdate },
    params: idParams,
    body: upsertAlbumRequestSchema,
    response: albumResponseSchema,
    summary: 'Update an album (admin)',
  },
  deleteAlbum: {
    method: 'DELETE',
    path: '/api/v1/albums/:id',
    access: { permission: A.albumsUpdate },
    params: idParams,
    response: messageResponseSchema,
    summary: 'Delete an album (admin)',
  },
  createTrack: {
    method: 'POST',
    path: '/api/v1/tracks',
    access: { permission: A.tracksUpdate },
    body: upsertTrackRequestSchema,
    response: trackResponseSchema,
    summary: 'Create a track (admin)',
  },
  updateTrack: {
    method: 'PUT',
    path: '/api/v1/tracks/:id',
    access: { permission: A.tracksUpdate },
    params: idParams,
    body: upsertTrackRequestSchema,
    response: trackResponseSchema,
    summary: 'Update a track (admin)',
  },
  deleteTrack: {
    method: 'DELETE',
    path: '/api/v1/tracks/:id',
    access: { permission: A.tracksUpdate },
    params: idParams,
    response: messageResponseSchema,
    summary: 'Delete a track (admin)',
  },
  /**
   * Body: JSON `{file_entry_id}` (trackAudioFromEntryRequestSchema: an upload of the caller's,
   * analysed like a backstage track), multipart with `file`, or the raw file sent as audio/*.
   */
  uploadTrackAudio: {
    method: 'POST',
    path: '/api/v1/tracks/:id/audio',
    access: { permission: A.tracksUpdate },
    params: idParams,
    response: trackResponseSchema,
    summary: "Set a track's audio: an uploaded file entry, or the file itself (admin)",
  },
  /**
   * Body: multipart with `file`; the answer's URL goes into an `image` field. Open to whoever may
   * edit one of the kinds that take a picture (each save is checked by its own permission), not
   * to anyone in the admin area.
   */
  uploadImage: {
    method: 'POST',
    path: '/api/v1/catalogue/images',
    access: { anyPermission: [A.artistsUpdate, A.albumsUpdate, A.tracksUpdate, A.genresUpdate] },
    response: catalogueImageResponseSchema,
    summary: 'Upload a picture for an artist, album, track or genre (admin)',
  },
  createGenre: {
    method: 'POST',
    path: '/api/v1/genres',
    access: { permission: A.genresUpdate },
    body: upsertGenreRequestSchema,
    response: genreResponseSchema,
    summary: 'Create a genre (admin)',
  },
  updateGenre: {
    method: 'PUT',
    path: '/api/v1/genres/:id',
    access: { permission: A.genresUpdate },
    params: idParams,
    body: upsertGenreRequestSchema,
    response: genreResponseSchema,
    summary: 'Update a genre (admin)',
  },
  deleteGenre: {
    method: 'DELETE',
    path: '/api/v1/genres/:id',
    access: { permission: A.genresUpdate },
    params: idParams,
    response: messageResponseSchema,
    summary: 'Delete a genre (admin)',
  },
  createChannel: {
    method: 'POST',
    path: '/api/v1/channels',
    access: { permission: A.channelsUpdate },
    body: upsertChannelRequestSchema,
    response: channelResponseSchema,
    summary: 'Create a channel (admin)',
  },
  updateChannel: {
    method: 'PUT',
    path: '/api/v1/channels/:id',
    access: { permission: A.channelsUpdate },
    params: idParams,
    body: upsertChannelRequestSchema,
    response: channelResponseSchema,
    summary: 'Update a channel (admin)',
  },
  deleteChannel: {
    method: 'DELETE',
    path: '/api/v1/channels/:id',
    access: { permission: A.channelsUpdate },
    params: idParams,
    response: messageResponseSchema,
    summary: 'Delete a channel (admin)',
  },
});
