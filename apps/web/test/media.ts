/**
 * Stand-ins for the browser's media and live APIs, driven by the test: the player engine's audio
 * element, EventSource and a Storage in memory.
 */

/** Enough of HTMLAudioElement for the player engine: src, time, play/pause, errors and the events it listens to. */
export class FakeAudio extends EventTarget {
  src = '';
  preload = '';
  hidden = false;
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  volume = 1;
  muted = false;
  playbackRate = 1;
  error: { code: number; message: string } | null = null;
  dataset: Record<string, string> = {};
  buffered = { length: 0, start: () => 0, end: () => 0 };
  /** Each src that play() was called with, in order (a new request each). */
  loads: string[] = [];
  /** Whether play() starts at once ('playing'); false: it waits for the test to dispatch it. */
  autoStart = true;
  /** Whether play() fails as an unplayable source does (an error event, a rejected promise). */
  broken = false;
  private attrs = new Map<string, string>();
  setAttribute(k: string, v: string) {
    this.attrs.set(k, v);
    if (k === 'src') this.src = v;
  }
  getAttribute(k: string) {
    if (k === 'src') return this.src || null;
    return this.attrs.get(k) ?? null;
  }
  removeAttribute(k: string) {
    this.attrs.delete(k);
    if (k === 'src') this.src = '';
  }
  hasAttribute(k: string) {
    return this.attrs.has(k);
  }
  load() {}
  play() {
    this.loads.push(this.src);
    this.paused = false;
    if (this.broken) {
      this.error = { code: 4, message: 'MEDIA_ELEMENT_ERROR: Format error' };
      this.dispatchEvent(new Event('error'));
      return Promise.reject(new DOMException('no source', 'NotSupportedError'));
    }
    if (this.autoStart) this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  /** A network error while playing. */
  fail() {
    this.error = { code: 2, message: 'network' };
    this.dispatchEvent(new Event('error'));
  }
  /** Moves the clock as real playback would, firing timeupdate each second. */
  advance(seconds: number) {
    for (let i = 0; i < seconds; i++) {
      this.currentTime += 1;
      this.dispatchEvent(new Event('timeupdate'));
    }
  }
}

/** The browser's EventSource: `emit` delivers one server-sent event; `instances` holds every one opened. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

/** A Storage that lives in memory (localStorage for one test). */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}
