import type { RadioNowPlaying, RadioSong, RadioStation, Track } from '@zema/contracts';
import { ListenTracker, type ReportPlay } from './listen-tracker';
import { type CanPlayType, playableStreamUrls } from './live-stream';
import { MediaSessionAdapter } from './media-session';
import { loadPlayer, type PlayerSettings, savePlayer, serialize } from './persistence';
import * as q from './queue';

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

/** A radio station the player plays live instead of the queue (the queue waits where it was). */
export interface LiveStation {
  station: RadioStation;
  /** The song on air, as the station last said (null: it does not say, or not yet). */
  song: RadioSong | null;
  listeners: number | null;
  /** The stream has played since the listener pressed play; a reconnect after a drop keeps it. */
  started: boolean;
}

/** The bitrate of the Data saver's transcodes (kbps). */
export const DATA_SAVER_KBPS = 96;

export interface PlayerSnapshot extends q.QueueState, PlayerSettings {
  status: PlayerStatus;
  /** Seconds. */
  position: number;
  duration: number;
  /** End (seconds) of the buffered range around the play head, for the seek bar. */
  buffered: number;
  /** The station playing live, or null when the player plays the queue. */
  live: LiveStation | null;
}

export interface PlayerEngineOptions {
  storage?: Storage;
  createAudio?: () => HTMLAudioElement;
  /** Where the audio elements live (document.body): tests and devtools find them there. */
  container?: HTMLElement | null;
  random?: () => number;
  /** Sends a counted play (the app: POST tracks/{id}/plays); none by default. */
  reportPlay?: ReportPlay;
  /** Tells the listener a track could not be played and is skipped (the app: a toast); none by default. */
  notifyError?: (track: Track) => void;
  /** Volume (0-1) before the listener ever set one (the admin's `player.default_volume`); 1 by default. */
  defaultVolume?: number;
  /** Seconds of listening after which a play counts (the admin's setting); 30 by default. */
  countPlayAfterSeconds?: () => number;
  /** Whether the browser plays a MIME type; the audio element's `canPlayType` by default. */
  canPlayType?: CanPlayType;
  /**
   * The pauses before each new connection to a live station whose stream dropped (an error, an
   * end, or no data for `liveStallMs`); after the last one the player gives up and stays paused.
   */
  liveRetryDelaysMs?: readonly number[];
  /** How long a live stream may wait for data while playing before it counts as dropped. */
  liveStallMs?: number;
  /** How long a live stream may take to start playing before it counts as failed. */
  liveConnectMs?: number;
  /** Logs a station that could not be played (SPEC §8: a radio failure is only logged). */
  logError?: (message: string, detail?: unknown) => void;
}

/** A live station's connection: the addresses it may play, which one, and the retries so far. */
interface LiveRun {
  urls: string[];
  at: number;
  attempts: number;
  retry: ReturnType<typeof setTimeout> | null;
  watchdog: ReturnType<typeof setTimeout> | null;
  /** When it last started playing (ms), to forget the retries once it has played a while. */
  playingSince: number;
}

const LIVE_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000];
const LIVE_STALL_MS = 6000;
const LIVE_CONNECT_MS = 15_000;
/** Playing this long without a drop makes the next drop start the retries afresh. */
const LIVE_STEADY_MS = 20_000;

/** Attribute marking the element that plays now (`audio[data-zema-player]`); the spare has `data-zema-preload`. */
export const ACTIVE_ATTR = 'data-zema-player';
const SPARE_ATTR = 'data-zema-preload';
/** How often the play position is written to storage while playing. */
const SAVE_EVERY_MS = 2000;
/**
 * The one audio player of the app. It owns two HTMLAudioElements (never React state): the one
 * playing and a spare that preloads the next track, swapped in on `ended` so the gap is minimal.
 * React reads it through `subscribe`/`getSnapshot` (useSyncExternalStore).
 */
export class PlayerEngine {
  private snapshot: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();
  private audio: HTMLAudioElement;
  private spare: HTMLAudioElement;
  private readonly listens: ListenTracker;
  private readonly mediaSession: MediaSessionAdapter;
  private lastSave = 0;
  private errorsInARow = 0;
  private readonly opts: PlayerEngineOptions;
  /** The live station's connection (null: the queue plays). */
  private liveRun: LiveRun | null = null;
  /** Where the queue's track was when a station took over, saved as the queue's position. */
  private queuePosition = 0;

  constructor(opts: PlayerEngineOptions = {}) {
    this.opts = opts;
    this.listens = new ListenTracker(opts.reportPlay ?? (async () => undefined), opts.countPlayAfterSeconds);
    const create = opts.createAudio ?? (() => document.createElement('audio'));
    this.audio = create();
    this.spare = create();
    for (const el of [this.audio, this.spare]) {
      el.preload = 'auto';
      el.hidden = true;
      this.bind(el);
      opts.container?.append(el);
    }
    this.audio.setAttribute(ACTIVE_ATTR, '');
    this.spare.setAttribute(SPARE_ATTR, '');
    this.snapshot = {
      ...q.emptyQueue,
      status: 'idle',
      position: 0,
      duration: 0,
      buffered: 0,
      volume: Math.min(Math.max(opts.defaultVolume ?? 1, 0), 1),
      muted: false,
      normalize: false,
      dataSaver: false,
      live: null,
    };
    this.restore();
    this.mediaSession = new MediaSessionAdapter(this);
    this.mediaSession.setTrack(q.currentItem(this.snapshot)?.track ?? null);
  }

  // ---- store ----

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /** The element playing now (tests and the benchmark read it). */
  get element(): HTMLAudioElement {
    return this.audio;
  }

  private set(patch: Partial<PlayerSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of this.listeners) l();
  }

  private setQueue(next: q.QueueState, patch: Partial<PlayerSnapshot> = {}) {
    this.set({ ...next, ...patch });
    this.save();
    this.schedulePreload();
  }

  // ---- actions ----

  /** "Play from here": `tracks` become the queue and `startIndex` plays now. */
  playTracks(tracks: readonly Track[], startIndex = 0) {
    const next = q.playList(this.snapshot, tracks, startIndex, this.opts.random);
    this.setQueue(next);
    if (next.index >= 0) this.load(next.index, true);
  }

  // While a station plays, the queue changes without touching the audio: it plays when chosen.

  playNext(tracks: readonly Track[]) {
    const wasEmpty = this.snapshot.index < 0;
    this.setQueue(q.playNext(this.snapshot, tracks));
    if (wasEmpty && this.snapshot.index >= 0 && !this.snapshot.live) this.load(this.snapshot.index, false);
  }

  addToQueue(tracks: readonly Track[]) {
    const wasEmpty = this.snapshot.index < 0;
    this.setQueue(q.addToQueue(this.snapshot, tracks));
    if (wasEmpty && this.snapshot.index >= 0 && !this.snapshot.live) this.load(this.snapshot.index, false);
  }

  remove(key: string) {
    const before = q.currentItem(this.snapshot);
    const next = q.removeItem(this.snapshot, key);
    this.setQueue(next);
    if (this.snapshot.live) return;
    const after = q.currentItem(next);
    if (!after) this.stop();
    else if (after !== before) this.load(next.index, this.snapshot.status === 'playing');
  }

  move(from: number, to: number) {
    this.setQueue(q.moveItem(this.snapshot, from, to));
  }

  clear() {
    const next = q.clearQueue(this.snapshot);
    this.setQueue(next);
    if (next.index < 0 && !this.snapshot.live) this.stop();
  }

  /**
   * Takes a queue saved elsewhere (the server's, which a phone may have changed): `tracks` become
   * the queue, the entry at `index` current, paused at `positionSeconds`; nothing plays until the
   * listener presses play. Shuffle and repeat stay as they are; the order given is the order.
   */
  adoptQueue(tracks: readonly Track[], index: number | null, positionSeconds: number) {
    const items = q.makeItems(tracks);
    const at = items.length ? Math.min(Math.max(index ?? 0, 0), items.length - 1) : -1;
    if (this.snapshot.live) {
      // The station goes on; the queue waits there for its turn.
      this.queuePosition = positionSeconds;
      this.setQueue({ ...this.snapshot, queue: items, original: items, index: at });
      return;
    }
    this.audio.pause();
    this.setQueue({ ...this.snapshot, queue: items, original: items, index: at });
    if (at < 0) this.stop();
    else this.load(at, false, Math.max(0, positionSeconds));
  }

  /**
   * The queue as it is saved elsewhere (the server's copy): its tracks, the current entry, where
   * in it (the place the queue waits at while a station plays), and whether the queue plays now.
   */
  queueForSync(): { tracks: Track[]; index: number; position: number; playing: boolean } {
    const s = this.snapshot;
    const position = s.live ? this.queuePosition : this.audio.currentTime || s.position;
    return {
      tracks: s.queue.map((i) => i.track),
      index: s.index,
      position,
      playing: !s.live && (s.status === 'playing' || s.status === 'loading'),
    };
  }

  /** Plays the queue entry at `index` (queue panel). */
  playAt(index: number) {
    if (!this.snapshot.queue[index]) return;
    this.set({ index });
    this.load(index, true);
  }

  play() {
    if (this.snapshot.live) {
      this.resumeLive();
      return;
    }
    if (this.snapshot.index < 0) return;
    if (!this.audio.src) {
      this.load(this.snapshot.index, true, this.snapshot.position);
      return;
    }
    this.set({ status: 'loading' });
    this.audio.play().catch((err: unknown) => this.onPlayRejected(err));
  }

  pause() {
    if (this.snapshot.live) {
      this.pauseLive();
      return;
    }
    this.audio.pause();
  }

  toggle() {
    // A station waiting to reconnect has a paused element but is on, for the listener.
    const on = this.snapshot.live
      ? this.snapshot.status === 'playing' || this.snapshot.status === 'loading'
      : !this.audio.paused;
    if (on) this.pause();
    else this.play();
  }

  next() {
    if (this.snapshot.live) return;
    const index = q.nextIndex(this.snapshot, false);
    if (index === null) return;
    this.load(index, true);
  }

  previous() {
    if (this.snapshot.live) return;
    const index = q.previousIndex(this.snapshot, this.audio.currentTime || 0);
    if (index === null) return;
    if (index === this.snapshot.index) {
      this.seek(0);
      this.newListen();
      if (this.audio.paused) this.play();
      return;
    }
    this.load(index, true);
  }

  seek(seconds: number) {
    // A live stream has no position to go to: it plays what is on air now.
    if (this.snapshot.live) return;
    const duration = this.snapshot.duration || Number.POSITIVE_INFINITY;
    const to = Math.min(Math.max(seconds, 0), duration);
    this.listens.jumped();
    this.audio.currentTime = to;
    this.set({ position: to });
    this.mediaSession.setPosition(this.audio);
  }

  seekBy(delta: number) {
    this.seek((this.audio.currentTime || 0) + delta);
  }

  setVolume(volume: number) {
    const v = Math.min(Math.max(volume, 0), 1);
    this.applyVolume(v, v > 0 ? false : this.snapshot.muted);
  }

  volumeBy(delta: number) {
    this.setVolume(Math.round((this.snapshot.volume + delta) * 100) / 100);
  }

  toggleMute() {
    this.applyVolume(this.snapshot.volume, !this.snapshot.muted);
  }

  toggleShuffle() {
    this.setQueue(q.setShuffle(this.snapshot, !this.snapshot.shuffle, this.opts.random));
  }

  cycleRepeat() {
    this.set({ repeat: q.nextRepeatMode(this.snapshot.repeat) });
    this.save();
    this.schedulePreload();
  }

  setRepeat(repeat: q.RepeatMode) {
    this.set({ repeat });
    this.save();
    this.schedulePreload();
  }

  // ---- live radio ----

  /**
   * Plays `station` live in place of the queue, which stays as it was (not advanced, not saved as
   * playing): the first of its addresses this browser can play, from the moment on air. No play
   * is counted for radio. `nowPlaying` is what the page knows of the song on air, if anything.
   */
  playStation(station: RadioStation, nowPlaying?: Pick<RadioNowPlaying, 'song' | 'listeners'> | null) {
    const was = this.snapshot.live;
    if (!was)
      this.queuePosition = this.audio.getAttribute('src') ? this.audio.currentTime : this.snapshot.position;
    const same = was?.station.slug === station.slug;
    this.clearLiveTimers();
    this.listens.stop();
    this.spare.pause();
    this.liveRun = {
      urls: playableStreamUrls(station, this.canPlayType),
      at: 0,
      attempts: 0,
      retry: null,
      watchdog: null,
      playingSince: 0,
    };
    this.set({
      live: {
        station,
        song: nowPlaying ? nowPlaying.song : same ? (was?.song ?? null) : null,
        listeners: nowPlaying ? nowPlaying.listeners : same ? (was?.listeners ?? null) : null,
        started: false,
      },
      position: 0,
      duration: 0,
      buffered: 0,
    });
    this.showLive();
    this.save();
    this.connectLive();
  }

  /** The song on air changed (the station's now-playing events): shown in the bar and on the lock screen. */
  setLiveNowPlaying(slug: string, nowPlaying: Pick<RadioNowPlaying, 'song' | 'listeners'>) {
    const live = this.snapshot.live;
    if (!live || live.station.slug !== slug) return;
    this.set({ live: { ...live, song: nowPlaying.song, listeners: nowPlaying.listeners } });
    this.showLive();
  }

  private showLive() {
    const live = this.snapshot.live;
    if (live) this.mediaSession.setStation(live.station, live.song);
  }

  private readonly canPlayType: CanPlayType = (mime) => {
    if (this.opts.canPlayType) return this.opts.canPlayType(mime);
    // An element without the method (an old engine, a test double) is asked nothing: try it.
    return typeof this.audio.canPlayType === 'function' ? this.audio.canPlayType(mime) : 'maybe';
  };

  /** Opens the station's stream at the live point: a new request, never the buffered past. */
  private connectLive() {
    const run = this.liveRun;
    const live = this.snapshot.live;
    if (!run || !live) return;
    const url = run.urls[run.at];
    if (!url) {
      this.giveUpLive(`No stream of the station "${live.station.slug}" plays in this browser.`);
      return;
    }
    // The element leaves the queue's track: what it holds now is the station.
    delete this.audio.dataset.key;
    this.audio.dataset.gain = '0';
    this.audio.volume = this.elementVolume(this.audio);
    this.audio.src = url;
    run.playingSince = 0;
    this.set({ status: 'loading' });
    this.armLiveWatchdog(this.opts.liveConnectMs ?? LIVE_CONNECT_MS);
    this.audio.play().catch((err: unknown) => {
      if (this.liveRun !== run) return;
      // Autoplay refused (no press yet): paused, to be started by a press. A source that fails
      // rejects too; its `error` event reconnects.
      if (err instanceof DOMException && err.name === 'NotAllowedError') this.pauseLive();
    });
  }

  private resumeLive() {
    const run = this.liveRun;
    const live = this.snapshot.live;
    if (!live) return;
    if (run) {
      this.clearLiveTimers();
      run.at = 0;
      run.attempts = 0;
    }
    this.liveRun = run ?? {
      urls: playableStreamUrls(live.station, this.canPlayType),
      at: 0,
      attempts: 0,
      retry: null,
      watchdog: null,
      playingSince: 0,
    };
    this.set({ live: { ...live, started: false } });
    this.connectLive();
  }

  /** Paused live: the connection closes, so that play joins the live point again. */
  private pauseLive() {
    this.clearLiveTimers();
    this.dropLiveConnection();
    this.set({ status: 'paused' });
    this.mediaSession.setPosition(this.audio);
  }

  private dropLiveConnection() {
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
  }

  /**
   * The stream failed, ended or stalled: before it ever played, the station's next address is
   * tried at once; once it played (or with no other address), the same address again after a
   * growing pause, a few times, then the player gives up (SPEC §8: logged, the page says 'Press
   * Play to Listen').
   */
  private onLiveFailure(reason: string) {
    const run = this.liveRun;
    const live = this.snapshot.live;
    if (!run || !live || run.retry) return;
    this.clearLiveTimers();
    if (!live.started && run.at < run.urls.length - 1) {
      run.at += 1;
      this.connectLive();
      return;
    }
    const delays = this.opts.liveRetryDelaysMs ?? LIVE_RETRY_DELAYS_MS;
    const delay = delays[run.attempts];
    if (delay === undefined) {
      this.giveUpLive(`The station "${live.station.slug}" could not be played (${reason}).`);
      return;
    }
    run.attempts += 1;
    this.set({ status: 'loading' });
    run.retry = setTimeout(() => {
      run.retry = null;
      if (this.liveRun === run) this.connectLive();
    }, delay);
  }

  private giveUpLive(message: string) {
    const error = this.audio.error;
    (this.opts.logError ?? defaultLogError)(
      message,
      error ? { code: error.code, message: error.message } : undefined,
    );
    this.pauseLive();
  }

  /** Counts the stream as dropped if it does not play within `ms`. */
  private armLiveWatchdog(ms: number) {
    const run = this.liveRun;
    if (!run) return;
    if (run.watchdog) clearTimeout(run.watchdog);
    run.watchdog = setTimeout(() => {
      run.watchdog = null;
      if (this.liveRun === run) this.onLiveFailure('no data');
    }, ms);
  }

  private disarmLiveWatchdog() {
    const run = this.liveRun;
    if (run?.watchdog) clearTimeout(run.watchdog);
    if (run) run.watchdog = null;
  }

  private clearLiveTimers() {
    const run = this.liveRun;
    if (!run) return;
    if (run.retry) clearTimeout(run.retry);
    if (run.watchdog) clearTimeout(run.watchdog);
    run.retry = null;
    run.watchdog = null;
  }

  /** Back to the queue: the station stops and its bar and lock-screen entry go. */
  private leaveLive() {
    this.clearLiveTimers();
    this.liveRun = null;
    // The stream's connection closes now, whichever element plays the track next.
    this.audio.removeAttribute('src');
    this.audio.load();
    this.set({ live: null });
  }

  // ---- loading ----

  private load(index: number, autoplay: boolean, startAt = 0) {
    const item = this.snapshot.queue[index];
    if (!item) return;
    if (this.snapshot.live) this.leaveLive();
    const url = this.streamUrl(item.track);
    if (!url) {
      // Listed but without audio: move on to the next playable one instead.
      const skip = q.nextIndex(
        { ...this.snapshot, index, repeat: this.snapshot.repeat === 'one' ? 'off' : this.snapshot.repeat },
        false,
      );
      if (skip !== null && skip !== index) this.load(skip, autoplay);
      return;
    }
    this.audio.pause();
    if (this.spare.dataset.key === item.key && this.spare.getAttribute('src') === url) {
      this.swap();
    } else {
      this.audio.dataset.key = item.key;
      this.audio.dataset.gain = String(item.track.gain_db ?? 0);
      this.audio.src = url;
    }
    this.audio.volume = this.elementVolume(this.audio);
    if (startAt > 0 || this.audio.currentTime > 0) this.audio.currentTime = startAt;
    this.set({
      index,
      position: startAt,
      duration: item.track.duration_ms / 1000,
      buffered: 0,
      status: autoplay ? 'loading' : 'paused',
    });
    this.newListen();
    this.mediaSession.setTrack(q.currentItem(this.snapshot)?.track ?? null);
    this.save();
    if (autoplay) this.audio.play().catch((err: unknown) => this.onPlayRejected(err));
    this.schedulePreload();
  }

  private swap() {
    const old = this.audio;
    this.audio = this.spare;
    this.spare = old;
    this.audio.removeAttribute(SPARE_ATTR);
    this.audio.setAttribute(ACTIVE_ATTR, '');
    this.spare.removeAttribute(ACTIVE_ATTR);
    this.spare.setAttribute(SPARE_ATTR, '');
    this.spare.pause();
  }

  /** Loads the track that will play after this one into the spare element. */
  private schedulePreload() {
    // The queue waits while a station plays: nothing to fetch ahead for it.
    if (this.snapshot.live) return;
    const index = q.nextIndex(this.snapshot, true);
    const item = index === null || index === this.snapshot.index ? null : this.snapshot.queue[index];
    const url = item ? this.streamUrl(item.track) : null;
    if (!item || !url) return;
    if (this.spare.dataset.key === item.key && this.spare.getAttribute('src') === url) return;
    this.spare.dataset.key = item.key;
    this.spare.dataset.gain = String(item.track.gain_db ?? 0);
    this.spare.volume = this.elementVolume(this.spare);
    this.spare.src = url;
    this.spare.preload = 'auto';
    this.spare.load();
  }

  private stop() {
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
    this.set({ status: 'idle', position: 0, duration: 0, buffered: 0 });
    this.listens.stop();
    this.mediaSession.setTrack(q.currentItem(this.snapshot)?.track ?? null);
  }

  private onPlayRejected(err: unknown) {
    // Autoplay refused (no user gesture yet) or the load was interrupted by another load: stay paused.
    if (err instanceof DOMException && err.name === 'AbortError') return;
    this.set({ status: this.audio.paused ? 'paused' : this.snapshot.status });
  }

  // ---- audio events ----

  private bind(el: HTMLAudioElement) {
    const active = (fn: () => void) => () => {
      if (el === this.audio) fn();
    };
    el.addEventListener(
      'playing',
      active(() => {
        this.errorsInARow = 0;
        const live = this.snapshot.live;
        if (live && this.liveRun) {
          this.disarmLiveWatchdog();
          this.liveRun.playingSince = Date.now();
          this.set({ status: 'playing', live: live.started ? live : { ...live, started: true } });
        } else this.set({ status: 'playing' });
        this.mediaSession.setPosition(this.audio);
      }),
    );
    el.addEventListener(
      'pause',
      active(() => {
        if (this.snapshot.live) {
          // A pause of the browser's own (another app took the audio): the connection closes, and
          // play rejoins the live point. One of ours, or a wait before reconnecting, is handled.
          if (this.liveRun?.retry || !this.audio.getAttribute('src')) return;
          this.pauseLive();
          return;
        }
        this.set({ status: this.snapshot.index < 0 ? 'idle' : 'paused', position: el.currentTime });
        this.save();
        this.mediaSession.setPosition(this.audio);
      }),
    );
    el.addEventListener(
      'waiting',
      active(() => {
        this.set({ status: 'loading' });
        // Out of data after it played (the connection to a start has its own, longer, limit).
        if (this.snapshot.live && this.liveRun?.playingSince)
          this.armLiveWatchdog(this.opts.liveStallMs ?? LIVE_STALL_MS);
      }),
    );
    el.addEventListener(
      'stalled',
      active(() => {
        if (this.snapshot.live && this.liveRun?.playingSince && !this.audio.paused)
          this.armLiveWatchdog(this.opts.liveStallMs ?? LIVE_STALL_MS);
      }),
    );
    el.addEventListener(
      'loadedmetadata',
      active(() => {
        if (Number.isFinite(el.duration)) this.set({ duration: el.duration });
        this.mediaSession.setPosition(this.audio);
      }),
    );
    el.addEventListener(
      'timeupdate',
      active(() => this.onTime()),
    );
    el.addEventListener(
      'progress',
      active(() => this.set({ buffered: this.bufferedEnd() })),
    );
    el.addEventListener(
      'seeking',
      active(() => {
        this.listens.jumped();
      }),
    );
    el.addEventListener(
      'ended',
      active(() => this.onEnded()),
    );
    el.addEventListener(
      'error',
      active(() => this.onError()),
    );
  }

  private bufferedEnd(): number {
    const { buffered, currentTime } = this.audio;
    for (let i = 0; i < buffered.length; i++) {
      if (buffered.start(i) <= currentTime + 0.5 && buffered.end(i) >= currentTime) return buffered.end(i);
    }
    return 0;
  }

  private onTime() {
    if (this.snapshot.live) {
      this.onLiveTime();
      return;
    }
    const now = this.audio.currentTime;
    this.set({ position: now, buffered: this.bufferedEnd() });
    if (!this.audio.paused) this.listens.heard(now, this.snapshot.duration);
    // Only playing moves the position worth keeping (a pause or seek saves at once). A paused
    // element also reports time, e.g. when a restored track's seek lands a few milliseconds early:
    // saving that would overwrite the position the page was left at.
    if (!this.audio.paused && Date.now() - this.lastSave > SAVE_EVERY_MS) this.save();
  }

  /** Live: the stream moves, so it is not stalled; a long steady run forgets earlier drops. */
  private onLiveTime() {
    const run = this.liveRun;
    this.set({ position: this.audio.currentTime, buffered: this.bufferedEnd() });
    if (!run?.playingSince || this.audio.paused) return;
    this.disarmLiveWatchdog();
    if (run.attempts > 0 && run.playingSince && Date.now() - run.playingSince > LIVE_STEADY_MS)
      run.attempts = 0;
  }

  private newListen() {
    const item = q.currentItem(this.snapshot);
    this.listens.start(item ? item.track.id : null, this.audio.currentTime || 0);
  }

  private onEnded() {
    if (this.snapshot.live) {
      this.onLiveFailure('the stream ended');
      return;
    }
    this.listens.ended(this.snapshot.duration);
    const index = q.nextIndex(this.snapshot, true);
    if (index === null) {
      this.set({ status: 'paused', position: 0 });
      this.audio.currentTime = 0;
      this.save();
      return;
    }
    this.load(index, true);
  }

  private onError() {
    if (this.snapshot.live) {
      if (this.audio.getAttribute('src')) this.onLiveFailure('a playback error');
      return;
    }
    const item = q.currentItem(this.snapshot);
    if (!item || !this.audio.getAttribute('src')) return;
    this.errorsInARow += 1;
    this.opts.notifyError?.(item.track);
    // Give up once every entry failed in a row, instead of looping forever over a dead server.
    if (this.errorsInARow >= this.snapshot.queue.length) {
      this.set({ status: 'paused' });
      return;
    }
    const index = q.nextIndex(
      { ...this.snapshot, repeat: this.snapshot.repeat === 'one' ? 'all' : this.snapshot.repeat },
      false,
    );
    if (index === null || index === this.snapshot.index) {
      this.set({ status: 'paused' });
      return;
    }
    this.load(index, true);
  }

  private applyVolume(volume: number, muted: boolean) {
    this.set({ volume, muted });
    for (const el of [this.audio, this.spare]) {
      el.volume = this.elementVolume(el);
      el.muted = muted;
    }
    this.save();
  }

  /**
   * "Normalise volume": each track is played at the gain its measured loudness asks for (stored at
   * ingestion, `gain_db`). An audio element cannot amplify, so only the louder tracks are turned
   * down; quiet ones play as they are.
   */
  private elementVolume(el: HTMLAudioElement): number {
    const gain = this.snapshot.normalize ? Math.min(Number(el.dataset.gain) || 0, 0) : 0;
    return Math.min(1, this.snapshot.volume * 10 ** (gain / 20));
  }

  /**
   * Data saver: from the next song on, songs stream as a 96 kbps transcode (Opus where the browser
   * plays it, else MP3). The song playing now goes on as it is: a transcode being made cannot jump
   * to where it is.
   */
  setDataSaver(dataSaver: boolean) {
    this.set({ dataSaver });
    this.save();
    this.schedulePreload();
  }

  /** The address a track plays from: as stored, or with the Data saver's transcoding ask. */
  private streamUrl(track: { stream_url?: string | null }): string | null {
    const url = track.stream_url;
    if (!url || !this.snapshot.dataSaver) return url ?? null;
    const opus = this.audio.canPlayType?.('audio/ogg; codecs="opus"') ?? '';
    const format = opus === '' ? 'mp3' : 'opus';
    const [path, query = ''] = url.split('?', 2) as [string, string?];
    const params = new URLSearchParams(query);
    params.set('format', format);
    params.set('maxBitRate', String(DATA_SAVER_KBPS));
    return `${path}?${params}`;
  }

  setNormalize(normalize: boolean) {
    this.set({ normalize });
    for (const el of [this.audio, this.spare]) el.volume = this.elementVolume(el);
    this.save();
  }

  // ---- persistence ----

  private save() {
    this.lastSave = Date.now();
    // A station is never saved: the queue is, at the place it waits at, and a reload finds it paused.
    const position = this.snapshot.live
      ? this.queuePosition
      : this.audio.currentTime || this.snapshot.position;
    savePlayer(this.opts.storage, serialize(this.snapshot, this.snapshot, position));
  }

  /** Saves now (pagehide): the position at the very moment the page goes away. */
  flush() {
    this.save();
  }

  private restore() {
    const saved = loadPlayer(this.opts.storage);
    if (!saved) return;
    const { position, volume, muted, normalize, dataSaver, ...queue } = saved;
    this.snapshot = { ...this.snapshot, ...queue, volume, muted, normalize, dataSaver };
    for (const el of [this.audio, this.spare]) {
      el.volume = this.elementVolume(el);
      el.muted = muted;
    }
    const item = q.currentItem(this.snapshot);
    const url = item ? this.streamUrl(item.track) : null;
    if (!item || !url) return;
    // Restored paused at the saved position: playing needs a press (and browsers require one).
    this.audio.dataset.key = item.key;
    this.audio.preload = 'metadata';
    this.audio.src = url;
    this.audio.currentTime = position;
    this.snapshot = {
      ...this.snapshot,
      status: 'paused',
      position,
      duration: item.track.duration_ms / 1000,
    };
    this.newListen();
  }
}

function defaultLogError(message: string, detail?: unknown) {
  // SPEC §8: a radio that cannot be played is only logged, for whoever looks at the console.
  console.error(message, detail ?? '');
}
