import { catalogue } from '@zema/contracts/catalogue/catalogue.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { sendJsonBytes } from '#src/http/json-bytes';
import { publicArtistPage, withCallerFlags } from './artist-page';
import { callerId, found, mayEditTracks } from './catalogue.http';
import {
  getAlbum,
  getArtistAlbums,
  getArtistTracks,
  getGenreAlbums,
  getGenreArtists,
  getGenreByName,
  getGenreTracks,
  getTrack,
  listGenres,
} from './catalogue.queries';
import { getChannel } from './channels';

/** The catalogue's reads: artist pages, albums, tracks, genres and channels (admin writes: `catalogue-admin.routes.ts`). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  defineRoute(app, catalogue.artist, async (request, reply) => {
    const cached = found(await publicArtistPage(app.deps, request.params.id));
    const userId = callerId(request);
    if (userId) return withCallerFlags(app.deps.db, cached.page, userId);
    // A guest's answer is the cached page itself: its hash, computed once, is the ETag.
    reply.header('etag', cached.etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send(null);
    return sendJsonBytes(reply, cached.body);
  });

  defineRoute(app, catalogue.artistTracks, async (request) =>
    found(await getArtistTracks(app.deps.db, request.params.id, request.query, callerId(request))),
  );

  defineRoute(app, catalogue.artistAlbums, async (request) =>
    found(await getArtistAlbums(app.deps.db, request.params.id, request.query, callerId(request))),
  );

  defineRoute(app, catalogue.album, async (request) => ({
    album: found(await getAlbum(app.deps.db, request.params.id, callerId(request))),
  }));

  defineRoute(app, catalogue.track, async (request) => ({
    track: found(
      await getTrack(app.deps.db, request.params.id, callerId(request), {
        withAudioState: mayEditTracks(request),
      }),
    ),
  }));

  defineRoute(app, catalogue.genres, async (request) => listGenres(app.deps.db, request.query));

  defineRoute(app, catalogue.genre, async (request) => ({
    genre: found(await getGenreByName(app.deps.db, request.params.name)),
  }));

  defineRoute(app, catalogue.genreTracks, async (request) => {
    const genre = found(await getGenreByName(app.deps.db, request.params.name));
    return getGenreTracks(app.deps.db, genre.id, request.query, callerId(request));
  });

  defineRoute(app, catalogue.genreArtists, async (request) => {
    const genre = found(await getGenreByName(app.deps.db, request.params.name));
    return getGenreArtists(app.deps.db, genre.id, request.query);
  });

  defineRoute(app, catalogue.genreAlbums, async (request) => {
    const genre = found(await getGenreByName(app.deps.db, request.params.name));
    return getGenreAlbums(app.deps.db, genre.id, request.query, callerId(request));
  });

  defineRoute(app, catalogue.channel, async (request) =>
    found(
      await getChannel(app.deps.db, request.params.id, {
        userId: callerId(request),
        page: request.query.page,
      }),
    ),
  );
};
