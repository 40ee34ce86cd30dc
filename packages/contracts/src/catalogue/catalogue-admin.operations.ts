import { z } from 'zod';
import { messageResponseSchema } from '../common';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema } from '../primitives';
import {
  albumResponseSchema,
  artistResponseSchema,
  channelResponseSchema,
  genreResponseSchema,
  trackResponseSchema,
} from './catalogue';
import {
  upsertAlbumRequestSchema,
  upsertArtistRequestSchema,
  upsertChannelRequestSchema,
  upsertGenreRequestSchema,
  upsertTrackRequestSchema,
} from './catalogue-writes';

const idParams = z.object({ id: idParamSchema });

export const catalogueImageResponseSchema = z.object({ url: z.string() });

/**
 * The admin's writes. A module of their own: a bundler puts a module in one chunk whole, so had
 * they stayed beside the listener's reads (which every page has), every page would build them.
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
   * An entry is checked (the caller's own live file, in no release draft) and taken at once, and
   * the answer is the track with `audio_status: 'processing'`: the analysis runs as a job, the
   * track keeps playing its previous audio until it passes, and a file that is not audio ends
   * `failed` with `audio_error` (GET tracks/{id} follows it). A multipart or raw file is checked
   * by its bytes in the request and answered `ready`.
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
