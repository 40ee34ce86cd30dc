import { randomUUID } from 'node:crypto';
import { RADIO_EVENT_NOW_PLAYING, type RadioNowPlaying, type RadioSourceConfig } from '@zema/contracts';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '#src/platform/deps';
import { createLiveEvents, type LiveEvents, type LiveFrame, sseFrame } from '#src/platform/live-events';
import type { Unsubscribe } from '#src/platform/pubsub';
import type { StationSchedule } from './builtin/types';
import { readNowPlaying, recordReading } from './now-playing';
import { radioWatchLeases } from './radio.tables';
import { createStationSchedule } from './schedule';
import { watchSource } from './sources/index';
import type { OutsideSourceConfig, SourceReading } from './sources/types';
import { type StationRow, stationById } from './stations.service';

/** What tests and the benchmark tune (timings, limits, the fetch rule); production uses the defaults. */
export type RadioTuning = {
  /** Tests only: let watchers and station addresses reach loopback and private networks. */
  allowPrivateAddresses?: boolean;
  /** How long a watcher's lease lasts without renewal (default 15 s): a crashed holder's successor waits this long. */
  leaseMs?: number;
  /** How often leases are renewed and interest is looked at (default 5 s). */
  tickMs?: number;
  /** A watcher stops this long after the last page on this instance closed (default 30 s). */
  idleStopMs?: number;
  /** How often polled sources are read (default: each source's own). */
  sourcePollMs?: number;
  /** First and longest wait before a failed source is tried again (default 1 s and 60 s). */
  backoffMs?: { min: number; max: number };
  /** `: ping` on the event streams this often (default 15 s). */
  heartbeatMs?: number;
};

export type RadioLimits = { eventStreamsPerIp: number };

export class TooManyRadioStreamsError extends Error {}
export class RadioClosedError extends Error {}

/** What an event stream writes to: the response body (see live.routes.ts). */
export interface RadioSink {
  write(chunk: string): boolean;
  end(): void;
  readonly writableLength: number;
  readonly destroyed: boolean;
}

type Watch = {
  stationId: number;
  /** Pages of this station open on this instance. */
  interest: number;
  idleSince: number;
  holding: boolean;
  controller: AbortController | null;
};

type EventStream = {
  stationId: number;
  ip: string;
  sink: RadioSink;
  unsubscribe: Unsubscribe | null;
  /** Gives up the stream's interest in its station's watcher. */
  release: (() => void) | undefined;
  closed: boolean;
};

/** A page that stops reading is dropped once this much waits for it (events are small). */
const MAX_BUFFERED = 256 * 1024;

/**
 * The radio of one instance: who watches which station's now-playing (one watcher per station
 * across every instance, elected by a lease row, started when the first page of the station opens
 * on any instance and stopped a while after the last closes), the stations' event streams
 * (server-sent events, fanned out through the live-events bus with its ids and backlog, so a
 * reconnect with Last-Event-ID misses nothing whichever instance it reaches), and the built-in
 * station's schedules.
 */
export function createRadioHub(deps: Deps, tuning: RadioTuning = {}, limits: RadioLimits) {
  const holder = randomUUID();
  const leaseMs = tuning.leaseMs ?? 15_000;
  const tickMs = tuning.tickMs ?? 5_000;
  const idleStopMs = tuning.idleStopMs ?? 30_000;
  const backoff = tuning.backoffMs ?? { min: 1_000, max: 60_000 };
  const heartbeatMs = Math.min(tuning.heartbeatMs ?? 15_000, 15_000);
  const log = deps.log.child({ module: 'radio' });

  const events: LiveEvents = createLiveEvents(deps.pubsub, {
    redis: deps.redis,
    namespace: `${deps.busNamespace}radio:`,
    backlogSize: 20,
    onHandlerError: (err) => log.error({ err }, 'a radio event subscriber failed'),
  });
  const changedChannel = `${deps.busNamespace}radio:changed`;

  const watches = new Map<number, Watch>();
  const schedules = new Map<number, StationSchedule>();
  const streams = new Set<EventStream>();
  const perIp = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let closed = false;
  let changedSubscription: Promise<Unsubscribe> | null = null;

  // ——— Leases: one watcher per station across instances ———

  /** Takes or renews the station's lease; true when this instance holds it now. */
  async function holdLease(stationId: number): Promise<boolean> {
    const until = new Date(Date.now() + leaseMs);
    const rows = await deps.db
      .insert(radioWatchLeases)
      .values({ stationId, holder, expiresAt: until })
      .onConflictDoUpdate({
        target: radioWatchLeases.stationId,
        set: { holder, expiresAt: until },
        setWhere: or(eq(radioWatchLeases.holder, holder), lt(radioWatchLeases.expiresAt, sql`now()`)),
      })
      .returning({ holder: radioWatchLeases.holder });
    return rows[0]?.holder === holder;
  }

  async function releaseLease(stationId: number) {
    await deps.db
      .delete(radioWatchLeases)
      .where(and(eq(radioWatchLeases.stationId, stationId), eq(radioWatchLeases.holder, holder)));
  }

  // ——— Watchers ———

  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });

  const scheduleFor = (station: Pick<StationRow, 'id'>): StationSchedule => {
    let schedule = schedules.get(station.id);
    if (!schedule) {
      schedule = createStationSchedule(deps, station.id, async () => {
        const row = await stationById(deps.db, station.id);
        if (row.source.kind !== 'builtin') throw new Error('radio: the station is not the built-in one');
        return row.source;
      });
      schedules.set(station.id, schedule);
    }
    return schedule;
  };

  /** Listeners of the built-in stream on this instance, by station (set by the streams). */
  let builtinListeners: (stationId: number) => number | null = () => null;

  async function nowPlaying(station: StationRow): Promise<RadioNowPlaying> {
    const builtin = station.source.kind === 'builtin';
    return readNowPlaying(deps.db, station, {
      schedule: builtin ? scheduleFor(station) : undefined,
      listeners: builtin ? builtinListeners(station.id) : undefined,
    });
  }

  const publish = async (station: StationRow) => {
    await events.publish(station.id, RADIO_EVENT_NOW_PLAYING as never, (await nowPlaying(station)) as never);
  };

  /** The built-in station's watcher: one event per song, at its boundary. */
  async function watchBuiltin(station: StationRow, signal: AbortSignal) {
    const schedule = scheduleFor(station);
    let lastSeq = -1;
    let failures = 0;
    while (!signal.aborted) {
      try {
        const song = await schedule.songAt(Date.now());
        if (song.seq !== lastSeq) {
          lastSeq = song.seq;
          await publish(station);
        }
        failures = 0;
        await sleep(Math.max(20, song.startedAt + song.durationMs - Date.now() + 20), signal);
      } catch (err) {
        if (signal.aborted) break;
        failures++;
        log.warn({ err, station: station.slug }, 'radio: the built-in schedule failed; trying again');
        await sleep(retryDelay(failures), signal);
      }
    }
  }

  const retryDelay = (failures: number) =>
    Math.min(backoff.max, backoff.min * 2 ** Math.min(failures - 1, 16));

  /** An outside station's watcher: the source's readings recorded and published; failures retried with backoff. */
  async function watchOutside(station: StationRow, config: OutsideSourceConfig, signal: AbortSignal) {
    let failures = 0;
    let chain = Promise.resolve();
    const onReading = (reading: SourceReading) => {
      failures = 0;
      chain = chain
        .then(async () => {
          if (signal.aborted) return;
          if (await recordReading(deps.db, station, reading)) await publish(station);
        })
        .catch((err: unknown) =>
          log.warn({ err, station: station.slug }, 'radio: could not record a reading'),
        );
    };
    while (!signal.aborted) {
      try {
        await watchSource(config, station.streams, onReading, signal, {
          allowPrivateAddresses: tuning.allowPrivateAddresses,
          pollMs: tuning.sourcePollMs,
        });
      } catch (err) {
        if (signal.aborted) break;
        failures++;
        // The audio goes on in the listeners' players; only the titles wait (issue 33, §4).
        log.warn({ err, station: station.slug, failures }, 'radio: now-playing source failed; retrying');
        await sleep(retryDelay(failures), signal);
      }
    }
    await chain;
  }

  function startWatcher(watch: Watch) {
    const controller = new AbortController();
    watch.controller = controller;
    void (async () => {
      try {
        const station = await stationById(deps.db, watch.stationId);
        const source: RadioSourceConfig = station.source;
        if (source.kind === 'none') return;
        if (source.kind === 'builtin') await watchBuiltin(station, controller.signal);
        else await watchOutside(station, source, controller.signal);
      } catch (err) {
        if (!controller.signal.aborted) log.warn({ err, station: watch.stationId }, 'radio: watcher stopped');
      } finally {
        if (watch.controller === controller) watch.controller = null;
      }
    })();
  }

  function stopWatcher(watch: Watch) {
    watch.controller?.abort();
    watch.controller = null;
  }

  async function tick() {
    const now = Date.now();
    for (const watch of [...watches.values()]) {
      try {
        if (watch.interest === 0 && now - watch.idleSince >= idleStopMs) {
          stopWatcher(watch);
          watches.delete(watch.stationId);
          if (watch.holding) await releaseLease(watch.stationId);
          continue;
        }
        watch.holding = await holdLease(watch.stationId);
        if (watch.holding && !watch.controller) startWatcher(watch);
        if (!watch.holding) stopWatcher(watch);
      } catch (err) {
        // The database was briefly away: the lease lapses by itself if this goes on.
        log.warn({ err, station: watch.stationId }, 'radio: could not renew a watcher lease');
      }
    }
    if (!watches.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  const runTick = () => {
    ticking ??= tick().finally(() => {
      ticking = null;
    });
    return ticking;
  };

  /** A page of the station opened here: its watcher runs (here or elsewhere) while any is open. */
  function addInterest(stationId: number): () => void {
    let watch = watches.get(stationId);
    if (!watch) {
      watch = { stationId, interest: 0, idleSince: Date.now(), holding: false, controller: null };
      watches.set(stationId, watch);
    }
    watch.interest++;
    timer ??= setInterval(() => void runTick(), tickMs);
    if (!watch.holding) void runTick();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      watch.interest--;
      if (watch.interest === 0) watch.idleSince = Date.now();
    };
  }

  // ——— Event streams ———

  const write = (stream: EventStream, chunk: string) => {
    if (stream.closed || stream.sink.destroyed) return;
    stream.sink.write(chunk);
    if (stream.sink.writableLength > MAX_BUFFERED) closeStream(stream);
  };

  function closeStream(stream: EventStream) {
    if (stream.closed) return;
    stream.closed = true;
    streams.delete(stream);
    const n = (perIp.get(stream.ip) ?? 1) - 1;
    if (n <= 0) perIp.delete(stream.ip);
    else perIp.set(stream.ip, n);
    stream.release?.();
    const unsubscribe = stream.unsubscribe;
    stream.unsubscribe = null;
    unsubscribe?.().catch((err: unknown) => log.warn({ err }, 'radio: unsubscribe failed'));
    if (!stream.sink.destroyed) stream.sink.end();
    if (!streams.size && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  }

  /**
   * Opens a station's event stream: the `retry:` hint, what was missed since `lastEventId` (or,
   * without one, the station's state now), then every event. Resolves once subscribed.
   */
  async function openEvents(station: StationRow, ip: string, lastEventId: number | null, sink: RadioSink) {
    if (closed) throw new RadioClosedError();
    if ((perIp.get(ip) ?? 0) >= limits.eventStreamsPerIp) throw new TooManyRadioStreamsError();
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
    const stream: EventStream = {
      stationId: station.id,
      ip,
      sink,
      unsubscribe: null,
      release: station.source.kind === 'none' ? undefined : addInterest(station.id),
      closed: false,
    };
    streams.add(stream);
    heartbeat ??= setInterval(() => {
      for (const s of streams) write(s, ': ping\n\n');
    }, heartbeatMs);
    let pending: LiveFrame[] | null = [];
    let lastSent = 0;
    const deliver = (frame: LiveFrame) => {
      if (frame.id <= lastSent) return;
      lastSent = frame.id;
      write(stream, sseFrame(frame));
    };
    try {
      stream.unsubscribe = await events.subscribe(station.id, (frame) => {
        if (pending) pending.push(frame);
        else deliver(frame);
      });
      write(stream, 'retry: 3000\n\n');
      const missed = lastEventId === null ? [] : await events.since(station.id, lastEventId);
      for (const frame of missed) deliver(frame);
      if (!missed.length && !pending.length) {
        // The state now, under the id of the latest event (so a reconnect resumes after it).
        const [latest] = (await events.since(station.id, 0)).slice(-1);
        const data = await nowPlaying(station);
        write(
          stream,
          `${latest ? `id: ${latest.id}\n` : ''}event: ${RADIO_EVENT_NOW_PLAYING}\ndata: ${JSON.stringify(data)}\n\n`,
        );
        if (latest) lastSent = latest.id;
      }
      for (const frame of pending) deliver(frame);
      pending = null;
    } catch (err) {
      closeStream(stream);
      throw err;
    }
    return { close: () => closeStream(stream) };
  }

  // ——— Changes made in the admin, on any instance ———

  let songEnded: (stationId: number, seq: number) => void = () => {};

  async function onStationChanged(stationId: number, endedSeq: number | null) {
    if (endedSeq !== null) songEnded(stationId, endedSeq);
    const watch = watches.get(stationId);
    // Restarted with the new settings at the next tick (if this instance still holds the lease).
    if (watch) stopWatcher(watch);
    schedules.delete(stationId);
    void runTick();
  }

  return {
    holder,
    events,
    nowPlaying,
    openEvents,
    scheduleFor,
    /** The streams module tells the hub how many listen to the built-in station here. */
    setListenerCounter(counter: (stationId: number) => number | null) {
      builtinListeners = counter;
    },
    /** The built-in streams are told when an admin cut a song short (set by the module). */
    onSongEnded(handler: (stationId: number, seq: number) => void) {
      songEnded = handler;
    },
    /**
     * Restarts the station's watcher with its new settings, on every instance; `endedSeq`: the
     * built-in station's song that was just cut short, which every instance's stream leaves now.
     */
    async stationChanged(stationId: number, endedSeq: number | null = null) {
      await deps.pubsub.publish(changedChannel, { id: stationId, ended: endedSeq });
    },
    async start() {
      changedSubscription = deps.pubsub.subscribe<{ id?: unknown; ended?: unknown }>(
        changedChannel,
        (message) => {
          if (typeof message?.id !== 'number') return;
          void onStationChanged(message.id, typeof message.ended === 'number' ? message.ended : null);
        },
      );
      await changedSubscription;
    },
    /** Runs the lease round now (tests; the timer does it every `tickMs`). */
    tick: runTick,
    get stats() {
      return {
        eventStreams: streams.size,
        watches: watches.size,
        watching: [...watches.values()].filter((w) => w.controller).map((w) => w.stationId),
      };
    },
    /** Ends the streams and watchers and gives up the leases (server shutdown). */
    async close() {
      closed = true;
      for (const stream of [...streams]) closeStream(stream);
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
      for (const watch of watches.values()) {
        stopWatcher(watch);
        if (watch.holding) await releaseLease(watch.stationId).catch(() => {});
      }
      watches.clear();
      await (await changedSubscription?.catch(() => null))?.();
    },
  };
}

export type RadioHub = ReturnType<typeof createRadioHub>;
