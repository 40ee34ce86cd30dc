import { profiles } from '@zema/contracts/library/profiles.operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { NotFoundError } from '#src/lib/errors';
import { pageWindow } from '#src/lib/pagination';
import { playlistsOf } from '#src/modules/catalogue/index';
import { followUsersPage } from './library-pages';
import { assertUserExists, getProfile, profileLikes, updateProfile } from './profiles.service';

/** `me` reads your own profile; a visitor has none. */
function target(request: FastifyRequest, id: number | 'me'): number {
  if (id !== 'me') return id;
  if (!request.user) throw new NotFoundError();
  return request.user.id;
}

/** Public user profiles: SPEC §2 `/user/{id}/{slug}` in the web app. */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: FastifyRequest) => request.user?.id ?? null;

  defineRoute(app, profiles.get, async (request) => ({
    user: await getProfile(app.deps.db, target(request, request.params.id), viewer(request)),
  }));
  defineRoute(app, profiles.playlists, async (request) => {
    const id = target(request, request.params.id);
    await assertUserExists(app.deps.db, id);
    return playlistsOf(app.deps.db, id, viewer(request), pageWindow(request.query));
  });
  defineRoute(app, profiles.likes, async (request) =>
    profileLikes(app.deps.db, target(request, request.params.id), viewer(request), pageWindow(request.query)),
  );
  for (const direction of ['followers', 'following'] as const) {
    defineRoute(app, profiles[direction], async (request) => {
      const id = target(request, request.params.id);
      await assertUserExists(app.deps.db, id);
      return followUsersPage(app.deps.db, id, direction, pageWindow(request.query));
    });
  }
  defineRoute(app, profiles.updateOwn, async (request) => ({
    user: await updateProfile(app.deps.db, request.user!.id, request.body),
  }));
};
