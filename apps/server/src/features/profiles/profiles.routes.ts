import {
  libraryPageQuerySchema,
  likedTracksPageSchema,
  PERMISSIONS,
  playlistPageSchema,
  updateProfileRequestSchema,
  userProfileResponseSchema,
  userRefPageSchema,
  userRefParamSchema,
} from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { followUsersPage } from '#src/features/library/likes.service';
import { pageWindow } from '#src/features/library/pagination';
import { playlistsOf } from '#src/features/library/playlists.service';
import { HttpError, MESSAGES } from '#src/http/errors';
import { assertUserExists, getProfile, profileLikes, updateProfile } from './profiles.service';

/** `me` reads your own profile; a visitor has none. */
const idParams = z.object({ id: userRefParamSchema });
const musicView = { permission: PERMISSIONS.musicView } as const;

function target(request: FastifyRequest, id: number | 'me'): number {
  if (id !== 'me') return id;
  if (!request.user) throw new HttpError(404, MESSAGES.notFound);
  return request.user.id;
}

/** Public user profiles (issue 5): /user/{id}/{slug} in the web app. */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: FastifyRequest) => request.user?.id ?? null;

  app.get(
    '/user-profile/:id',
    {
      config: { access: musicView },
      schema: { params: idParams, response: { 200: userProfileResponseSchema } },
    },
    async (request) => ({
      user: await getProfile(app.db, target(request, request.params.id), viewer(request)),
    }),
  );
  app.get(
    '/user-profile/:id/playlists',
    {
      config: { access: musicView },
      schema: {
        params: idParams,
        querystring: libraryPageQuerySchema,
        response: { 200: playlistPageSchema },
      },
    },
    async (request) => {
      const id = target(request, request.params.id);
      await assertUserExists(app.db, id);
      return playlistsOf(app.db, id, viewer(request), pageWindow(request.query));
    },
  );
  app.get(
    '/user-profile/:id/likes',
    {
      config: { access: musicView },
      schema: {
        params: idParams,
        querystring: libraryPageQuerySchema,
        response: { 200: likedTracksPageSchema },
      },
    },
    async (request) =>
      profileLikes(app.db, target(request, request.params.id), viewer(request), pageWindow(request.query)),
  );
  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/user-profile/:id/${direction}`,
      {
        config: { access: musicView },
        schema: {
          params: idParams,
          querystring: libraryPageQuerySchema,
          response: { 200: userRefPageSchema },
        },
      },
      async (request) => {
        const id = target(request, request.params.id);
        await assertUserExists(app.db, id);
        return followUsersPage(app.db, id, direction, pageWindow(request.query));
      },
    );
  }
  app.put(
    '/me/profile',
    {
      config: { access: 'user' },
      schema: { body: updateProfileRequestSchema, response: { 200: userProfileResponseSchema } },
    },
    async (request) => ({ user: await updateProfile(app.db, request.user!.id, request.body) }),
  );
};
