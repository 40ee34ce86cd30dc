import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { encodeMp3, findFfmpeg, STREAM_BITRATES } from './encoder';
import { icyMetadataBlock, icyTitle, UNCHANGED_METADATA } from './icy';
import { type Mp3Audio, parseMp3, silentFrame } from './mp3-frames';
import type { ScheduledSong, StationSchedule } from './types';

/**
 * The built-in station's broadcaster: turns the station's schedule into one live MP3 stream at
 * real-time pace, shared by every listener of this instance.
 *
 * How it works. One timer per broadcaster (every `tickMs`) sends the MP3 frames whose air time has
 * come, as one Buffer (a slice of the song's audio, no copy) written to every listener, so all hear
 * the same moment and a tick costs one write per listener. A listener joins at the live point:
 * it first gets the last `burstMs` of frames, so its player starts at once, then the live frames.
 * Songs play where the schedule puts them (a listener arriving mid-song hears it mid-song) and
 * change between two frames; the next song is loaded (read, re-encoded by ffmpeg when there is one,
 * split into frames) `prepareAheadMs` before its start, so the change has no gap. A song that cannot
 * be read or encoded is logged and skipped: the next one starts at once, and the stream stays
 * that far ahead of the schedule until it stops. While no song is ready (a slow load, a storage
 * outage), silent frames of the same format keep the listeners' players going.
 *
 * A listener who asked for ICY metadata gets a block every `metaint` audio bytes, counted for
 * each; the first block after a song's first byte carries its title. A listener whose backlog
 * (what its socket could not take) exceeds `maxLagMs + burstMs` of audio is dropped: the others
 * are never slowed, and nothing buffers without bound.
 *
 * It runs only while someone listens: the first `attach` starts it, and `idleGraceMs` after the
 * last listener left, its timer, encoder and buffers are gone.
 *
 * Use from a route: `reply.hijack()`, then `broadcaster.attach(reply.raw, { icy:
 * wantsIcyMetadata(request.headers['icy-metadata']) })`. `attach` writes the status and headers
 * (`streamHeaders`) and everything after; the connection's close detaches the listener.
 */

export type BroadcasterOptions = {
  schedule: StationSchedule;
  /** kbps: the re-encoded stream's bitrate, and the stream's nominal one (`icy-br`) without ffmpeg. */
  bitrate: number;
  /** The ffmpeg command (default `ffmpeg` when it runs); null streams the stored MP3s as they are. */
  ffmpegPath?: string | null;
  /** The clock the schedule's times are on (epoch ms). */
  now?: () => number;
  /** How often frames go out (default 500 ms). */
  tickMs?: number;
  /** Audio a new listener gets at once, so its player can start without waiting. */
  burstMs?: number;
  /** A listener whose unsent backlog exceeds this much audio (beyond the burst) is dropped. */
  maxLagMs?: number;
  /** Audio bytes between two ICY metadata blocks. */
  metaint?: number;
  prepareAheadMs?: number;
  /** How long the broadcaster stays up after its last listener left (a reload comes right back). */
  idleGraceMs?: number;
  log: FastifyBaseLogger;
  /** The station's name (`icy-name`, logs). */
  name: string;
};

export type BroadcasterStats = {
  listeners: number;
  /** The song at the live point, null while stopped or before the first song is loaded. */
  song: ScheduledSong | null;
  /** `ffmpeg` (one re-encoded format), `copy` (stored MP3 frames as they are), null until started. */
  encoder: 'ffmpeg' | 'copy' | null;
};

export type Broadcaster = {
  /** Writes the answer's head and streams to `out` until it closes or falls too far behind. */
  attach(out: ServerResponse, opts: { icy: boolean }): void;
  readonly stats: BroadcasterStats;
  /** Called when the live point enters a song (the first one included); returns the unsubscribe. */
  onSong(listener: (song: ScheduledSong) => void): () => void;
  /** Closes every listener's connection and stops (for shutdown); a later `attach` starts again. */
  stop(): void;
  /**
   * The schedule cut song `seq` short (an admin skipped it): if it is on air, it ends at the next
   * frame and the schedule's next song follows, as at any boundary.
   */
  endSong(seq: number): void;
};

/** Whether the request's `Icy-MetaData` header asks for in-stream titles. */
export function wantsIcyMetadata(header: string | string[] | undefined): boolean {
  return (Array.isArray(header) ? header[0] : header)?.trim() === '1';
}

/** Header values travel as bytes: a name in any script goes out as UTF-8, as Icecast sends it. */
function headerText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return Buffer.from(value.replace(/[\u0000-\u001f\u007f]/g, ' '), 'utf8').toString('latin1');
}

/**
 * The stream's answer headers: no length, nothing cached, and `x-accel-buffering: no` so a proxy
 * (nginx) passes each write on instead of buffering the endless body.
 */
export function streamHeaders(opts: { name: string; bitrate: number; metaint: number | null }) {
  const headers: Record<string, string> = {
    'content-type': 'audio/mpeg',
    'cache-control': 'no-cache, no-store',
    'x-accel-buffering': 'no',
    'icy-name': headerText(opts.name),
    'icy-br': String(opts.bitrate),
  };
  if (opts.metaint) headers['icy-metaint'] = String(opts.metaint);
  return headers;
}

type Prepared = {
  song: ScheduledSong;
  audio: Mp3Audio;
  /** Where the audio starts in the song (ffmpeg skips what a late start does not need). */
  originMs: number;
  meta: Buffer;
  silence: Buffer;
  silenceMs: number;
  /** Audio bytes a second, for the slow-listener limit. */
  byteRate: number;
  /** Loaded after repeated failures from what is on air now: the schedule's time again. */
  realign: boolean;
};

/** A run of frames sent in one tick: the same Buffer goes to every listener. */
type Piece = { buf: Buffer; meta: Buffer; ms: number };

type Listener = {
  out: ServerResponse;
  icy: boolean;
  untilMeta: number;
  lastMeta: Buffer | null;
  gone: boolean;
};

/** Beyond this lag behind the clock (a suspended machine), resynchronise instead of catching up. */
const RESYNC_MS = 30_000;
/** A next song due this close after the current one's audio ran out waits for its time (silence). */
const MAX_PAD_MS = 1500;
/** Failures in a row before the broadcaster waits and starts again from what is on air now. */
const FAILURES_BEFORE_BACKOFF = 3;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** The first frame starting at or after `ms` into `audio`, within half a frame. */
function frameAt(audio: Mp3Audio, ms: number): number {
  let lo = 0;
  let hi = audio.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const t = audio.times[mid]!;
    if (t + (audio.times[mid + 1]! - t) / 2 < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function createBroadcaster(opts: BroadcasterOptions): Broadcaster {
  const { schedule, bitrate, log, name } = opts;
  if (!STREAM_BITRATES.includes(bitrate)) throw new RangeError(`No MP3 bitrate ${bitrate} kbps`);
  const now = opts.now ?? Date.now;
  // Most of a listener's cost is the kernel's, once per write: with 1 000 listeners of 32 kbps over
  // loopback, 200 ms ticks cost 5 % of a core, 500 ms 3 %, where Icecast takes 2.5 % (it writes
  // about 3 times a second). Players buffer seconds, so half a second costs nothing audible.
  const tickMs = opts.tickMs ?? 500;
  const burstMs = opts.burstMs ?? 3000;
  const maxLagMs = opts.maxLagMs ?? 5000;
  const metaint = opts.metaint ?? 16_000;
  const prepareAheadMs = opts.prepareAheadMs ?? 20_000;
  const idleGraceMs = opts.idleGraceMs ?? 5000;

  const listeners = new Set<Listener>();
  const songListeners = new Set<(song: ScheduledSong) => void>();
  let encoder: 'ffmpeg' | 'copy' | null = null;
  let ffmpeg: Promise<string | null> | null = null;
  let lastFormat: string | null = null;
  let formatWarned = false;

  // The engine's state, from `start` to `halt`. `generation` tells a load that finished after a
  // halt or resync that its result is no longer wanted.
  let generation = 0;
  let running = false;
  let abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  /** The song being sent, its next frame and when the schedule ends it (stream time). */
  let current: { p: Prepared; index: number; cut: number } | null = null;
  let next: Prepared | null = null;
  let preparing = false;
  /** When the next frame to send is on air (the `now` clock). */
  let streamTime = 0;
  /** How far the stream runs ahead of the schedule (ms), after skipped songs. */
  let shift = 0;
  /** The last `burstMs` of pieces, for new listeners. */
  let ring: Piece[] = [];
  let ringMs = 0;
  let lagLimit = ((maxLagMs + burstMs) / 1000) * bitrate * 125;

  async function load(song: ScheduledSong, fromMs: number, realign: boolean, signal: AbortSignal) {
    const raw = await song.readAudio();
    if (!ffmpeg) ffmpeg = opts.ffmpegPath === null ? Promise.resolve(null) : findFfmpeg(opts.ffmpegPath);
    const command = await ffmpeg;
    if (encoder === null) {
      encoder = command ? 'ffmpeg' : 'copy';
      log.info({ station: name, encoder, bitrate }, 'radio: built-in station starts');
    }
    let originMs = 0;
    let bytes = raw;
    if (command) {
      originMs = fromMs;
      const maxMs = Math.max(song.durationMs - fromMs, 0) + 5000;
      bytes = await encodeMp3(command, raw, { bitrate, fromMs, maxMs, signal });
    }
    const audio = parseMp3(bytes);
    const format = `${audio.sampleRate} Hz, ${audio.channels} channel(s)`;
    if (!command && lastFormat && format !== lastFormat && !formatWarned) {
      formatWarned = true;
      log.warn(
        { station: name, from: lastFormat, to: format },
        'radio: songs of different formats follow each other, which some players do not survive; ffmpeg would re-encode them to one',
      );
    }
    lastFormat = format;
    const durationMs = audio.times[audio.count]!;
    const silence = silentFrame(audio);
    const p: Prepared = {
      song,
      audio,
      originMs,
      meta: icyMetadataBlock(icyTitle(song)),
      silence,
      silenceMs: (audio.first.samples * 1000) / audio.first.sampleRate,
      byteRate: (audio.data.length * 1000) / durationMs,
      realign,
    };
    return p;
  }

  /**
   * The first song from `pick` that loads, trying the ones after it when it does not; after a few
   * failures in a row it waits (longer each time) and tries what is on air now.
   */
  async function prepare(
    gen: number,
    pick: () => Promise<ScheduledSong>,
    live: boolean,
  ): Promise<Prepared | null> {
    const signal = abort.signal;
    let failures = 0;
    let realign = false;
    for (;;) {
      let song: ScheduledSong | null = null;
      try {
        song = await pick();
        if (gen !== generation) return null;
        // Started late (the first listener, a resync): ffmpeg skips what nobody will hear.
        const fromMs = live
          ? Math.max(0, now() - (song.startedAt - (realign ? 0 : shift)) - burstMs - 2000)
          : 0;
        return await load(song, fromMs, realign, signal);
      } catch (err) {
        if (gen !== generation) return null;
        failures++;
        log.warn(
          { err, station: name, trackId: song?.trackId, seq: song?.seq },
          song ? 'radio: a song could not be played; skipped' : 'radio: the schedule could not be read',
        );
        if (song && failures % FAILURES_BEFORE_BACKOFF !== 0) {
          const failed = song;
          pick = () => schedule.after(failed);
          continue;
        }
        await sleep(Math.min(60_000, 2000 * 2 ** Math.floor(failures / FAILURES_BEFORE_BACKOFF)), signal);
        if (gen !== generation) return null;
        const playing = current?.p.song;
        pick = async () => {
          const onAir = await schedule.songAt(now());
          return playing && onAir.seq <= playing.seq ? schedule.after(playing) : onAir;
        };
        live = true;
        realign = true;
      }
    }
  }

  function prepareNext() {
    const playing = current?.p.song;
    if (!playing) return;
    preparing = true;
    const gen = generation;
    prepare(gen, () => schedule.after(playing), false)
      .then((p) => {
        if (gen !== generation) return;
        preparing = false;
        next = p;
      })
      .catch(failed);
  }

  /** Starts the stream (or starts it again after a resync) with what is on air now. */
  function prepareFirst() {
    preparing = true;
    const gen = generation;
    prepare(gen, () => schedule.songAt(now()), true)
      .then((p) => {
        if (gen !== generation || !p) return;
        preparing = false;
        const t = now();
        let anchor = p.song.startedAt + p.originMs - shift;
        if (anchor > t) {
          // The song on air could not be played and this one is due later: it starts now.
          shift += anchor - t;
          anchor = t;
        }
        // Begin `burstMs` before the live point: the first tick sends it to whoever is waiting.
        const index = frameAt(p.audio, t - burstMs - anchor);
        streamTime = index < p.audio.count ? anchor + p.audio.times[index]! : t;
        begin(p, index);
        notify(p.song);
      })
      .catch(failed);
  }

  /** A bug in the engine: logged, and the stream starts again from the clock. */
  function failed(err: unknown) {
    log.error({ err, station: name }, 'radio: the broadcaster failed; resynchronising');
    if (running) resync();
  }

  function begin(p: Prepared, index: number) {
    current = { p, index, cut: p.song.startedAt + p.song.durationMs - shift };
    lagLimit = Math.max(16_000, (p.byteRate * (maxLagMs + burstMs)) / 1000);
  }

  /**
   * Moves to the prepared next song at `streamTime`, where it is due: at once when its start has
   * come (mid-song when it is late), or silence first when it is due a moment later. Due long after
   * (a skipped song before it), it starts now and the stream runs that far ahead of the schedule.
   */
  function switchToNext(p: Prepared): boolean {
    if (p.realign) shift = 0;
    let anchor = p.song.startedAt + p.originMs - shift;
    const early = anchor - streamTime;
    if (early > MAX_PAD_MS) {
      shift += early;
      anchor = streamTime;
    } else if (early >= p.silenceMs / 2) {
      return false;
    }
    next = null;
    begin(p, frameAt(p.audio, streamTime - anchor));
    return true;
  }

  function notify(song: ScheduledSong) {
    for (const cb of songListeners) {
      try {
        cb(song);
      } catch (err) {
        log.error({ err, station: name }, 'radio: a song listener failed');
      }
    }
  }

  function tick() {
    try {
      advance();
    } catch (err) {
      // A bug here must not take the process down with it.
      failed(err);
    }
  }

  /** Sends the frames whose air time has come. */
  function advance() {
    if (!current) return;
    const t = now();
    if (t - streamTime > RESYNC_MS) {
      log.warn(
        { station: name, lagMs: t - streamTime },
        'radio: the stream fell behind the clock; resynchronising',
      );
      resync();
      return;
    }
    const pieces: Piece[] = [];
    const started: ScheduledSong[] = [];
    // The run of frames (or of silent frames) being gathered, sent as one piece.
    let runFrom = -1;
    let silent = 0;
    let runMs = 0;
    const flush = () => {
      const { p, index } = current!;
      if (runFrom >= 0) {
        pieces.push({
          buf: p.audio.data.subarray(p.audio.offsets[runFrom], p.audio.offsets[index]),
          meta: p.meta,
          ms: runMs,
        });
      } else if (silent > 0) {
        pieces.push({ buf: Buffer.concat(Array(silent).fill(p.silence)), meta: p.meta, ms: runMs });
      }
      runFrom = -1;
      silent = 0;
      runMs = 0;
    };
    while (streamTime <= t) {
      const cur = current;
      const { audio } = cur.p;
      if (cur.index < audio.count) {
        const ms = audio.times[cur.index + 1]! - audio.times[cur.index]!;
        // Cut between frames, at the one nearest the schedule's end of the song.
        if (streamTime + ms / 2 <= cur.cut) {
          if (silent > 0) flush();
          if (runFrom < 0) runFrom = cur.index;
          cur.index++;
          streamTime += ms;
          runMs += ms;
          continue;
        }
      }
      if (next) {
        const p = next;
        flush();
        if (switchToNext(p)) {
          started.push(p.song);
          continue;
        }
      }
      // Nothing to play yet: a silent frame in the current song's format.
      if (runFrom >= 0) flush();
      silent++;
      streamTime += cur.p.silenceMs;
      runMs += cur.p.silenceMs;
    }
    flush();
    const cur = current;
    if (!next && !preparing) {
      const { times, count } = cur.p.audio;
      const audioEnd = streamTime + times[count]! - times[cur.index]!;
      if (Math.min(cur.cut, audioEnd) - prepareAheadMs <= streamTime) prepareNext();
    }
    if (pieces.length === 0) return;
    for (const piece of pieces) {
      ring.push(piece);
      ringMs += piece.ms;
    }
    while (ring.length > 1 && ringMs - ring[0]!.ms >= burstMs) ringMs -= ring.shift()!.ms;
    for (const l of listeners) send(l, pieces);
    for (const song of started) notify(song);
  }

  function send(l: Listener, pieces: Piece[]) {
    const { out } = l;
    if (l.gone || out.destroyed) return;
    // What the kernel's socket buffer could not take since the last tick is this listener's lag.
    // (Measured before this tick's write: a large write can sit here a moment even for a fast
    // reader, until the event loop gets back to the socket.)
    if (out.writableLength > lagLimit) {
      log.info({ station: name, backlog: out.writableLength }, 'radio: a listener fell behind; dropped');
      detach(l);
      out.destroy();
      return;
    }
    if (!l.icy) {
      for (const piece of pieces) out.write(piece.buf);
    } else {
      // The block after the bytes of a song carries its title: the title changes with the audio.
      out.cork();
      for (const piece of pieces) {
        let buf = piece.buf;
        while (buf.length >= l.untilMeta) {
          out.write(buf.subarray(0, l.untilMeta));
          buf = buf.subarray(l.untilMeta);
          out.write(piece.meta === l.lastMeta ? UNCHANGED_METADATA : piece.meta);
          l.lastMeta = piece.meta;
          l.untilMeta = metaint;
        }
        if (buf.length > 0) {
          out.write(buf);
          l.untilMeta -= buf.length;
        }
      }
      out.uncork();
    }
  }

  function start() {
    running = true;
    generation++;
    abort = new AbortController();
    shift = 0;
    timer = setInterval(tick, tickMs);
    timer.unref();
    prepareFirst();
  }

  /** Forgets the stream's position and cancels loads; listeners stay. */
  function reset() {
    generation++;
    abort.abort();
    abort = new AbortController();
    current = null;
    next = null;
    preparing = false;
    shift = 0;
    ring = [];
    ringMs = 0;
  }

  function resync() {
    reset();
    prepareFirst();
  }

  function halt() {
    if (!running) return;
    running = false;
    reset();
    if (timer) clearInterval(timer);
    timer = null;
  }

  function detach(l: Listener) {
    if (l.gone) return;
    l.gone = true;
    listeners.delete(l);
    if (listeners.size === 0 && running && !idleTimer) {
      idleTimer = setTimeout(() => {
        idleTimer = null;
        if (listeners.size === 0) halt();
      }, idleGraceMs);
      idleTimer.unref();
    }
  }

  return {
    attach(out, { icy }) {
      if (out.destroyed) return;
      const l: Listener = { out, icy, untilMeta: metaint, lastMeta: null, gone: false };
      // No Transfer-Encoding: the body ends when the connection does, as Icecast's does, and each
      // write goes out as it is instead of with chunk framing around it.
      out.removeHeader('transfer-encoding');
      out.writeHead(200, streamHeaders({ name, bitrate, metaint: icy ? metaint : null }));
      out.flushHeaders();
      out.on('close', () => detach(l));
      out.on('error', () => detach(l));
      listeners.add(l);
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      if (!running) start();
      else if (ring.length > 0) send(l, ring);
    },
    get stats() {
      return { listeners: listeners.size, song: current?.p.song ?? null, encoder };
    },
    onSong(listener) {
      songListeners.add(listener);
      return () => songListeners.delete(listener);
    },
    endSong(seq) {
      if (!running || !current || current.p.song.seq !== seq) return;
      // Whatever was loaded as the next song was planned before the cut: load it again.
      generation++;
      abort.abort();
      abort = new AbortController();
      next = null;
      preparing = false;
      current.cut = streamTime;
    },
    stop() {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      // Destroyed, not ended: an ended answer would wait for a stalled listener to read its backlog.
      for (const l of [...listeners]) {
        detach(l);
        l.out.destroy();
      }
      halt();
    },
  };
}
