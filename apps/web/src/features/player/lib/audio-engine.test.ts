import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeAudio, memoryStorage } from '#test/media';
import { track } from '#test/player';
import { ACTIVE_ATTR, PlayerEngine } from './audio-engine';
import { PLAYER_STORAGE_KEY } from './persistence';

describe('PlayerEngine', () => {
  let audios: FakeAudio[];
  let storage: Storage;
  let reports: Array<{ id: number; listen_id: string; seconds: number }>;
  let errors: string[];

  const make = () =>
    new PlayerEngine({
      storage,
      createAudio: () => {
        const a = new FakeAudio();
        audios.push(a);
        return a as unknown as HTMLAudioElement;
      },
      reportPlay: async (id, body) => {
        reports.push({ id, ...body });
      },
      notifyError: (t) => errors.push(t.name),
      random: () => 0,
    });
  const active = () => audios.find((a) => a.hasAttribute(ACTIVE_ATTR)) as FakeAudio;

  beforeEach(() => {
    audios = [];
    storage = memoryStorage();
    reports = [];
    errors = [];
  });
  afterEach(() => vi.restoreAllMocks());

  it('plays from the chosen track and preloads the next one into the spare element', () => {
    const p = make();
    p.playTracks([track(1), track(2), track(3)], 1);
    expect(active().src).toBe('/api/v1/tracks/2/stream');
    expect(p.getSnapshot().status).toBe('playing');
    const spare = audios.find((a) => a !== active()) as FakeAudio;
    expect(spare.src).toBe('/api/v1/tracks/3/stream');
    // On ended the preloaded element takes over: no new request for track 3.
    const before = active();
    active().dispatchEvent(new Event('ended'));
    expect(active()).toBe(spare);
    expect(active()).not.toBe(before);
    expect(p.getSnapshot().index).toBe(2);
  });

  it('reports a play once per listen after 30 s of listening, and again for a new listen', () => {
    const p = make();
    p.playTracks([track(1), track(2)], 0);
    active().advance(29);
    expect(reports).toEqual([]);
    active().advance(5);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ id: 1, seconds: 30 });
    active().advance(30);
    expect(reports).toHaveLength(1);
    // Seeking far ahead is not listening.
    p.playTracks([track(5)], 0);
    active().currentTime = 100;
    active().dispatchEvent(new Event('seeking'));
    active().dispatchEvent(new Event('timeupdate'));
    expect(reports).toHaveLength(1);
    active().advance(31);
    expect(reports).toHaveLength(2);
    expect(reports[1]?.id).toBe(5);
    expect(reports[1]?.listen_id).not.toBe(reports[0]?.listen_id);
  });

  it('counts a short track once it was heard to the end', () => {
    const p = make();
    p.playTracks([track(1, { duration_ms: 12_000 })], 0);
    active().advance(12);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.seconds).toBe(12);
  });

  it('on an audio error shows a message and moves to the next playable track', () => {
    const p = make();
    p.playTracks([track(1), track(2, { stream_url: null }), track(3)], 0);
    active().dispatchEvent(new Event('error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Track 1');
    expect(p.getSnapshot().index).toBe(2);
    expect(active().src).toBe('/api/v1/tracks/3/stream');
  });

  it('previous restarts the track after 3 s, else goes to the previous one', () => {
    const p = make();
    p.playTracks([track(1), track(2)], 1);
    active().advance(10);
    p.previous();
    expect(p.getSnapshot().index).toBe(1);
    expect(active().currentTime).toBe(0);
    p.previous();
    expect(p.getSnapshot().index).toBe(0);
  });

  it('restores the queue paused at the saved position after a reload', () => {
    const p = make();
    p.playTracks([track(1), track(2), track(3)], 1);
    p.setVolume(0.3);
    p.cycleRepeat();
    active().advance(42);
    p.flush();
    expect(storage.getItem(PLAYER_STORAGE_KEY)).toContain('"position":42');
    audios = [];
    const again = make();
    const s = again.getSnapshot();
    expect(s.queue.map((i) => i.track.id)).toEqual([1, 2, 3]);
    expect(s.index).toBe(1);
    expect(s.status).toBe('paused');
    expect(s.position).toBe(42);
    expect(s.volume).toBe(0.3);
    expect(s.repeat).toBe('all');
    expect(active().src).toBe('/api/v1/tracks/2/stream');
    expect(active().currentTime).toBe(42);
    expect(active().paused).toBe(true);
  });

  it('turns loud tracks down to their measured gain when normalising, and never amplifies', () => {
    const p = make();
    p.playTracks([track(1, { gain_db: -6 }), track(2, { gain_db: 4 }), track(3)], 0);
    p.setVolume(0.8);
    expect(active().volume).toBeCloseTo(0.8);
    p.setNormalize(true);
    expect(p.getSnapshot().normalize).toBe(true);
    expect(active().volume).toBeCloseTo(0.8 * 10 ** (-6 / 20));
    p.next();
    // A quiet track would need +4 dB: an audio element cannot amplify, so it plays as it is.
    expect(active().volume).toBeCloseTo(0.8);
    p.next();
    expect(active().volume).toBeCloseTo(0.8);
    p.previous();
    p.previous();
    expect(active().volume).toBeCloseTo(0.8 * 10 ** (-6 / 20));
    p.flush();
    audios = [];
    // The choice is kept with the player.
    expect(make().getSnapshot().normalize).toBe(true);
    p.setNormalize(false);
  });

  it('Data saver: from the next song, streams a 96 kbps transcode (Opus where it plays, else MP3), kept with the player', () => {
    const p = make();
    p.playTracks([track(1), track(2), track(3)], 0);
    const opus = vi.fn(() => 'maybe');
    for (const a of audios) Object.assign(a, { canPlayType: opus });
    p.setDataSaver(true);
    expect(p.getSnapshot().dataSaver).toBe(true);
    // The song playing goes on as it is; the one preloaded next is fetched again, transcoded.
    expect(active().src).toBe('/api/v1/tracks/1/stream');
    const spare = audios.find((a) => a !== active()) as FakeAudio;
    expect(spare.src).toBe('/api/v1/tracks/2/stream?format=opus&maxBitRate=96');
    p.next();
    expect(active().src).toBe('/api/v1/tracks/2/stream?format=opus&maxBitRate=96');
    // A browser without Opus gets MP3.
    opus.mockReturnValue('');
    p.next();
    expect(active().src).toBe('/api/v1/tracks/3/stream?format=mp3&maxBitRate=96');
    p.flush();
    audios = [];
    const again = make();
    expect(again.getSnapshot().dataSaver).toBe(true);
    again.setDataSaver(false);
    again.playTracks([track(4)], 0);
    expect(active().src).toBe('/api/v1/tracks/4/stream');
  });

  it('keeps the saved position when the restored track reports its time while paused', () => {
    const p = make();
    p.playTracks([track(1), track(2)], 0);
    active().advance(42);
    p.flush();
    audios = [];
    make();
    // The browser's seek to the saved position lands a little early and says so, still paused.
    active().currentTime = 41.96;
    active().dispatchEvent(new Event('timeupdate'));
    expect(storage.getItem(PLAYER_STORAGE_KEY)).toContain('"position":42');
  });

  it('at the end of the queue with repeat off it stops; repeat one replays', () => {
    const p = make();
    p.playTracks([track(1)], 0);
    active().dispatchEvent(new Event('ended'));
    expect(p.getSnapshot().status).toBe('paused');
    p.setRepeat('one');
    p.play();
    active().advance(5);
    active().dispatchEvent(new Event('ended'));
    expect(p.getSnapshot().index).toBe(0);
    expect(active().paused).toBe(false);
  });
});
