import { z } from 'zod';
import { bulkIdsSchema, bulkResultSchema, listExportQuerySchema } from '../list';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema } from '../primitives';
import {
  adminChannelResponseSchema,
  albumsListQuerySchema,
  albumsListResponseSchema,
  artistsListQuerySchema,
  artistsListResponseSchema,
  channelItemSearchQuerySchema,
  channelItemSearchResponseSchema,
  channelPreviewRequestSchema,
  channelPreviewResponseSchema,
  channelsListQuerySchema,
  channelsListResponseSchema,
  genresListQuerySchema,
  genresListResponseSchema,
  tracksListQuerySchema,
  tracksListResponseSchema,
} from './catalogue-admin';

const idParams = z.object({ id: idParamSchema });
const artists = { permission: A.artistsUpdate } as const;
const albums = { permission: A.albumsUpdate } as const;
const tracks = { permission: A.tracksUpdate } as const;
const genres = { permission: A.genresUpdate } as const;
const channels = { permission: A.channelsUpdate } as const;

/**
 * The admin's catalogue manager: lists, bulk deletes and the channel editor's
 * reads, under /admin. The single writes stay the catalogue's own (`catalogueAdmin`). A group and
 * a file of their own, so the listener's bundle never holds them. A list needs the permission to
 * change what it lists: the manager is the only reader.
 */
export const catalogueManager = defineOperations('Catalogue (admin)', {
  listArtists: {
    method: 'GET',
    path: '/api/v1/admin/artists',
    access: artists,
    query: artistsListQuerySchema,
    response: artistsListResponseSchema,
    summary: 'List artists: search by name, filter by genre or badge, sort, paginate',
  },
  /** text/csv of every row of the current filter (not only the page). */
  exportArtists: {
    method: 'GET',
    path: '/api/v1/admin/artists/export',
    access: artists,
    query: listExportQuerySchema(artistsListQuerySchema),
    summary: 'Export the filtered artists as CSV',
  },
  deleteArtists: {
    method: 'POST',
    path: '/api/v1/admin/artists/bulk-delete',
    access: artists,
    body: bulkIdsSchema,
    response: bulkResultSchema,
    summary: 'Delete the selected artists (their albums and tracks stay, without the credit)',
  },
  listAlbums: {
    method: 'GET',
    path: '/api/v1/admin/albums',
    access: albums,
    query: albumsListQuerySchema,
    response: albumsListResponseSchema,
    summary: 'List albums: search by name, filter by artist, genre or type, sort, paginate',
  },
  /** text/csv of every row of the current filter (not only the page). */
  exportAlbums: {
    method: 'GET',
    path: '/api/v1/admin/albums/export',
    access: albums,
    query: listExportQuerySchema(albumsListQuerySchema),
    summary: 'Export the filtered albums as CSV',
  },
  deleteAlbums: {
    method: 'POST',
    path: '/api/v1/admin/albums/bulk-delete',
    access: albums,
    body: bulkIdsSchema,
    response: bulkResultSchema,
    summary: 'Delete the selected albums (their tracks stay, without an album)',
  },
  listTracks: {
    method: 'GET',
    path: '/api/v1/admin/tracks',
    access: tracks,
    query: tracksListQuerySchema,
    response: tracksListResponseSchema,
    summary: 'List tracks: search by name, filter by artist, album, genre or audio, sort, paginate',
  },
  /** text/csv of every row of the current filter (not only the page). */
  exportTracks: {
    method: 'GET',
    path: '/api/v1/admin/tracks/export',
    access: tracks,
    query: listExportQuerySchema(tracksListQuerySchema),
    summary: 'Export the filtered tracks as CSV',
  },
  deleteTracks: {
    method: 'POST',
    path: '/api/v1/admin/tracks/bulk-delete',
    access: tracks,
    body: bulkIdsSchema,
    response: bulkResultSchema,
    summary: 'Delete the selected tracks with their audio files, likes and playlist entries',
  },
  listGenres: {
    method: 'GET',
    path: '/api/v1/admin/genres',
    access: genres,
    query: genresListQuerySchema,
    response: genresListResponseSchema,
    summary: 'List genres with how many artists and tracks carry them',
  },
  /** text/csv of every row of the current filter (not only the page). */
  exportGenres: {
    method: 'GET',
    path: '/api/v1/admin/genres/export',
    access: genres,
    query: listExportQuerySchema(genresListQuerySchema),
    summary: 'Export the filtered genres as CSV',
  },
  deleteGenres: {
    method: 'POST',
    path: '/api/v1/admin/genres/bulk-delete',
    access: genres,
    body: bulkIdsSchema,
    response: bulkResultSchema,
    summary: 'Delete the selected genres (artists and tracks lose the tag)',
  },
  listChannels: {
    method: 'GET',
    path: '/api/v1/admin/channels',
    access: channels,
    query: channelsListQuerySchema,
    response: channelsListResponseSchema,
    summary: 'List channels',
  },
  /** text/csv of every row of the current filter (not only the page). */
  exportChannels: {
    method: 'GET',
    path: '/api/v1/admin/channels/export',
    access: channels,
    query: listExportQuerySchema(channelsListQuerySchema),
    summary: 'Export the filtered channels as CSV',
  },
  getChannel: {
    method: 'GET',
    path: '/api/v1/admin/channels/:id',
    access: channels,
    params: idParams,
    response: adminChannelResponseSchema,
    summary: "A channel's settings and its chosen items in order, for the editor",
  },
  searchChannelItems: {
    method: 'GET',
    path: '/api/v1/admin/channel-items',
    access: channels,
    query: channelItemSearchQuerySchema,
    response: channelItemSearchResponseSchema,
    summary: "The channel editor's picker: tracks, albums, artists, genres or channels by name",
  },
  previewChannel: {
    // A read with a body: the unsaved chosen list may hold up to 500 ids.
    method: 'POST',
    path: '/api/v1/admin/channels/preview',
    access: channels,
    body: channelPreviewRequestSchema,
    response: channelPreviewResponseSchema,
    summary: "The channel editor's live preview: the content of unsaved settings (chosen items or a rule)",
  },
  deleteChannels: {
    method: 'POST',
    path: '/api/v1/admin/channels/bulk-delete',
    access: channels,
    body: bulkIdsSchema,
    response: bulkResultSchema,
    summary: 'Delete the selected channels (channels nesting them lose the row)',
  },
});
