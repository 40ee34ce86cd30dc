import fastifyMultipart from '@fastify/multipart';
import {
  addPlaylistTracksRequestSchema,
  addPlaylistTracksResponseSchema,
  createPlaylistRequestSchema,
  followableTypeSchema,
  followResponseSchema,
  historyPageSchema,
  idParamSchema,
  libraryPageQuerySchema,
  likeableTypeSchema,
  likedAlbumsPageSchema,
  likedArtistsPageSchema,
  likedIdsResponseSchema,
  likedTracksPageSchema,
  likeResponseSchema,
  PERMISSIONS,
  PLAYLIST_IMAGE_MAX_BYTES,
  playlistEntryPageSchema,
  playlistListResponseSchema,
  playlistResponseSchema,
  removePlaylistTracksRequestSchema,
  reorderPlaylistTrackRequestSchema,
  updatePlaylistRequestSchema,
  userRefPageSchema,
} from '@zema/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateArtistPage } from '#src/features/catalogue/artist-page';
import {
  follow,
  followedArtists,
  followUsersPage,
  history,
  like,
  likedAlbums,
  likedArtists,
  likedIds,
  likedTracks,
  unfollow,
  unlike,
} from './likes.service';
import { pageWindow } from './pagination';
import { encodePlaylistImage, readPlaylistImage } from './playlist-image';
import {
  addCollaborator,
  addTracks,
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  myPlaylists,
  playlistEntries,
  removeCollaborator,
  removeTracks,
  reorderTrack,
  setPlaylistImage,
  updatePlaylist,
} from './playlists.service';

const id = idParamSchema;
const likeParams = z.object({ type: likeableTypeSchema, id });
const followParams = z.object({ type: followableTypeSchema, id });
const idParams = z.object({ id });
const collaboratorParams = z.object({ id, userId: id });
const musicView = { permission: PERMISSIONS.musicView } as const;

/** Likes, follows, history and playlists (issue 5); the call list is in contracts/library.ts. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to these routes: covers come as multipart or as a raw image body.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PLAYLIST_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 6 },
  });
  app.addContentTypeParser(
    /^image\//,
    // One byte over the limit still reaches the encoder, which answers the 422 with the message.
    { parseAs: 'buffer', bodyLimit: PLAYLIST_IMAGE_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  const me = (request: { user: { id: number } | null }) => request.user!.id;

  // ---- likes and follows ----
  app.put(
    '/me/likes/:type/:id',
    { config: { access: 'user' }, schema: { params: likeParams, response: { 200: likeResponseSchema } } },
    async (request) => like(app.db, me(request), request.params.type, request.params.id),
  );
  app.delete(
    '/me/likes/:type/:id',
    { config: { access: 'user' }, schema: { params: likeParams, response: { 200: likeResponseSchema } } },
    async (request) => unlike(app.db, me(request), request.params.type, request.params.id),
  );
  app.get(
    '/me/likes/ids',
    { config: { access: 'user' }, schema: { response: { 200: likedIdsResponseSchema } } },
    async (request) => likedIds(app.db, me(request)),
  );
  app.get(
    '/me/likes/tracks',
    {
      config: { access: 'user' },
      schema: { querystring: libraryPageQuerySchema, response: { 200: likedTracksPageSchema } },
    },
    async (request) => likedTracks(app.db, me(request), pageWindow(request.query), me(request)),
  );
  app.get(
    '/me/likes/albums',
    {
      config: { access: 'user' },
      schema: { querystring: libraryPageQuerySchema, response: { 200: likedAlbumsPageSchema } },
    },
    async (request) => likedAlbums(app.db, me(request), pageWindow(request.query)),
  );
  app.get(
    '/me/likes/artists',
    {
      config: { access: 'user' },
      schema: { querystring: libraryPageQuerySchema, response: { 200: likedArtistsPageSchema } },
    },
    async (request) => likedArtists(app.db, me(request), pageWindow(request.query)),
  );
  app.put(
    '/me/follows/:type/:id',
    { config: { access: 'user' }, schema: { params: followParams, response: { 200: followResponseSchema } } },
    async (request) => {
      const answer = await follow(app.db, me(request), request.params.type, request.params.id);
      if (request.params.type === 'artist') await invalidateArtistPage(app.cache, request.params.id);
      return answer;
    },
  );
  app.delete(
    '/me/follows/:type/:id',
    { config: { access: 'user' }, schema: { params: followParams, response: { 200: followResponseSchema } } },
    async (request) => {
      const answer = await unfollow(app.db, me(request), request.params.type, request.params.id);
      if (request.params.type === 'artist') await invalidateArtistPage(app.cache, request.params.id);
      return answer;
    },
  );
  app.get(
    '/me/follows/artists',
    {
      config: { access: 'user' },
      schema: { querystring: libraryPageQuerySchema, response: { 200: likedArtistsPageSchema } },
    },
    async (request) => followedArtists(app.db, me(request), pageWindow(request.query)),
  );
  app.get(
    '/me/follows/users',
    {
      config: { access: 'user' },
      schema: { querystring: libraryPageQuerySchema, response: { 200: userRefPageSchema } },
    },
    async (request) => followUsersPage(app.db, me(request), 'following', pageWindow(request.query)),
  );

  // ---- history ----
  app.get(
    '/me/history',
    {
      config: { access: 'user' },
      schema: { querystring: libraryPageQuerySchema, response: { 200: historyPageSchema } },
    },
    async (request) => history(app.db, me(request), pageWindow(request.query)),
  );

  // ---- playlists ----
  app.get(
    '/me/playlists',
    { config: { access: 'user' }, schema: { response: { 200: playlistListResponseSchema } } },
    async (request) => ({ playlists: await myPlaylists(app.db, me(request)) }),
  );
  app.post(
    '/playlists',
    {
      config: { access: 'user' },
      schema: { body: createPlaylistRequestSchema, response: { 200: playlistResponseSchema } },
    },
    async (request) => ({ playlist: await createPlaylist(app.db, me(request), request.body) }),
  );
  app.get(
    '/playlists/:id',
    {
      config: { access: musicView },
      schema: { params: idParams, response: { 200: playlistResponseSchema } },
    },
    async (request) => ({
      playlist: await getPlaylist(app.db, request.params.id, request.user?.id ?? null),
    }),
  );
  app.put(
    '/playlists/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParams,
        body: updatePlaylistRequestSchema,
        response: { 200: playlistResponseSchema },
      },
    },
    async (request) => ({
      playlist: await updatePlaylist(app.db, request.params.id, me(request), request.body),
    }),
  );
  app.delete(
    '/playlists/:id',
    {
      config: { access: 'user' },
      schema: { params: idParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
    },
    async (request) => deletePlaylist(app, request.params.id, me(request)),
  );
  app.post(
    '/playlists/:id/image',
    { config: { access: 'user' }, schema: { params: idParams, response: { 200: playlistResponseSchema } } },
    async (request) => {
      const encoded = await encodePlaylistImage(await readPlaylistImage(request));
      return { playlist: await setPlaylistImage(app, request.params.id, me(request), encoded) };
    },
  );
  app.delete(
    '/playlists/:id/image',
    { config: { access: 'user' }, schema: { params: idParams, response: { 200: playlistResponseSchema } } },
    async (request) => ({ playlist: await setPlaylistImage(app, request.params.id, me(request), null) }),
  );
  app.get(
    '/playlists/:id/tracks',
    {
      config: { access: musicView },
      schema: {
        params: idParams,
        querystring: libraryPageQuerySchema,
        response: { 200: playlistEntryPageSchema },
      },
    },
    async (request) =>
      playlistEntries(app.db, request.params.id, request.user?.id ?? null, pageWindow(request.query, 50)),
  );
  app.post(
    '/playlists/:id/tracks',
    {
      config: { access: 'user' },
      schema: {
        params: idParams,
        body: addPlaylistTracksRequestSchema,
        response: { 200: addPlaylistTracksResponseSchema },
      },
    },
    async (request) =>
      addTracks(app.db, request.params.id, me(request), request.body.track_ids, request.body.position),
  );
  app.delete(
    '/playlists/:id/tracks',
    {
      config: { access: 'user' },
      schema: {
        params: idParams,
        body: removePlaylistTracksRequestSchema,
        response: { 200: playlistResponseSchema },
      },
    },
    async (request) => ({
      playlist: await removeTracks(app.db, request.params.id, me(request), request.body.entry_ids),
    }),
  );
  app.post(
    '/playlists/:id/tracks/reorder',
    {
      config: { access: 'user' },
      schema: {
        params: idParams,
        body: reorderPlaylistTrackRequestSchema,
        response: { 200: playlistResponseSchema },
      },
    },
    async (request) => ({
      playlist: await reorderTrack(
        app.db,
        request.params.id,
        me(request),
        request.body.entry_id,
        request.body.to_index,
      ),
    }),
  );
  app.post(
    '/playlists/:id/collaborators/:userId',
    {
      config: { access: 'user' },
      schema: { params: collaboratorParams, response: { 200: playlistResponseSchema } },
    },
    async (request) => ({
      playlist: await addCollaborator(app.db, request.params.id, me(request), request.params.userId),
    }),
  );
  app.delete(
    '/playlists/:id/collaborators/:userId',
    {
      config: { access: 'user' },
      schema: { params: collaboratorParams, response: { 200: playlistResponseSchema } },
    },
    async (request) => ({
      playlist: await removeCollaborator(app.db, request.params.id, me(request), request.params.userId),
    }),
  );
};
