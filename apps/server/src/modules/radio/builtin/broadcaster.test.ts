import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtureDir, ffmpeg } from '#test/audio-fixtures';
import {
  type Broadcaster,
  type BroadcasterOptions,
  createBroadcaster,
  wantsIcyMetadata,
} from './broadcaster';
import { encodeMp3 } from './encoder';
import { parseMp3, readFrameHeader } from './mp3-frames';
import type { ScheduledSong, StationSchedule } from './types';

const DEMO = (name: string) => new URL(`../../../../assets/demo/audio/${name}`, import.meta.url).pathname;

let fx: Awaited<ReturnType<typeof audioFixtureDir>>;
/** Three different 6-second cuts of demo tracks (ID3 tag and Info frame kept), and a loud 320 kbps one. */
const audio: Record<'a' | 'b' | 'c' | 'loud', Buffer> = {
  a: Buffer.alloc(0),
  b: Buffer.alloc(0),
  c: Buffer.alloc(0),
  loud: Buffer.alloc(0),
};

beforeAll(async () => {
  fx = await audioFixtureDir();
  const cut = (from: string, to: string) => ffmpeg('-i', DEMO(from), '-t', '6', '-c', 'copy', fx.path(to));
  await Promise.all([
    cut('bole-nights-01.mp3', 'a.mp3'),
    cut('blue-nile-rising-02.mp3', 'b.mp3'),
    cut('blue-nile-rising-03.mp3', 'c.mp3'),
    ffmpeg(
      ...['-i', DEMO('bole-nights-01.mp3'), '-t', '10', '-c:a', 'libmp3lame', '-b:a', '320k'],
      ...['-ar', '44100', '-ac', '2', fx.path('loud.mp3')],
    ),
  ]);
  for (const name of ['a', 'b', 'c', 'loud'] as const) audio[name] = await readFile(fx.path(`${name}.mp3`));
});
afterAll(() => fx?.cleanup());

type FakeSong = { title: string; artist: string; durationMs: number; read: () => Promise<Buffer> };

const song = (name: 'a' | 'b' | 'c' | 'loud', durationMs: number): FakeSong => ({
  title: `Song ${name.toUpperCase()}`,
  artist: `Artist ${name.toUpperCase()}`,
  durationMs,
  read: async () => audio[name],
});

/** The database's schedule, in memory: `songs` over and over from `t0`, back to back. */
function fakeSchedule(songs: FakeSong[], t0: number): StationSchedule {
  const at = (seq: number): ScheduledSong => {
    let startedAt = t0;
    for (let i = 0; i < seq; i++) startedAt += songs[i % songs.length]!.durationMs;
    const s = songs[seq % songs.length]!;
    return {
      seq,
      trackId: (seq % songs.length) + 1,
      title: s.title,
      artist: s.artist,
      startedAt,
      durationMs: s.durationMs,
      readAudio: s.read,
    };
  };
  return {
    async songAt(time) {
      let seq = 0;
      while (at(seq).startedAt + at(seq).durationMs <= time) seq++;
      return at(seq);
    },
    async after(s) {
      return at(s.seq + 1);
    },
  };
}

const logLines: string[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

const open: { broadcaster: Broadcaster; server: Server }[] = [];
const ears: Ear[] = [];
afterEach(async () => {
  for (const e of ears.splice(0)) e.close();
  for (const { broadcaster, server } of open.splice(0)) {
    broadcaster.stop();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

/** A broadcaster behind a real HTTP server, as the route will use it. */
async function station(opts: Partial<BroadcasterOptions> & Pick<BroadcasterOptions, 'schedule'>) {
  const broadcaster = createBroadcaster({
    bitrate: 32,
    ffmpegPath: null,
    log,
    name: 'Zema Radio',
    tickMs: 100,
    ...opts,
  });
  const server = createServer((req, res) =>
    broadcaster.attach(res, { icy: wantsIcyMetadata(req.headers['icy-metadata']) }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push({ broadcaster, server });
  return { broadcaster, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/**
 * A listener: every chunk with the moment it arrived (`performance.now()`), and for an ICY
 * listener the audio and the titles split out of the stream.
 */
class Ear {
  readonly chunks: { t: number; buf: Buffer }[] = [];
  bytes = 0;
  headers: IncomingHttpHeaders = {};
  closed = false;
  readonly audio: Buffer[] = [];
  audioBytes = 0;
  readonly titles: { at: number; title: string }[] = [];
  private res: IncomingMessage | null = null;
  private destroy: () => void = () => {};

  static connect(url: string, opts: { icy?: number; paused?: boolean } = {}): Promise<Ear> {
    const ear = new Ear();
    ears.push(ear);
    const reader = opts.icy ? icyReader(opts.icy) : null;
    return new Promise((resolve, reject) => {
      const req = request(url, { agent: false, headers: opts.icy ? { 'icy-metadata': '1' } : {} }, (res) => {
        ear.res = res;
        ear.headers = res.headers;
        const done = () => {
          ear.closed = true;
        };
        res.on('close', done);
        res.on('error', done);
        if (opts.paused) {
          // A player that stopped reading: the kernel's buffers fill, then the server's.
          res.pause();
          res.socket.pause();
        } else {
          res.on('data', (buf: Buffer) => {
            ear.chunks.push({ t: performance.now(), buf });
            ear.bytes += buf.length;
            if (!reader) return;
            const { audio: parts, titles } = reader.push(buf);
            for (const part of parts) {
              ear.audio.push(part);
              ear.audioBytes += part.length;
            }
            ear.titles.push(...titles);
          });
        }
        resolve(ear);
      });
      ear.destroy = () => req.destroy();
      req.on('error', (err) => {
        if (ear.res) ear.closed = true;
        else reject(err);
      });
      req.end();
    });
  }

  all(): Buffer {
    return Buffer.concat(this.chunks.map((c) => c.buf));
  }

  /** When byte `pos` of the stream arrived. */
  arrival(pos: number): number {
    let end = 0;
    for (const c of this.chunks) {
      end += c.buf.length;
      if (pos < end) return c.t;
    }
    return Number.POSITIVE_INFINITY;
  }

  resume() {
    this.res?.socket.resume();
    this.res?.resume();
  }

  close() {
    this.destroy();
    this.res?.destroy();
  }
}

/** The ICY player's side: audio bytes and the titles of the metadata blocks, with the audio byte count before each. */
function icyReader(metaint: number) {
  let untilMeta = metaint;
  let metaLeft = -1;
  let meta: number[] = [];
  let audioBytes = 0;
  return {
    push(chunk: Buffer): { audio: Buffer[]; titles: { at: number; title: string }[] } {
      const parts: Buffer[] = [];
      const titles: { at: number; title: string }[] = [];
      let i = 0;
      while (i < chunk.length) {
        if (metaLeft === -1 && untilMeta > 0) {
          const n = Math.min(untilMeta, chunk.length - i);
          parts.push(chunk.subarray(i, i + n));
          audioBytes += n;
          untilMeta -= n;
          i += n;
        } else if (metaLeft === -1) {
          metaLeft = chunk[i++]! * 16;
          meta = [];
          if (metaLeft === 0) {
            metaLeft = -1;
            untilMeta = metaint;
          }
        } else {
          meta.push(chunk[i++]!);
          if (--metaLeft === 0) {
            const title = /StreamTitle='(.*?)';/s.exec(Buffer.from(meta).toString('utf8'))?.[1];
            if (title !== undefined) titles.push({ at: audioBytes, title });
            metaLeft = -1;
            untilMeta = metaint;
          }
        }
      }
      return { audio: parts, titles };
    },
  };
}

/** Waits for `condition`, checking every 20 ms, up to `timeoutMs`. */
async function until(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Walks `mp3` header by header from its first byte: the formats seen and where the whole frames end. */
function frameFormats(mp3: Buffer): { formats: Set<string>; end: number } {
  const formats = new Set<string>();
  let at = 0;
  for (let h = readFrameHeader(mp3, 0); h && at + h.length <= mp3.length; h = readFrameHeader(mp3, at)) {
    formats.add(`${h.sampleRate}/${h.channels}`);
    at += h.length;
  }
  return { formats, end: at };
}

/** ffmpeg's decoder on `mp3`: its complaints (empty when every frame decodes). */
function decodeErrors(mp3: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'ffmpeg',
      ['-hide_banner', '-nostdin', '-v', 'error', '-f', 'mp3', '-i', 'pipe:0', '-f', 'null', '-'],
      (err, _stdout, stderr) => (err && !stderr ? reject(err) : resolve(stderr.trim())),
    );
    child.stdin!.end(mp3);
  });
}

describe('the built-in station broadcaster', () => {
  it('gives two listeners who join 2 s apart the same bytes at the same moment, at real-time pace', async () => {
    const { broadcaster, url } = await station({
      schedule: fakeSchedule([song('a', 4000), song('b', 4000), song('c', 4000)], Date.now()),
      // Shorter than the 2 s between the listeners: the second's burst starts inside the first's stream.
      burstMs: 1000,
    });
    const first = await Ear.connect(url);
    await until('the first listener’s audio', () => first.bytes > 0);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['transfer-encoding']).toBeUndefined();
    expect(first.headers['icy-metaint']).toBeUndefined();
    const firstAt = first.chunks[0]!.t;
    // The scenario's 2 s, not a synchronisation: the second listener arrives 2 s later.
    await until('2 s of listening', () => performance.now() - firstAt >= 2000);
    const second = await Ear.connect(url);
    await until('the second listener’s audio', () => second.bytes > 0);
    const secondAt = second.chunks[0]!.t;
    await until('2.5 s more of both', () => performance.now() - secondAt >= 2500);
    expect(broadcaster.stats.listeners).toBe(2);
    first.close();
    second.close();

    // The method: the second listener's stream must be a piece of the first's, from the point k
    // where its burst begins (a few seconds back). Then every byte the first listener received
    // after the second was connected must have reached the second at (nearly) the same moment:
    // both are written from the same tick, and both clients run in this process, so a loaded
    // machine delays them alike. Listeners with streams of their own, 2 s apart, would be seconds
    // off; the tolerance is a few ticks.
    const a = first.all();
    const b = second.all();
    const k = a.indexOf(b.subarray(0, 2000));
    expect(k).toBeGreaterThan(0);
    const shared = Math.min(b.length, a.length - k);
    expect(shared).toBeGreaterThan(4000 * 2); // the 1 s burst and at least a second more
    expect(b.subarray(0, shared).equals(a.subarray(k, k + shared))).toBe(true);
    let compared = 0;
    let worst = 0;
    let pos = 0;
    for (const c of first.chunks) {
      if (c.t > secondAt + 50 && pos >= k && pos < k + shared) {
        worst = Math.max(worst, Math.abs(second.arrival(pos - k) - c.t));
        compared++;
      }
      pos += c.buf.length;
    }
    expect(compared).toBeGreaterThan(10);
    expect(worst).toBeLessThan(300);

    // Real-time pace: the demo tracks are 32 kbps, 4 000 bytes a second. Measured from 1 s after
    // the first listener's burst to its end (about 3.5 s), so the burst does not count.
    const from = firstAt + 1000;
    const later = first.chunks.filter((c) => c.t > from);
    const seconds = (later[later.length - 1]!.t - from) / 1000;
    const rate = later.reduce((sum, c) => sum + c.buf.length, 0) / seconds;
    expect(seconds).toBeGreaterThan(3);
    expect(rate).toBeGreaterThan(4000 * 0.85);
    expect(rate).toBeLessThan(4000 * 1.15);

    // Whole frames of one format, from the first byte (stored MP3s, as they are: no ffmpeg here).
    const { formats, end } = frameFormats(a);
    expect([...formats]).toEqual(['22050/1']);
    expect(a.length - end).toBeLessThan(106);
    expect(broadcaster.stats.encoder).toBe('copy');
  });

  it('changes the ICY title where the song changes, with one re-encoded format throughout', async () => {
    const metaint = 1000;
    const { broadcaster, url } = await station({
      // Song A is cut short (2.5 s of its 6): the change to B is what this test listens for.
      schedule: fakeSchedule([song('a', 2500), song('b', 4000), song('c', 4000)], Date.now()),
      bitrate: 64,
      ffmpegPath: 'ffmpeg',
      burstMs: 1000,
      metaint,
    });
    const songs: string[] = [];
    broadcaster.onSong((s) => songs.push(s.title));
    const ear = await Ear.connect(url, { icy: metaint });
    const titleB = 'Artist B - Song B';
    await until('the second song and 1 s of it', () => {
      const change = ear.titles.find((t) => t.title === titleB);
      return change !== undefined && ear.audioBytes > change.at + 8000;
    });
    ear.close();
    expect(ear.headers['icy-metaint']).toBe(String(metaint));
    expect(ear.headers['icy-br']).toBe('64');
    expect(ear.headers['icy-name']).toBe('Zema Radio');
    expect(songs.slice(0, 2)).toEqual(['Song A', 'Song B']);
    expect(broadcaster.stats.encoder).toBe('ffmpeg');

    // What the broadcaster sends is ffmpeg's encoding of each song, frame for frame: encode them
    // the same way here and find where the stream leaves song A's frames for song B's first one.
    const signal = new AbortController().signal;
    const encode = async (buf: Buffer) =>
      parseMp3(await encodeMp3('ffmpeg', buf, { bitrate: 64, fromMs: 0, maxMs: 9000, signal }));
    const [encodedA, encodedB] = await Promise.all([encode(audio.a), encode(audio.b)]);
    const received = Buffer.concat(ear.audio);
    const startInA = encodedA.data.indexOf(received.subarray(0, 500));
    expect(startInA).toBeGreaterThanOrEqual(0);
    expect(encodedA.offsets).toContain(startInA); // the burst starts on a frame
    let same = 0;
    while (same < received.length && received[same] === encodedA.data[startInA + same]) same++;
    // The boundary is the last frame edge of song A from which song B's first frame follows.
    const boundary = [...encodedA.offsets]
      .map((o) => o - startInA)
      .filter((o) => o > 0 && o <= same)
      .reverse()
      .find((o) => received.subarray(o, o + 64).equals(encodedB.data.subarray(0, 64)));
    expect(boundary).toBeDefined();
    const b = boundary!;
    const afterLength = Math.min(received.length - b, encodedB.data.length);
    expect(afterLength).toBeGreaterThan(8000);
    expect(received.subarray(b, b + afterLength).equals(encodedB.data.subarray(0, afterLength))).toBe(true);

    // The first block after the change says song B; every block before it, song A (or nothing new).
    const change = ear.titles.find((t) => t.title === titleB)!;
    expect(change.at).toBeGreaterThan(b);
    expect(change.at).toBeLessThanOrEqual(b + metaint);
    expect(ear.titles[0]).toEqual({ at: metaint, title: 'Artist A - Song A' });
    expect(ear.titles.filter((t) => t.at <= b).every((t) => t.title === 'Artist A - Song A')).toBe(true);

    // Valid MP3 throughout: whole frames of one format (44.1 kHz stereo for 64 kbps, from 22 kHz
    // mono sources) that ffmpeg decodes without a complaint.
    const { formats, end } = frameFormats(received);
    expect([...formats]).toEqual(['44100/2']);
    expect(received.length - end).toBeLessThan(300);
    expect(await decodeErrors(received.subarray(0, end))).toBe('');
  });

  it('drops a listener who stopped reading, while the others go on at the stream’s pace', async () => {
    // A stalled reader fills the kernel's socket buffers first (megabytes on loopback, minutes of
    // audio at real time), so this station's clock runs 30 times faster, with 320 kbps audio:
    // the buffers fill in seconds and the limit is then the broadcaster's own.
    const start = Date.now();
    const began = performance.now();
    const speed = 30;
    const now = () => start + (performance.now() - began) * speed;
    const { broadcaster, url } = await station({
      schedule: fakeSchedule([song('loud', 9000)], start),
      bitrate: 320,
      now,
      tickMs: 25,
      burstMs: 1000,
      maxLagMs: 2000,
    });
    const reader = await Ear.connect(url);
    const stalled = await Ear.connect(url, { paused: true });
    await until('both listening', () => broadcaster.stats.listeners === 2 && reader.bytes > 0);
    const readerFrom = now();
    const bytesFrom = reader.bytes;
    await until('the stalled listener dropped', () => broadcaster.stats.listeners === 1, 30_000);
    // A paused socket reads nothing, not even the end: let it read what the kernel holds, then the end.
    stalled.resume();
    await until('its connection closed', () => stalled.closed);
    const before = reader.bytes;
    await until('more audio for the one who reads', () => reader.bytes > before + 200_000);
    expect(reader.closed).toBe(false);
    // 320 kbps is 40 000 bytes a second of the station's clock.
    const expected = ((now() - readerFrom) / 1000) * 40_000;
    expect(reader.bytes - bytesFrom).toBeGreaterThan(expected * 0.6);
    expect(reader.bytes - bytesFrom).toBeLessThan(expected * 1.2);
    expect(logLines.some((l) => l.includes('fell behind; dropped'))).toBe(true);
  }, 60_000);

  it('skips a song whose audio cannot be read, keeps its listeners, and stops when they leave', async () => {
    const metaint = 1000;
    const broken: FakeSong = {
      ...song('b', 4000),
      read: async () => {
        throw new Error('storage says no');
      },
    };
    const { broadcaster, url } = await station({
      schedule: fakeSchedule([song('a', 1500), broken, song('c', 3000)], Date.now()),
      burstMs: 1000,
      metaint,
      idleGraceMs: 100,
    });
    const songs: string[] = [];
    broadcaster.onSong((s) => songs.push(s.title));
    const ear = await Ear.connect(url, { icy: metaint });
    await until('song C', () => ear.titles.some((t) => t.title === 'Artist C - Song C'), 30_000);
    const at = ear.audioBytes;
    await until('more of song C', () => ear.audioBytes > at + 4000);
    expect(ear.closed).toBe(false);
    expect(ear.titles.map((t) => t.title)).toEqual(['Artist A - Song A', 'Artist C - Song C']);
    expect(songs).toEqual(['Song A', 'Song C']);
    const warning = logLines.map((l) => JSON.parse(l)).find((l) => l.msg?.includes('could not be played'));
    expect(warning).toMatchObject({ level: 40, seq: 1, trackId: 2, err: { message: 'storage says no' } });
    // Song C started where B would have: right after A, not 4 s of silence later.
    const audioC = parseMp3(audio.c).data;
    expect(Buffer.concat(ear.audio).indexOf(audioC.subarray(0, 1000))).toBeGreaterThan(0);

    ear.close();
    await until(
      'the broadcaster idle',
      () => broadcaster.stats.listeners === 0 && broadcaster.stats.song === null,
    );
  });
});
