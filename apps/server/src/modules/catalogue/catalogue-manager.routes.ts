import { catalogueManager as op } from '@zema/contracts/catalogue/catalogue-manager.operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { sendCsv } from '#src/http/csv';
import { defineRoute } from '#src/http/define-route';
import { callerId, found } from './catalogue.http';
import {
  albumsCsv,
  artistsCsv,
  channelsCsv,
  deleteCatalogueItems,
  genresCsv,
  getAdminChannel,
  listAlbums,
  listArtists,
  listChannels,
  listGenres,
  listTracks,
  previewChannel,
  searchChannelItems,
  tracksCsv,
} from './catalogue-manager.service';

const deletedMessage = (count: number, one: string, many: string) => ({
  message: `Deleted ${count} ${count === 1 ? one : many}.`,
  count,
});

/** The admin's catalogue manager: lists, bulk deletes, the channel editor's reads. */
export const catalogueManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const remove = (kind: Parameters<typeof deleteCatalogueItems>[2], request: FastifyRequest, ids: number[]) =>
    deleteCatalogueItems(app.deps, actorOf(request), kind, ids);

  defineRoute(app, op.listArtists, async (request) => listArtists(db, request.query));
  defineRoute(app, op.exportArtists, async (request, reply) =>
    sendCsv(reply, 'artists', artistsCsv(db, request.query)),
  );
  defineRoute(app, op.deleteArtists, async (request) =>
    deletedMessage(await remove('artist', request, request.body.ids), 'artist', 'artists'),
  );
  defineRoute(app, op.listAlbums, async (request) => listAlbums(db, request.query));
  defineRoute(app, op.exportAlbums, async (request, reply) =>
    sendCsv(reply, 'albums', albumsCsv(db, request.query)),
  );
  defineRoute(app, op.deleteAlbums, async (request) =>
    deletedMessage(await remove('album', request, request.body.ids), 'album', 'albums'),
  );
  defineRoute(app, op.listTracks, async (request) => listTracks(db, request.query));
  defineRoute(app, op.exportTracks, async (request, reply) =>
    sendCsv(reply, 'tracks', tracksCsv(db, request.query)),
  );
  defineRoute(app, op.deleteTracks, async (request) =>
    deletedMessage(await remove('track', request, request.body.ids), 'track', 'tracks'),
  );
  defineRoute(app, op.listGenres, async (request) => listGenres(db, request.query));
  defineRoute(app, op.exportGenres, async (request, reply) =>
    sendCsv(reply, 'genres', genresCsv(db, request.query)),
  );
  defineRoute(app, op.deleteGenres, async (request) =>
    deletedMessage(await remove('genre', request, request.body.ids), 'genre', 'genres'),
  );
  defineRoute(app, op.listChannels, async (request) => listChannels(db, request.query));
  defineRoute(app, op.exportChannels, async (request, reply) =>
    sendCsv(reply, 'channels', channelsCsv(db, request.query)),
  );
  defineRoute(app, op.getChannel, async (request) => ({
    channel: found(await getAdminChannel(db, request.params.id)),
  }));
  defineRoute(app, op.searchChannelItems, async (request) => ({
    items: await searchChannelItems(db, request.query.type, request.query.query),
  }));
  defineRoute(app, op.previewChannel, async (request) => previewChannel(db, request.body, callerId(request)));
  defineRoute(app, op.deleteChannels, async (request) =>
    deletedMessage(await remove('channel', request, request.body.ids), 'channel', 'channels'),
  );
};
