import { z } from 'zod';
import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';
import { idParamSchema, intParamSchema } from '../primitives';
import {
  albumPageSchema,
  albumResponseSchema,
  artistPageResponseSchema,
  artistRefPageSchema,
  channelResponseSchema,
  genrePageSchema,
  genreResponseSchema,
  trackPageSchema,
  trackResponseSchema,
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
  /** With `audio_status` and `audio_error` only for a caller who may edit tracks (`tracks.update`). */
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
