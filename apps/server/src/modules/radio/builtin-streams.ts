import type { ServerResponse } from 'node:http';
import { msg } from '@zema/contracts';
import { UnavailableError } from '#src/lib/errors';
import type { Deps } from '#src/platform/deps';
import { type Broadcaster, createBroadcaster } from './builtin/broadcaster';
import { findFfmpeg } from './builtin/encoder';
import { NothingToPlayError } from './schedule';
import type { StationRow } from './stations.service';

export class TooManyListenersError extends Error {}

export type BuiltinStreamsOptions = {
  /** Streams one client IP may hold open on this instance. */
  listenersPerIp: number;
  /** ffmpeg's path; undefined = `ffmpeg` when it is on the PATH; null = none (stored MP3s as they are). */
  ffmpegPath: string | null | undefined;
};

/**
 * The built-in station's listeners on this instance: one broadcaster per station and bitrate (a
 * changed bitrate starts a new one for the listeners who come next; the old one ends when its
 * listeners leave), and the per-IP cap.
 */
export function createBuiltinStreams(deps: Deps, opts: BuiltinStreamsOptions) {
  const broadcasters = new Map<string, { stationId: number; broadcaster: Broadcaster }>();
  const perIp = new Map<string, number>();
  const log = deps.log.child({ module: 'radio' });
  const ffmpeg = (): Promise<string | null> =>
    opts.ffmpegPath === null ? Promise.resolve(null) : findFfmpeg(opts.ffmpegPath ?? 'ffmpeg');

  async function broadcasterFor(station: StationRow): Promise<Broadcaster> {
    if (station.source.kind !== 'builtin') throw new Error('radio: not the built-in station');
    const key = `${station.id}:${station.source.bitrate}`;
    let entry = broadcasters.get(key);
    if (!entry) {
      entry = {
        stationId: station.id,
        broadcaster: createBroadcaster({
          schedule: deps.radio.scheduleFor(station),
          bitrate: station.source.bitrate,
          ffmpegPath: await ffmpeg(),
          log,
          name: station.name,
        }),
      };
      broadcasters.set(key, entry);
    }
    return entry.broadcaster;
  }

  return {
    /**
     * Checks that `ip` may open one more stream and that the station has something to play, so a
     * refusal is a plain answer (429, 503) before the route takes the socket over.
     */
    async reserve(station: StationRow, ip: string): Promise<void> {
      if ((perIp.get(ip) ?? 0) >= opts.listenersPerIp) throw new TooManyListenersError();
      try {
        await deps.radio.scheduleFor(station).songAt(Date.now());
      } catch (err) {
        if (err instanceof NothingToPlayError) {
          throw new UnavailableError(
            msg('The station has nothing to play yet: the catalogue has no playable track.'),
          );
        }
        throw err;
      }
    },

    /** Streams the station to `out` (a hijacked answer) until it closes or falls behind. */
    async attach(station: StationRow, ip: string, out: ServerResponse, o: { icy: boolean }) {
      perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
      out.once('close', () => {
        const n = (perIp.get(ip) ?? 1) - 1;
        if (n <= 0) perIp.delete(ip);
        else perIp.set(ip, n);
      });
      try {
        (await broadcasterFor(station)).attach(out, o);
      } catch (err) {
        log.warn({ err, station: station.slug }, 'radio: could not start the stream');
        out.destroy();
      }
    },

    /** The schedule cut the station's song `seq` short: its broadcasters move on at once. */
    songEnded(stationId: number, seq: number) {
      for (const entry of broadcasters.values()) {
        if (entry.stationId === stationId) entry.broadcaster.endSong(seq);
      }
    },

    hasFfmpeg: async () => (await ffmpeg()) !== null,

    /** Listeners of a built-in station on this instance (null when it has no broadcaster here). */
    listeners(stationId: number): number | null {
      let total: number | null = null;
      for (const entry of broadcasters.values()) {
        if (entry.stationId === stationId) total = (total ?? 0) + entry.broadcaster.stats.listeners;
      }
      return total;
    },

    /** Ends every listener's stream (server shutdown: an open stream must not hold `close()`). */
    closeAll() {
      for (const { broadcaster } of broadcasters.values()) broadcaster.stop();
      broadcasters.clear();
    },
  };
}

export type BuiltinStreams = ReturnType<typeof createBuiltinStreams>;
