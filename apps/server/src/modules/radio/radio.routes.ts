import { msg } from '@zema/contracts';
import { radio, radioAdmin } from '@zema/contracts/radio/radio.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import {
  closeWithAnswer,
  eventStreamBody,
  eventStreamHeaders,
  eventStreamRequest,
} from '#src/http/event-stream';
import { ConflictError, NotFoundError, RateLimitedError } from '#src/lib/errors';
import { wantsIcyMetadata } from './builtin/broadcaster';
import { TooManyListenersError } from './builtin-streams';
import { RadioClosedError, TooManyRadioStreamsError } from './radio-hub';
import { endSongNow } from './schedule';
import { readSourceOnce } from './sources/index';
import {
  createStation,
  deleteStation,
  findStation,
  getStationForAdmin,
  listPublicStations,
  listStationsForAdmin,
  reorderStations,
  stationById,
  toStation,
  updateStation,
} from './stations.service';

/** The stations as listeners reach them, their live events and the built-in stream; and the admin's stations. */
export const radioRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const hub = app.deps.radio;
  const streams = app.deps.radioStreams;
  const allowPrivateAddresses = app.deps.tuning.radio?.allowPrivateAddresses === true;

  defineRoute(app, radio.list, async () => ({ stations: await listPublicStations(db) }));

  defineRoute(app, radio.get, async (request) => {
    const station = await findStation(db, request.params.slug, request.user);
    return { station: toStation(station), now_playing: await hub.nowPlaying(station) };
  });

  // No HEAD twin: a stream has nothing to preview and a HEAD must not hold a subscription.
  defineRoute(app, radio.events, { exposeHeadRoute: false }, async (request, reply) => {
    const lastEventId = eventStreamRequest(request);
    const station = await findStation(db, request.params.slug, request.user);
    const { body, sink } = eventStreamBody();
    let stream: { close(): void };
    try {
      stream = await hub.openEvents(station, request.ip, lastEventId, sink);
    } catch (err) {
      if (err instanceof TooManyRadioStreamsError) {
        throw new RateLimitedError(msg('Too many live connections are open. Close a tab and try again.'));
      }
      if (err instanceof RadioClosedError) {
        return eventStreamHeaders(reply).header('connection', 'close').send('retry: 3000\n\n');
      }
      throw err;
    }
    closeWithAnswer(reply, body, stream);
    return eventStreamHeaders(reply).send(body);
  });

  // The built-in station's live MP3: the bytes go straight to the socket, the same moment for
  // every listener (builtin-streams.ts); an outside station's stream is its host's, not ours.
  defineRoute(app, radio.stream, { exposeHeadRoute: false }, async (request, reply) => {
    const station = await findStation(db, request.params.slug, request.user);
    if (station.source.kind !== 'builtin') throw new NotFoundError();
    const icy = wantsIcyMetadata(request.headers['icy-metadata']);
    try {
      await streams.reserve(station, request.ip);
    } catch (err) {
      if (err instanceof TooManyListenersError) {
        throw new RateLimitedError(msg('Too many streams of this station are open from your address.'));
      }
      throw err;
    }
    reply.hijack();
    await streams.attach(station, request.ip, reply.raw, { icy });
  });

  defineRoute(app, radioAdmin.list, async () => ({
    stations: await listStationsForAdmin(db),
    ffmpeg: await streams.hasFfmpeg(),
  }));
  defineRoute(app, radioAdmin.get, async (request) => ({
    station: await getStationForAdmin(db, request.params.id),
  }));
  defineRoute(app, radioAdmin.create, async (request) => ({
    station: await createStation(db, actorOf(request), request.body, { allowPrivateAddresses }),
  }));
  defineRoute(app, radioAdmin.update, async (request) => {
    const station = await updateStation(db, actorOf(request), request.params.id, request.body, {
      allowPrivateAddresses,
    });
    await hub.stationChanged(station.id);
    return { station };
  });
  defineRoute(app, radioAdmin.reorder, async (request) => {
    await reorderStations(db, actorOf(request), request.body.ids);
    return { ok: true as const };
  });
  defineRoute(app, radioAdmin.checkSource, async (request) => {
    const station = await stationById(db, request.params.id);
    const source = station.source;
    if (source.kind === 'none') return { ok: true, song: null, listeners: null, error: null };
    try {
      if (source.kind === 'builtin') {
        const now = await hub.nowPlaying(station);
        return { ok: true, song: now.song, listeners: now.listeners, error: null };
      }
      const reading = await readSourceOnce(source, station.streams, {
        allowPrivateAddresses,
        timeoutMs: 10_000,
      });
      const song = reading.song
        ? {
            title: reading.song.title,
            artist: reading.song.artist,
            album: reading.song.album,
            art: reading.song.art,
            started_at: reading.song.startedAt,
            duration: reading.song.duration,
            track: null,
          }
        : null;
      return { ok: true, song, listeners: reading.listeners, error: null };
    } catch (err) {
      return {
        ok: false,
        song: null,
        listeners: null,
        error: err instanceof Error ? err.message : String(err),
      };
    }
  });
  defineRoute(app, radioAdmin.skip, async (request) => {
    const station = await stationById(db, request.params.id);
    if (station.source.kind !== 'builtin') {
      throw new ConflictError(msg('Only the built-in station plays songs of its own to skip.'));
    }
    const ended = await endSongNow(db, station.id, Date.now());
    await hub.stationChanged(station.id, ended);
    return { now_playing: await hub.nowPlaying(station) };
  });
  defineRoute(app, radioAdmin.delete, async (request) => {
    await deleteStation(db, actorOf(request), request.params.id);
    await hub.stationChanged(request.params.id);
    return { deleted: true as const };
  });
};
