// Both drivers: the built-in station's schedule (a race on its plays' unique row), its now-playing
// events on the bus and their backlog, and one watcher per station across two instances (a lease).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RadioNowPlaying } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { guest, uniqueSuffix } from '#test/helpers';
import { useRadioApp } from '#test/radio';
import { SseClient } from '#test/sse';
import { radioPlays, radioStations, radioWatchLeases } from './radio.tables';
import { createRadioHub, type RadioSink } from './radio-hub';
import { createStationSchedule } from './schedule';

// The app of radio.test.ts, with a `: ping` on the event streams every half second instead of 15 s,
// for the heartbeat test.
const { t, tuning: radio, admin, base, trackIds } = useRadioApp({ heartbeatMs: 500 });
const open: SseClient[] = [];

afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

describe('the built-in station', () => {
  const zemaId = async () =>
    (await t.db.select().from(radioStations).where(eq(radioStations.slug, 'zema')))[0]!.id;

  it('plans songs back to back, playable tracks only, never the same twice in a row', async () => {
    const stationId = await zemaId();
    const config = {
      kind: 'builtin' as const,
      channel_id: null,
      rule: 'random' as const,
      bitrate: 32,
      schedule: [],
    };
    const schedule = createStationSchedule(t.deps, stationId, async () => config);
    const first = await schedule.songAt(Date.now());
    expect(first.startedAt).toBeLessThanOrEqual(Date.now());
    let song = first;
    for (let i = 0; i < 6; i++) {
      const next = await schedule.after(song);
      expect(next.seq).toBe(song.seq + 1);
      expect(next.startedAt).toBe(song.startedAt + song.durationMs);
      expect(next.trackId).not.toBe(song.trackId);
      expect(trackIds().slice(0, 3)).toContain(next.trackId);
      song = next;
    }
    // A second instance asking for the same moment gets the same song (the row that won).
    const elsewhere = createStationSchedule(t.deps, stationId, async () => config);
    expect((await elsewhere.songAt(song.startedAt + 1)).seq).toBe(song.seq);
    // After a long silence the next song is already playing, not starting over.
    const later = song.startedAt + song.durationMs + 3_600_000;
    const resumed = await schedule.songAt(later);
    expect(resumed.startedAt).toBeLessThanOrEqual(later);
    expect(resumed.startedAt + resumed.durationMs).toBeGreaterThan(later);
    // That hour is not here yet: the station goes on from now for the tests after this one.
    await t.db.delete(radioPlays).where(eq(radioPlays.stationId, stationId));
  });

  it('shows its song now and the songs before it, and sends it as a now-playing event', async () => {
    const res = await guest().inject({ url: '/api/v1/radio/stations/zema' }, t.app);
    expect(res.statusCode, res.body).toBe(200);
    const now: RadioNowPlaying = res.json().now_playing;
    expect(now.song?.title).toMatch(/^Radio Track [123]$/);
    expect(now.song?.artist).toBe('Radio Artist');
    expect(now.song?.track?.id).toBeTypeOf('number');

    const client = await SseClient.connect(`${base()}/api/v1/radio/stations/zema/events`);
    open.push(client);
    expect(client.status, client.body).toBe(200);
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect((await client.next())?.retry).toBe(3000);
    const first = await client.next();
    expect(first?.event).toBe('now-playing');
    expect((JSON.parse(first!.data!) as RadioNowPlaying).song?.title).toBe(now.song?.title);
  });

  it('skips to the next song for every listener when an admin asks, and tells the pages', async () => {
    const stationId = await zemaId();
    const client = await SseClient.connect(`${base()}/api/v1/radio/stations/zema/events`);
    open.push(client);
    expect((await client.next())?.retry).toBe(3000);
    const before = JSON.parse((await client.next())!.data!) as RadioNowPlaying;
    const res = await admin().post(`/api/v1/admin/radio/stations/${stationId}/skip`);
    expect(res.statusCode, res.body).toBe(200);
    const after: RadioNowPlaying = res.json().now_playing;
    expect(after.song?.title).not.toBe(before.song?.title);
    expect(after.history[0]?.title).toBe(before.song?.title);
    // The page hears of it from the station's watcher, without asking.
    for (;;) {
      const event = await client.next();
      const data = JSON.parse(event!.data!) as RadioNowPlaying;
      if (data.song?.title === after.song?.title) break;
    }
    const [outside] = await t.db
      .insert(radioStations)
      .values({ slug: `outside-${uniqueSuffix()}`, name: 'Outside', streams: [], source: { kind: 'none' } })
      .returning();
    expect((await admin().post(`/api/v1/admin/radio/stations/${outside!.id}/skip`)).statusCode).toBe(409);
  });

  it('keeps its event stream open with a heartbeat and resumes after Last-Event-ID without losing a song', async () => {
    const stationId = await zemaId();
    const first = await SseClient.connect(`${base()}/api/v1/radio/stations/zema/events`);
    open.push(first);
    expect((await first.next())?.retry).toBe(3000);
    await first.next();
    expect(await first.nextComment()).toBe('ping');
    // A song change while connected: its event carries an id to resume from.
    expect((await admin().post(`/api/v1/admin/radio/stations/${stationId}/skip`)).statusCode).toBe(200);
    let seen = await first.next();
    while (!seen?.id) seen = await first.next();
    first.close();
    // Away, the station moves on; back with the last id, the stream sends what was missed first.
    const missed = (await admin().post(`/api/v1/admin/radio/stations/${stationId}/skip`)).json() as {
      now_playing: RadioNowPlaying;
    };
    await vi.waitFor(async () => {
      const frames = await t.deps.radio.events.since(stationId, Number(seen!.id));
      expect(frames.length).toBeGreaterThan(0);
    });
    const again = await SseClient.connect(`${base()}/api/v1/radio/stations/zema/events`, {
      'last-event-id': seen!.id!,
    });
    open.push(again);
    expect((await again.next())?.retry).toBe(3000);
    let resumed = await again.next();
    while (resumed && JSON.parse(resumed.data!).song?.title !== missed.now_playing.song?.title)
      resumed = await again.next();
    expect(Number(resumed?.id)).toBeGreaterThan(Number(seen!.id));
  });
});

describe('watchers', () => {
  // A stand-in Icecast status page: the test changes the title and counts the reads.
  let server: Server;
  let title = 'Teddy Afro - Tikur Sew';
  let reads = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      reads++;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          icestats: {
            source: { listenurl: 'http://127.0.0.1/live.mp3', listeners: 7, title, server_name: 'Stand-in' },
          },
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const sink = (): RadioSink & { text: string } => {
    const s = {
      text: '',
      ended: false,
      write(chunk: string) {
        s.text += chunk;
        return true;
      },
      end() {
        s.ended = true;
      },
      writableLength: 0,
      get destroyed() {
        return s.ended;
      },
    };
    return s;
  };

  it('runs one watcher per station across two instances, and the other takes over when the holder goes', async () => {
    const port = (server.address() as AddressInfo).port;
    const [row] = await t.db
      .insert(radioStations)
      .values({
        slug: `stand-in-${Math.random().toString(36).slice(2, 8)}`,
        name: 'Stand-in',
        streams: [{ url: `http://127.0.0.1:${port}/live.mp3`, format: 'mp3' }],
        source: { kind: 'icecast', base_url: `http://127.0.0.1:${port}`, mounts: [] },
      })
      .returning();
    const tuning = { ...radio, allowPrivateAddresses: true };
    const a = createRadioHub(t.deps, tuning, { eventStreamsPerIp: 10 });
    const b = createRadioHub(t.deps, tuning, { eventStreamsPerIp: 10 });
    await Promise.all([a.start(), b.start()]);
    try {
      const pageA = sink();
      const pageB = sink();
      const streamA = await a.openEvents(row!, '10.0.0.1', null, pageA);
      await b.openEvents(row!, '10.0.0.2', null, pageB);
      await vi.waitFor(() => expect(a.stats.watching.length + b.stats.watching.length).toBe(1), {
        timeout: 10_000,
      });
      const [lease] = await t.db
        .select()
        .from(radioWatchLeases)
        .where(eq(radioWatchLeases.stationId, row!.id));
      const holder = lease!.holder === a.holder ? a : b;
      const other = holder === a ? b : a;

      // The title reaches both pages, whichever instance watches.
      await vi.waitFor(() => expect(pageB.text).toContain('Tikur Sew'), { timeout: 10_000 });
      await vi.waitFor(() => expect(pageA.text).toContain('Tikur Sew'), { timeout: 10_000 });
      title = 'Aster Aweke - Abebayehosh';
      await vi.waitFor(() => expect(pageA.text).toContain('Abebayehosh'), { timeout: 10_000 });
      await vi.waitFor(() => expect(pageB.text).toContain('Abebayehosh'), { timeout: 10_000 });
      const history = await t.db.select().from(radioPlays).where(eq(radioPlays.stationId, row!.id));
      expect(history.map((h) => h.title)).toEqual(expect.arrayContaining(['Tikur Sew', 'Abebayehosh']));

      // The holder goes away: the other instance takes the lease once it lapses.
      await holder.close();
      await vi.waitFor(() => expect(other.stats.watching).toEqual([row!.id]), { timeout: 10_000 });
      streamA.close();
    } finally {
      await a.close();
      await b.close();
    }
    // Nobody listens: the watcher stops, and the source is read no more.
    const before = reads;
    await new Promise((r) => setTimeout(r, 300));
    expect(reads - before).toBeLessThanOrEqual(1);
  });
});
