import type { Track } from '@zema/contracts';
import { ListenTracker, type ReportPlay } from './listen-tracker';
import { MediaSessionAdapter } from './media-session';
import { loadPlayer, type PlayerSettings, savePlayer, serialize } from './persistence';
import * as q from './queue';

export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

export interface PlayerSnapshot extends q.QueueState, PlayerSettings {
  status: PlayerStatus;
  /** Seconds. */
  position: number;
  duration: number;
  /** End (seconds) of the buffered range around the play head, for the seek bar. */
  buffered: number;
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
}

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

  playNext(tracks: readonly Track[]) {
    const wasEmpty = this.snapshot.index < 0;
    this.setQueue(q.playNext(this.snapshot, tracks));
    if (wasEmpty && this.snapshot.index >= 0) this.load(this.snapshot.index, false);
  }

  addToQueue(tracks: readonly Track[]) {
    const wasEmpty = this.snapshot.index < 0;
    this.setQueue(q.addToQueue(this.snapshot, tracks));
    if (wasEmpty && this.snapshot.index >= 0) this.load(this.snapshot.index, false);
  }

  remove(key: string) {
    const before = q.currentItem(this.snapshot);
    const next = q.removeItem(this.snapshot, key);
    this.setQueue(next);
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
    if (next.index < 0) this.stop();
  }

  /** Plays the queue entry at `index` (queue panel). */
  playAt(index: number) {
    if (!this.snapshot.queue[index]) return;
    this.set({ index });
    this.load(index, true);
  }

  play() {
    if (this.snapshot.index < 0) return;
    if (!this.audio.src) {
      this.load(this.snapshot.index, true, this.snapshot.position);
      return;
    }
    this.set({ status: 'loading' });
    this.audio.play().catch((err: unknown) => this.onPlayRejected(err));
  }

  pause() {
    this.audio.pause();
  }

  toggle() {
    if (this.audio.paused) this.play();
    else this.pause();
  }

  next() {
    const index = q.nextIndex(this.snapshot, false);
    if (index === null) return;
    this.load(index, true);
  }

  previous() {
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

  // ---- loading ----

  private load(index: number, autoplay: boolean, startAt = 0) {
    const item = this.snapshot.queue[index];
    if (!item) return;
    const url = item.track.stream_url;
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
    const index = q.nextIndex(this.snapshot, true);
    const item = index === null || index === this.snapshot.index ? null : this.snapshot.queue[index];
    const url = item?.track.stream_url;
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
        this.set({ status: 'playing' });
        this.mediaSession.setPosition(this.audio);
      }),
    );
    el.addEventListener(
      'pause',
      active(() => {
        this.set({ status: this.snapshot.index < 0 ? 'idle' : 'paused', position: el.currentTime });
        this.save();
        this.mediaSession.setPosition(this.audio);
      }),
    );
    el.addEventListener(
      'waiting',
      active(() => this.set({ status: 'loading' })),
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
    const now = this.audio.currentTime;
    this.set({ position: now, buffered: this.bufferedEnd() });
    if (!this.audio.paused) this.listens.heard(now, this.snapshot.duration);
    // Only playing moves the position worth keeping (a pause or seek saves at once). A paused
    // element also reports time, e.g. when a restored track's seek lands a few milliseconds early:
    // saving that would overwrite the position the page was left at.
    if (!this.audio.paused && Date.now() - this.lastSave > SAVE_EVERY_MS) this.save();
  }

  private newListen() {
    const item = q.currentItem(this.snapshot);
    this.listens.start(item ? item.track.id : null, this.audio.currentTime || 0);
  }

  private onEnded() {
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

  setNormalize(normalize: boolean) {
    this.set({ normalize });
    for (const el of [this.audio, this.spare]) el.volume = this.elementVolume(el);
    this.save();
  }

  // ---- persistence ----

  private save() {
    this.lastSave = Date.now();
    savePlayer(
      this.opts.storage,
      serialize(this.snapshot, this.snapshot, this.audio.currentTime || this.snapshot.position),
    );
  }

  /** Saves now (pagehide): the position at the very moment the page goes away. */
  flush() {
    this.save();
  }

  private restore() {
    const saved = loadPlayer(this.opts.storage);
    if (!saved) return;
    const { position, volume, muted, normalize, ...queue } = saved;
    this.snapshot = { ...this.snapshot, ...queue, volume, muted, normalize };
    for (const el of [this.audio, this.spare]) {
      el.volume = this.elementVolume(el);
      el.muted = muted;
    }
    const item = q.currentItem(this.snapshot);
    if (!item?.track.stream_url) return;
    // Restored paused at the saved position: playing needs a press (and browsers require one).
    this.audio.dataset.key = item.key;
    this.audio.preload = 'metadata';
    this.audio.src = item.track.stream_url;
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
