import fastifyMultipart from '@fastify/multipart';
import { hasPermission, msg } from '@zema/contracts';
import { ANALYTICS_VIEW_PERMISSION } from '@zema/contracts/admin';
import { backstage, backstageReview } from '@zema/contracts/backstage/backstage.operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { invalidInput, NotFoundError } from '#src/lib/errors';
import {
  buildPublicArtistPage,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  ImageInputError,
  saveCatalogueImage,
} from '#src/modules/catalogue/index';
import { scopeOf } from '#src/modules/workspaces/index';
import {
  approveRequest,
  assertManages,
  createRequest,
  deleteMyAlbum,
  deleteMyTrack,
  denyRequest,
  getRequest,
  listArtistAlbums,
  listArtistTracks,
  listMyArtists,
  listMyRequests,
  listRequests,
  updateMyAlbum,
  updateMyArtist,
  updateMyTrack,
} from './backstage.service';
import { assertMayReadInsights, getArtistInsights } from './insights.service';

const notFound = () => new NotFoundError();

/** The bytes of the multipart `file` part of a picture upload (422 when missing or too large). */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw invalidInput({ file: [IMAGE_MESSAGES.select] });
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES } })) {
      if (part.type === 'file' && part.fieldname === 'file') return await part.toBuffer();
      if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalidInput({ file: [IMAGE_MESSAGES.tooLarge] });
    throw err;
  }
  throw invalidInput({ file: [IMAGE_MESSAGES.select] });
}

/** The backstage: requests, the admin's review, and the artist's own area. */
export const backstageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  const me = (request: FastifyRequest) => callerOf(request).user.id;
  /** Who acts and in which workspace: the artist-access checks work on it. */
  const scope = (request: FastifyRequest) => scopeOf(callerOf(request));

  defineRoute(app, backstage.myRequests, async (request) =>
    listMyRequests(app.deps.db, me(request), request.query),
  );
  defineRoute(app, backstage.createRequest, async (request) => ({
    request: await createRequest(app.deps.db, me(request), request.body),
  }));

  defineRoute(app, backstage.myArtists, async (request) => ({
    artists: await listMyArtists(app.deps.db, scope(request)),
  }));
  // Built afresh, not from the public page's cache: the editor shows what was just saved.
  const artistAnswer = async (id: number) => {
    const page = await buildPublicArtistPage(app.deps.db, id);
    if (!page) throw notFound();
    return { artist: page.artist };
  };
  defineRoute(app, backstage.artist, async (request) => {
    await assertManages(app.deps.db, scope(request), request.params.id, 'view');
    return artistAnswer(request.params.id);
  });
  defineRoute(app, backstage.updateArtist, async (request) => {
    await updateMyArtist(app.deps, scope(request), request.params.id, request.body, actorOf(request));
    return artistAnswer(request.params.id);
  });
  // The artist's managers; an admin or an analytics viewer sees any artist's (the dashboard's data).
  defineRoute(app, backstage.insights, async (request) => {
    const caller = callerOf(request);
    const artist = await assertMayReadInsights(
      app.deps.db,
      { scope: scopeOf(caller), mayReadAll: hasPermission(caller.user, ANALYTICS_VIEW_PERMISSION) },
      request.params.id,
    );
    return getArtistInsights(app.deps.db, artist, request.query);
  });
  defineRoute(app, backstage.artistTracks, async (request) =>
    listArtistTracks(app.deps.db, scope(request), request.params.id, request.query),
  );
  defineRoute(app, backstage.artistAlbums, async (request) =>
    listArtistAlbums(app.deps.db, scope(request), request.params.id, request.query),
  );
  defineRoute(app, backstage.updateTrack, async (request) => ({
    track: await updateMyTrack(app.deps, scope(request), request.params.id, request.body, actorOf(request)),
  }));
  defineRoute(app, backstage.deleteTrack, async (request) => {
    await deleteMyTrack(app.deps, scope(request), request.params.id, actorOf(request));
    return { message: msg('Track deleted.') };
  });
  defineRoute(app, backstage.updateAlbum, async (request) => ({
    album: await updateMyAlbum(app.deps, scope(request), request.params.id, request.body, actorOf(request)),
  }));
  defineRoute(app, backstage.deleteAlbum, async (request) => {
    await deleteMyAlbum(app.deps, scope(request), request.params.id, actorOf(request));
    return { message: msg('Album deleted.') };
  });
  defineRoute(app, backstage.uploadImage, async (request) => {
    const data = await readImagePart(request);
    try {
      return { url: await saveCatalogueImage(app.deps, data) };
    } catch (err) {
      if (err instanceof ImageInputError) throw invalidInput({ file: [err.message] });
      throw err;
    }
  });

  defineRoute(app, backstageReview.list, async (request) => listRequests(app.deps.db, request.query));
  defineRoute(app, backstageReview.get, async (request) => {
    const found = await getRequest(app.deps.db, request.params.id);
    if (!found) throw notFound();
    return { request: found };
  });
  defineRoute(app, backstageReview.approve, async (request) => ({
    request: await approveRequest(app.deps, request.params.id, actorOf(request)),
  }));
  defineRoute(app, backstageReview.deny, async (request) => ({
    request: await denyRequest(app.deps, request.params.id, request.body.reason, actorOf(request)),
  }));
};
