// Both drivers: stations (public and admin), the built-in station's schedule, its now-playing
// events, and one watcher per station across two instances.

import { readFile } from 'node:fs/promises';
import { createServer, get as httpGet, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ADMIN_PERMISSIONS, type RadioNowPlaying, type SaveRadioStationRequest } from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '#src/modules/audit/tables';
import { setTrackAudioFromFile } from '#src/modules/catalogue/index';
import { seedSmallCatalogue } from '#test/catalogue';
import {
  Client,
  createUser,
  guest,
  signedInClient,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  uniqueSuffix,
  useApp,
} from '#test/helpers';
import { SseClient } from '#test/sse';
import { radioPlays, radioStations, radioWatchLeases } from './radio.tables';
import { createRadioHub, type RadioSink } from './radio-hub';
import { createStationSchedule } from './schedule';

const DEMO_AUDIO = join(import.meta.dirname, '../../../assets/demo/audio');
const radio = {
  allowPrivateAddresses: false,
  tickMs: 200,
  leaseMs: 1_500,
  idleStopMs: 300,
  sourcePollMs: 100,
};
const t = useApp({}, { radio, live: { namespace: `test-radio-${uniqueSuffix()}:` } });

let admin: Client;
let base = '';
let trackIds: number[] = [];
const open: SseClient[] = [];

beforeAll(async () => {
  admin = new Client(t.app);
  const res = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(res.statusCode).toBe(200);
  // Three playable tracks (46 s demo songs) and one without audio, which the station never plays.
  const seeded = await seedSmallCatalogue(t.deps, 'Radio', 4);
  trackIds = seeded.trackIds;
  const files = ['bole-nights-01.mp3', 'bole-nights-02.mp3', 'bole-nights-03.mp3'];
  for (const [i, file] of files.entries()) {
    await setTrackAudioFromFile(t.deps, trackIds[i]!, await readFile(join(DEMO_AUDIO, file)));
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

const station = (patch: Partial<SaveRadioStationRequest> = {}): SaveRadioStationRequest => ({
  name: 'Addis FM',
  slug: `addis-${Math.random().toString(36).slice(2, 8)}`,
  description: 'Live from Addis Ababa',
  cover: null,
  streams: [{ url: 'https://stream.example.com/live.mp3', format: 'mp3' }],
  hls_url: null,
  source: { kind: 'none' },
  public: true,
  ...patch,
});

async function create(body: SaveRadioStationRequest) {
  const res = await admin.post('/api/v1/admin/radio/stations', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().station as { id: number; slug: string };
}

describe('stations', () => {
  it('seeds Zema Radio, the built-in station, first in the public list with its own stream', async () => {
    const res = await guest().inject({ url: '/api/v1/radio/stations' }, t.app);
    expect(res.statusCode).toBe(200);
    const [zema] = res.json().stations;
    expect(zema).toMatchObject({
      slug: 'zema',
      name: 'Zema Radio',
      builtin: true,
      has_now_playing: true,
      streams: [{ url: '/api/v1/radio/stations/zema/stream', format: 'mp3' }],
    });
  });

  it('lets a holder of radio.update add, change, order and delete stations, each audited', async () => {
    const created = await create(station({ name: 'Bole FM' }));
    const listed = (await guest().inject({ url: '/api/v1/radio/stations' }, t.app)).json().stations;
    expect(listed.map((s: { slug: string }) => s.slug)).toContain(created.slug);

    const changed = await admin.send(
      'PUT',
      `/api/v1/admin/radio/stations/${created.id}`,
      station({ slug: created.slug, name: 'Bole FM 2' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().station.name).toBe('Bole FM 2');

    const reorder = await admin.post('/api/v1/admin/radio/stations/reorder', { ids: [created.id] });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const first = (await admin.get('/api/v1/admin/radio/stations')).json().stations[0];
    expect(first.id).toBe(created.id);

    expect((await admin.send('DELETE', `/api/v1/admin/radio/stations/${created.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/v1/admin/radio/stations/${created.id}`)).statusCode).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'radio_station'), eq(auditLog.targetId, String(created.id))));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'radio_station.create',
      'radio_station.delete',
      'radio_station.update',
    ]);
  });

  it('refuses a station whose addresses are local or private, on the field', async () => {
    const res = await admin.post(
      '/api/v1/admin/radio/stations',
      station({
        streams: [{ url: 'http://127.0.0.1:8000/live.mp3', format: 'mp3' }],
        source: { kind: 'icecast', base_url: 'http://10.0.0.5:8000', mounts: [] },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['source.base_url', 'streams.0.url']);
    const scheme = await admin.post(
      '/api/v1/admin/radio/stations',
      station({ streams: [{ url: 'ftp://stream.example.com/live.mp3', format: 'mp3' }] }),
    );
    expect(scheme.statusCode).toBe(422);
  });

  it('keeps the built-in station: it cannot be deleted or become another kind, nor can a second one be made', async () => {
    const [zema] = await t.db.select().from(radioStations).where(eq(radioStations.slug, 'zema'));
    expect((await admin.send('DELETE', `/api/v1/admin/radio/stations/${zema!.id}`)).statusCode).toBe(409);
    const other = await admin.send(
      'PUT',
      `/api/v1/admin/radio/stations/${zema!.id}`,
      station({ slug: 'zema' }),
    );
    expect(other.statusCode).toBe(422);
    const second = await admin.post(
      '/api/v1/admin/radio/stations',
      station({ source: { kind: 'builtin', channel_id: null, rule: 'random', bitrate: 32, schedule: [] } }),
    );
    expect(second.statusCode).toBe(422);
  });

  it('hides a hidden station from visitors (404) but not from its managers', async () => {
    const hidden = await create(station({ public: false }));
    expect((await guest().inject({ url: `/api/v1/radio/stations/${hidden.slug}` }, t.app)).statusCode).toBe(
      404,
    );
    expect((await admin.get(`/api/v1/radio/stations/${hidden.slug}`)).statusCode).toBe(200);
    const listed = (await guest().inject({ url: '/api/v1/radio/stations' }, t.app)).json().stations;
    expect(listed.map((s: { slug: string }) => s.slug)).not.toContain(hidden.slug);
  });

  it('is managed only with radio.update', async () => {
    const user = await createUser(t.db);
    const client = await signedInClient(t, user.id);
    expect((await client.get('/api/v1/admin/radio/stations')).statusCode).toBe(403);
    const manager = await createUser(t.db, { permissions: [{ name: ADMIN_PERMISSIONS.radioUpdate }] });
    expect((await (await signedInClient(t, manager.id)).get('/api/v1/admin/radio/stations')).statusCode).toBe(
      200,
    );
  });

  it('answers an unknown station with 404 and a malformed address with 422', async () => {
    expect((await guest().inject({ url: '/api/v1/radio/stations/nowhere' }, t.app)).statusCode).toBe(404);
    expect((await guest().inject({ url: '/api/v1/radio/stations/no%20way' }, t.app)).statusCode).toBe(422);
  });
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
      expect(trackIds.slice(0, 3)).toContain(next.trackId);
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

    const client = await SseClient.connect(`${base}/api/v1/radio/stations/zema/events`);
    open.push(client);
    expect(client.status, client.body).toBe(200);
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect((await client.next())?.retry).toBe(3000);
    const first = await client.next();
    expect(first?.event).toBe('now-playing');
    expect((JSON.parse(first!.data!) as RadioNowPlaying).song?.title).toBe(now.song?.title);
  });

  it('streams live MP3 from its own address, with ICY titles for a player that asks, and caps streams per address', async () => {
    const listen = (headers: Record<string, string> = {}) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpGet(`${base}/api/v1/radio/stations/zema/stream`, { headers }, resolve);
        req.on('error', reject);
      });
    const plain = await listen();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('audio/mpeg');
    expect(plain.headers['icy-metaint']).toBeUndefined();
    const first = await new Promise<Buffer>((resolve) => plain.once('data', resolve));
    // An MPEG audio frame's sync word: the burst starts at a frame boundary.
    expect(first[0]).toBe(0xff);
    expect(first[1]! & 0xe0).toBe(0xe0);

    const icy = await listen({ 'icy-metadata': '1' });
    expect(Number(icy.headers['icy-metaint'])).toBeGreaterThan(0);
    const metaint = Number(icy.headers['icy-metaint']);
    const title = await new Promise<string>((resolve) => {
      let got = Buffer.alloc(0);
      icy.on('data', (chunk: Buffer) => {
        got = Buffer.concat([got, chunk]);
        if (got.length > metaint) {
          const length = got[metaint]! * 16;
          if (got.length >= metaint + 1 + length) {
            icy.destroy();
            resolve(got.subarray(metaint + 1, metaint + 1 + length).toString('utf8'));
          }
        }
      });
    });
    expect(title).toMatch(/^StreamTitle='Radio Artist - Radio Track [123]';/);

    // This file's app allows the default 8 per address: the ninth is refused with 429.
    const more = await Promise.all(Array.from({ length: 7 }, () => listen()));
    const refused = await listen();
    expect(refused.statusCode).toBe(429);
    refused.resume();
    for (const res of [plain, ...more]) res.destroy();
  });

  it('skips to the next song for every listener when an admin asks, and tells the pages', async () => {
    const stationId = await zemaId();
    const client = await SseClient.connect(`${base}/api/v1/radio/stations/zema/events`);
    open.push(client);
    expect((await client.next())?.retry).toBe(3000);
    const before = JSON.parse((await client.next())!.data!) as RadioNowPlaying;
    const res = await admin.post(`/api/v1/admin/radio/stations/${stationId}/skip`);
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
    const outside = await create(station());
    expect((await admin.post(`/api/v1/admin/radio/stations/${outside.id}/skip`)).statusCode).toBe(409);
  });

  it('keeps its event stream open with a heartbeat and resumes after Last-Event-ID without losing a song', async () => {
    const stationId = await zemaId();
    const first = await SseClient.connect(`${base}/api/v1/radio/stations/zema/events`);
    open.push(first);
    expect((await first.next())?.retry).toBe(3000);
    await first.next();
    expect(await first.nextComment()).toBe('ping');
    // A song change while connected: its event carries an id to resume from.
    expect((await admin.post(`/api/v1/admin/radio/stations/${stationId}/skip`)).statusCode).toBe(200);
    let seen = await first.next();
    while (!seen?.id) seen = await first.next();
    first.close();
    // Away, the station moves on; back with the last id, the stream sends what was missed first.
    const missed = (await admin.post(`/api/v1/admin/radio/stations/${stationId}/skip`)).json() as {
      now_playing: RadioNowPlaying;
    };
    await vi.waitFor(async () => {
      const frames = await t.deps.radio.events.since(stationId, Number(seen!.id));
      expect(frames.length).toBeGreaterThan(0);
    });
    const again = await SseClient.connect(`${base}/api/v1/radio/stations/zema/events`, {
      'last-event-id': seen!.id!,
    });
    open.push(again);
    expect((await again.next())?.retry).toBe(3000);
    let resumed = await again.next();
    while (resumed && JSON.parse(resumed.data!).song?.title !== missed.now_playing.song?.title)
      resumed = await again.next();
    expect(Number(resumed?.id)).toBeGreaterThan(Number(seen!.id));
  });

  it('answers a plain fetch of its events with 406 and an outside station has no stream of ours', async () => {
    const plain = await guest().inject({ url: '/api/v1/radio/stations/zema/events' }, t.app);
    expect(plain.statusCode).toBe(406);
    const outside = await create(station());
    expect(
      (await guest().inject({ url: `/api/v1/radio/stations/${outside.slug}/stream` }, t.app)).statusCode,
    ).toBe(404);
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
