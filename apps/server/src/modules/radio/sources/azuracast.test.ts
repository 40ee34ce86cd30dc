import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { recordReadings } from '#test/icecast';
import { azuracastReading, azuracastSseUrl, centrifugoNowPlaying } from './azuracast';
import { SOURCE_MESSAGES } from './errors';
import { readSourceOnce, watchSource } from './index';
import type { SourceReading } from './types';

// Recorded shapes of AzuraCast's answers (fixtures/README.md), replayed by a local server.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const SSE = fixture('azuracast-sse.txt');
const NOW = fixture('azuracast-nowplaying.json');
const NEXT = fixture('azuracast-nowplaying-next.json');

const local = { allowPrivateAddresses: true, timeoutMs: 3000 };
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;
async function azuracast(handle: Handler) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://azuracast');
    requests.push(url.pathname);
    handle(req, res, url);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests };
}
const json = (res: ServerResponse, body: string) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(body);
const notFound = (res: ServerResponse) =>
  res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>');
const sse = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });

const station = (base: string) => ({
  kind: 'azuracast' as const,
  base_url: base,
  station: 'azuratest_radio',
});

const FIRST: SourceReading = {
  song: {
    title: 'Ere Mela Mela',
    artist: 'Mahmoud Ahmed',
    album: 'Ethiopiques 7',
    art: 'https://radio.example.org/api/station/azuratest_radio/art/0a1b2c3d4e5f60718293a4b5c6d7e8f9-1731060000.jpg',
    startedAt: '2024-11-08T10:00:00.000Z',
    duration: 210,
  },
  listeners: 6,
};
const SECOND: SourceReading = {
  song: {
    title: 'Abebayehosh',
    artist: 'Aster Aweke',
    album: 'Hagere',
    art: 'https://radio.example.org/api/station/azuratest_radio/art/f9e8d7c6b5a4938271605f4e3d2c1b0a-1731060210.jpg',
    startedAt: '2024-11-08T10:03:30.000Z',
    duration: 214,
  },
  listeners: 6,
};

function watch(config: ReturnType<typeof station>, opts = {}) {
  const readings = recordReadings<SourceReading>();
  const controller = new AbortController();
  const done = watchSource(config, [], (r) => readings.push(r), controller.signal, { ...local, ...opts });
  done.catch(() => undefined);
  return { readings, done, stop: () => controller.abort() };
}

describe('AzuraCast live now-playing (SSE through Centrifugo)', () => {
  it('subscribes to the station’s channel and emits the cached song, each publication that changes something', async () => {
    let connect = '';
    const { base, requests } = await azuracast((req, res, url) => {
      if (url.pathname !== '/api/live/nowplaying/sse') return notFound(res);
      connect = url.searchParams.get('cf_connect') ?? '';
      expect(req.headers.accept).toBe('text/event-stream');
      sse(res);
      // In uneven pieces, as a network delivers them: frames split mid-line and mid-character.
      const bytes = Buffer.from(SSE);
      for (let i = 0; i < bytes.length; i += 997) res.write(bytes.subarray(i, i + 997));
    });
    const { readings, done, stop } = watch(station(base));
    await readings.waitFor((r) => r.listeners === 8);
    expect(JSON.parse(connect)).toEqual({ subs: { 'station:azuratest_radio': { recover: true } } });
    expect(readings.values()).toEqual([FIRST, SECOND, { ...SECOND, listeners: 8 }]);
    expect(requests).toEqual(['/api/live/nowplaying/sse']); // no polling while live
    stop();
    await expect(done).resolves.toBeUndefined();
  });

  it('reads the static JSON once when the channel has nothing cached yet', async () => {
    const { base, requests } = await azuracast((_req, res, url) => {
      if (url.pathname === '/api/nowplaying_static/azuratest_radio.json') return json(res, NOW);
      if (url.pathname !== '/api/live/nowplaying/sse') return notFound(res);
      sse(res);
      res.write(
        `data: ${JSON.stringify({ connect: { client: 'c', version: '5.4.9', subs: { 'station:azuratest_radio': { recoverable: true, epoch: 'e', offset: 0 } }, ping: 25, session: 's' } })}\n\n`,
      );
    });
    const { readings, stop, done } = watch(station(base));
    expect((await readings.waitFor(() => true)).value).toEqual(FIRST);
    expect(requests).toContain('/api/nowplaying_static/azuratest_radio.json');
    stop();
    await done;
  });

  it('keeps a quiet live stream open between messages, and polls the JSON when it never speaks', async () => {
    const frames = SSE.split('\n\n').filter(Boolean);
    const quiet = await azuracast((_req, res, url) => {
      if (url.pathname !== '/api/live/nowplaying/sse') return notFound(res);
      sse(res);
      res.write(`${frames[0]}\n\n`);
      // Quiet for three times the request time limit, as between Centrifugo's 25 s pings.
      setTimeout(() => res.write(`${frames[2]}\n\n`), 600);
    });
    const live = watch(station(quiet.base), { timeoutMs: 200 });
    let failed = false;
    live.done.catch(() => {
      failed = true;
    });
    await live.readings.waitFor((r) => r.song?.title === 'Abebayehosh');
    expect(failed).toBe(false);
    live.stop();
    await live.done;

    const mute = await azuracast((_req, res, url) => {
      if (url.pathname === '/api/nowplaying_static/azuratest_radio.json') return json(res, NOW);
      if (url.pathname !== '/api/live/nowplaying/sse') return notFound(res);
      sse(res); // headers, then nothing: a proxy holding the stream back
    });
    const polled = watch(station(mute.base), { timeoutMs: 200, pollMs: 50 });
    expect((await polled.readings.waitFor(() => true)).value).toEqual(FIRST);
    expect(mute.requests).toContain('/api/nowplaying_static/azuratest_radio.json');
    polled.stop();
    await polled.done;
  });

  it('rejects when the live stream ends after it was established (the caller retries)', async () => {
    const { base } = await azuracast((_req, res, url) => {
      if (url.pathname !== '/api/live/nowplaying/sse') return notFound(res);
      sse(res);
      res.end(`${SSE.split('\n\n')[0]}\n\n`);
    });
    const { readings, done } = watch(station(base));
    await expect(done).rejects.toThrow(SOURCE_MESSAGES.streamEnded);
    expect(readings.values()).toEqual([FIRST]);
  });
});

describe('AzuraCast now-playing JSON (when there is no live stream)', () => {
  it('polls the static file and emits each change', async () => {
    let body = NOW;
    const { base, requests } = await azuracast((_req, res, url) => {
      if (url.pathname === '/api/nowplaying_static/azuratest_radio.json') return json(res, body);
      notFound(res); // an install without the live stream
    });
    const { readings, stop, done } = watch(station(base), { pollMs: 50 });
    await readings.waitFor(() => true);
    body = NEXT;
    await readings.waitFor((r) => r.song?.title === 'Abebayehosh');
    expect(readings.values()).toEqual([FIRST, SECOND]);
    expect(requests[0]).toBe('/api/live/nowplaying/sse');
    expect(new Set(requests.slice(1))).toEqual(new Set(['/api/nowplaying_static/azuratest_radio.json']));
    stop();
    await done;
  });

  it('falls back to the API when the static file is missing, and reads it once for the check', async () => {
    const { base } = await azuracast((_req, res, url) => {
      if (url.pathname === '/api/nowplaying/azuratest_radio') return json(res, NEXT);
      notFound(res);
    });
    expect(await readSourceOnce(station(base), [], local)).toEqual(SECOND);
    const { readings, stop, done } = watch(station(base), { pollMs: 50 });
    expect((await readings.waitFor(() => true)).value).toEqual(SECOND);
    stop();
    await done;
  });

  it('rejects a station the install does not have, and an answer that is not now-playing data', async () => {
    const { base } = await azuracast((_req, res, url) => {
      if (url.pathname.includes('other')) return json(res, '{"code":500,"message":"oops"}');
      notFound(res);
    });
    await expect(readSourceOnce(station(base), [], local)).rejects.toThrow(SOURCE_MESSAGES.stationNotFound);
    await expect(watch(station(base), { pollMs: 50 }).done).rejects.toThrow(SOURCE_MESSAGES.stationNotFound);
    await expect(
      readSourceOnce({ kind: 'azuracast', base_url: base, station: 'other' }, [], local),
    ).rejects.toThrow(SOURCE_MESSAGES.badFormat);
  });
});

describe('AzuraCast data', () => {
  const np = JSON.parse(NOW) as Parameters<typeof azuracastReading>[0];

  it('normalises a song: text split when artist and title are empty, art made absolute, offline = no song', () => {
    const base = 'https://radio.example.org/';
    const now = np.now_playing as Record<string, unknown>;
    const songOf = (song: Record<string, unknown>, extra = {}) =>
      azuracastReading({ ...np, ...extra, now_playing: { ...now, song } } as typeof np, base).song;
    expect(songOf({ text: 'Gigi - Abebayehu', artist: '', title: ' ', art: '/static/a.jpg' })).toMatchObject({
      title: 'Abebayehu',
      artist: 'Gigi',
      art: 'https://radio.example.org/static/a.jpg',
    });
    expect(songOf({ title: 'Only a title', art: 'javascript:alert(1)' })).toMatchObject({
      title: 'Only a title',
      artist: null,
      art: null,
    });
    expect(songOf({ title: '', artist: 'Artist only' })?.title).toBe('Artist only');
    expect(songOf({ title: '', artist: '', text: '' })).toBeNull();
    expect(
      songOf({ title: '', text: '' }, { live: { is_live: true, streamer_name: 'DJ Bole' } })?.title,
    ).toBe('DJ Bole');
    expect(azuracastReading({ ...np, is_online: false }, base)).toEqual({ song: null, listeners: 6 });
  });

  it('finds now-playing in the connect message, the older connect data and publications only of the channel', () => {
    const channel = 'station:azuratest_radio';
    const [connect, ping, pub] = SSE.split('\n\n')
      .filter(Boolean)
      .map((frame) => JSON.parse(frame.replace(/^data: /, '')));
    expect(centrifugoNowPlaying(connect, channel)).toHaveLength(1);
    expect(centrifugoNowPlaying(ping, channel)).toEqual([]);
    expect(centrifugoNowPlaying(pub, channel)).toHaveLength(1);
    expect(centrifugoNowPlaying({ ...pub, channel: 'station:other' }, channel)).toEqual([]);
    expect(centrifugoNowPlaying({ push: { channel, pub: pub.pub } }, channel)).toHaveLength(1);
    expect(centrifugoNowPlaying({ connect: { data: [pub.pub] } }, channel)).toHaveLength(1);
    expect(azuracastSseUrl(station('https://radio.example.org/azura')).href).toBe(
      `https://radio.example.org/azura/api/live/nowplaying/sse?cf_connect=${encodeURIComponent(
        '{"subs":{"station:azuratest_radio":{"recover":true}}}',
      )}`,
    );
  });
});
