import type { RadioSong, RadioStation } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudio, memoryStorage } from '#test/media';
import { track } from '#test/player';
import { ACTIVE_ATTR, PlayerEngine, type PlayerEngineOptions } from './audio-engine';
import { playableStreamUrls } from './live-stream';
import { PLAYER_STORAGE_KEY } from './persistence';

const song = (title: string, over: Partial<RadioSong> = {}): RadioSong => ({
  title,
  artist: 'Aster Aweke',
  album: null,
  art: `/art/${title}.jpg`,
  started_at: null,
  duration: null,
  track: null,
  ...over,
});

const station = (over: Partial<RadioStation> = {}): RadioStation => ({
  id: 1,
  slug: 'zema',
  name: 'Zema Radio',
  description: '',
  cover: '/covers/zema.jpg',
  streams: [{ url: '/api/v1/radio/stations/zema/stream', format: 'mp3' }],
  hls_url: null,
  builtin: true,
  has_now_playing: true,
  ...over,
});

/** A browser that plays MP3 and AAC, not Ogg, and HLS only when `hls`. */
const browser =
  (hls = false) =>
  (mime: string) =>
    mime.startsWith('audio/ogg') ? '' : mime.includes('mpegurl') ? (hls ? 'maybe' : '') : 'maybe';

describe('playableStreamUrls', () => {
  it('keeps the streams this browser may play, in order, and HLS only where it plays it natively', () => {
    const s = station({
      streams: [
        { url: 'https://r.example/live.ogg', format: 'ogg' },
        { url: 'https://r.example/live.aac', format: 'aac' },
        { url: 'https://r.example/live.mp3', format: 'mp3' },
      ],
      hls_url: 'https://r.example/live.m3u8',
    });
    expect(playableStreamUrls(s, browser(false))).toEqual([
      'https://r.example/live.aac',
      'https://r.example/live.mp3',
    ]);
    expect(playableStreamUrls(s, browser(true))).toEqual([
      'https://r.example/live.aac',
      'https://r.example/live.mp3',
      'https://r.example/live.m3u8',
    ]);
  });
});

describe('PlayerEngine, live radio', () => {
  let audios: FakeAudio[];
  let storage: Storage;
  let reports: number[];
  let logged: string[];

  const make = (opts: Partial<PlayerEngineOptions> = {}) =>
    new PlayerEngine({
      storage,
      createAudio: () => {
        const a = new FakeAudio();
        audios.push(a);
        return a as unknown as HTMLAudioElement;
      },
      reportPlay: async (id) => {
        reports.push(id);
      },
      canPlayType: browser(),
      liveRetryDelaysMs: [1000, 2000],
      liveStallMs: 5000,
      liveConnectMs: 10_000,
      logError: (message) => logged.push(message),
      ...opts,
    });
  const active = () => audios.find((a) => a.hasAttribute(ACTIVE_ATTR)) as FakeAudio;

  beforeEach(() => {
    audios = [];
    storage = memoryStorage();
    reports = [];
    logged = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('plays the station in place of the queue, which waits where it was and is saved without it', () => {
    const p = make();
    p.playTracks([track(1), track(2)], 0);
    active().advance(12);
    p.playStation(station(), { song: song('Tizita'), listeners: 4 });
    expect(active().src).toBe('/api/v1/radio/stations/zema/stream');
    const s = p.getSnapshot();
    expect(s.status).toBe('playing');
    expect(s.live?.station.slug).toBe('zema');
    expect(s.live?.song?.title).toBe('Tizita');
    expect(s.live?.listeners).toBe(4);
    // The queue is untouched: same tracks, same place.
    expect(s.index).toBe(0);
    expect(s.queue.map((i) => i.track.id)).toEqual([1, 2]);
    // A reload finds the queue at its place, paused; the station is not saved.
    const saved = JSON.parse(storage.getItem(PLAYER_STORAGE_KEY) ?? '{}');
    expect(saved.index).toBe(0);
    expect(saved.position).toBe(12);
    expect(JSON.stringify(saved)).not.toContain('zema');
  });

  it('counts no plays, does not seek, skip or advance the queue', () => {
    const p = make();
    p.playTracks([track(1), track(2)], 0);
    p.playStation(station());
    active().advance(90);
    expect(reports).toEqual([]);
    p.seek(30);
    p.seekBy(5);
    expect(active().currentTime).toBe(90);
    p.next();
    p.previous();
    expect(p.getSnapshot().index).toBe(0);
    expect(active().src).toBe('/api/v1/radio/stations/zema/stream');
    // The stream "ends" (the server closed it): the player reconnects, it does not play track 2.
    vi.useFakeTimers();
    active().dispatchEvent(new Event('ended'));
    expect(p.getSnapshot().index).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(active().loads.at(-1)).toBe('/api/v1/radio/stations/zema/stream');
    expect(p.getSnapshot().live).not.toBeNull();
  });

  it('pauses by closing the stream and resumes at the live point with a new request', () => {
    const p = make();
    p.playStation(station());
    const el = active();
    el.advance(30);
    p.toggle();
    expect(p.getSnapshot().status).toBe('paused');
    expect(el.src).toBe('');
    p.toggle();
    expect(el.loads).toEqual(['/api/v1/radio/stations/zema/stream', '/api/v1/radio/stations/zema/stream']);
    expect(p.getSnapshot().status).toBe('playing');
  });

  it('reconnects a dropped stream with growing pauses, then gives up paused and logs why', () => {
    vi.useFakeTimers();
    const p = make();
    p.playStation(station());
    const el = active();
    el.autoStart = false;
    el.fail();
    expect(p.getSnapshot().status).toBe('loading');
    expect(p.getSnapshot().live?.started).toBe(true);
    vi.advanceTimersByTime(999);
    expect(el.loads).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(el.loads).toHaveLength(2);
    el.fail();
    vi.advanceTimersByTime(2000);
    expect(el.loads).toHaveLength(3);
    el.fail();
    // No pause left: paused, logged, and the station still in the bar for another press.
    expect(p.getSnapshot().status).toBe('paused');
    expect(p.getSnapshot().live?.station.slug).toBe('zema');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('zema');
  });

  it('counts a stream that stops sending data for a few seconds as dropped', () => {
    vi.useFakeTimers();
    const p = make();
    p.playStation(station());
    const el = active();
    el.advance(3);
    el.dispatchEvent(new Event('waiting'));
    vi.advanceTimersByTime(4999);
    expect(el.loads).toHaveLength(1);
    vi.advanceTimersByTime(1);
    // Dropped: the next connection comes after the first pause of the backoff.
    vi.advanceTimersByTime(1000);
    expect(el.loads).toHaveLength(2);
  });

  it('tries the next playable address when the first never played, then fails over no more', () => {
    const p = make({ liveRetryDelaysMs: [] });
    const el = active();
    el.autoStart = false;
    p.playStation(
      station({
        streams: [
          { url: 'https://r.example/live.aac', format: 'aac' },
          { url: 'https://r.example/live.mp3', format: 'mp3' },
        ],
      }),
    );
    expect(el.src).toBe('https://r.example/live.aac');
    el.fail();
    expect(el.src).toBe('https://r.example/live.mp3');
    el.fail();
    expect(p.getSnapshot().status).toBe('paused');
    expect(logged).toHaveLength(1);
  });

  it('logs and stays paused when no stream plays in this browser', () => {
    const p = make();
    p.playStation(station({ streams: [{ url: 'https://r.example/live.ogg', format: 'ogg' }] }));
    expect(p.getSnapshot().status).toBe('paused');
    expect(logged[0]).toContain('plays in this browser');
  });

  it('takes the song on air from the station events, and leaves live mode for the queue', () => {
    const p = make();
    p.playTracks([track(1)], 0);
    p.playStation(station(), { song: song('Tizita'), listeners: null });
    p.setLiveNowPlaying('other', { song: song('Elsewhere'), listeners: 1 });
    expect(p.getSnapshot().live?.song?.title).toBe('Tizita');
    p.setLiveNowPlaying('zema', { song: song('Ambassel'), listeners: 7 });
    expect(p.getSnapshot().live?.song?.title).toBe('Ambassel');
    expect(p.getSnapshot().live?.listeners).toBe(7);
    p.playAt(0);
    expect(p.getSnapshot().live).toBeNull();
    expect(active().src).toBe('/api/v1/tracks/1/stream');
  });

  it('keeps the audio on the station while the queue changes', () => {
    const p = make();
    p.playStation(station());
    p.addToQueue([track(5)]);
    p.clear();
    expect(active().src).toBe('/api/v1/radio/stations/zema/stream');
    expect(p.getSnapshot().status).toBe('playing');
  });

  it('shows the song on the lock screen, with play and pause only', () => {
    const handlers = new Map<string, unknown>();
    const session = {
      metadata: null as unknown,
      playbackState: 'none',
      setActionHandler: (action: string, handler: unknown) => handlers.set(action, handler),
      setPositionState: vi.fn(),
    };
    vi.stubGlobal('navigator', { ...navigator, mediaSession: session });
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(init: object) {
          Object.assign(this, init);
        }
      },
    );
    const p = make();
    p.playTracks([track(1)], 0);
    expect(handlers.get('nexttrack')).toBeTypeOf('function');
    p.playStation(station(), { song: song('Tizita'), listeners: null });
    expect(session.metadata).toMatchObject({ title: 'Tizita', artist: 'Aster Aweke', album: 'Zema Radio' });
    expect((session.metadata as { artwork: { src: string }[] }).artwork[0]?.src).toMatch(
      /\/art\/Tizita\.jpg$/,
    );
    for (const action of ['nexttrack', 'previoustrack', 'seekto', 'seekbackward', 'seekforward'])
      expect(handlers.get(action), action).toBeNull();
    expect(handlers.get('play')).toBeTypeOf('function');
    expect(handlers.get('pause')).toBeTypeOf('function');
    expect(session.playbackState).toBe('playing');
    // Without a song: the station's name and cover.
    p.setLiveNowPlaying('zema', { song: null, listeners: null });
    expect(session.metadata).toMatchObject({ title: 'Zema Radio', artist: '' });
    // Back to the queue: the track actions return.
    p.playAt(0);
    expect(handlers.get('nexttrack')).toBeTypeOf('function');
  });
});
