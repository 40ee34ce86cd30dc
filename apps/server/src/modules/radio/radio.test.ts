// Radio stations (public and admin) and the built-in station's stream. Its schedule, now-playing
// events and the watchers across two instances are in radio.drivers.test.ts.

import { get as httpGet, type IncomingMessage } from 'node:http';
import { ADMIN_PERMISSIONS, type SaveRadioStationRequest } from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#src/modules/audit/tables';
import { createUser, guest, signedInClient } from '#test/helpers';
import { useRadioApp } from '#test/radio';
import { radioStations } from './radio.tables';

const { t, admin, base } = useRadioApp();

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
  const res = await admin().post('/api/v1/admin/radio/stations', body);
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

    const changed = await admin().send(
      'PUT',
      `/api/v1/admin/radio/stations/${created.id}`,
      station({ slug: created.slug, name: 'Bole FM 2' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().station.name).toBe('Bole FM 2');

    const reorder = await admin().post('/api/v1/admin/radio/stations/reorder', { ids: [created.id] });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const first = (await admin().get('/api/v1/admin/radio/stations')).json().stations[0];
    expect(first.id).toBe(created.id);

    expect((await admin().send('DELETE', `/api/v1/admin/radio/stations/${created.id}`)).statusCode).toBe(200);
    expect((await admin().get(`/api/v1/admin/radio/stations/${created.id}`)).statusCode).toBe(404);
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
    const res = await admin().post(
      '/api/v1/admin/radio/stations',
      station({
        streams: [{ url: 'http://127.0.0.1:8000/live.mp3', format: 'mp3' }],
        source: { kind: 'icecast', base_url: 'http://10.0.0.5:8000', mounts: [] },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['source.base_url', 'streams.0.url']);
    const scheme = await admin().post(
      '/api/v1/admin/radio/stations',
      station({ streams: [{ url: 'ftp://stream.example.com/live.mp3', format: 'mp3' }] }),
    );
    expect(scheme.statusCode).toBe(422);
  });

  it('keeps the built-in station: it cannot be deleted or become another kind, nor can a second one be made', async () => {
    const [zema] = await t.db.select().from(radioStations).where(eq(radioStations.slug, 'zema'));
    expect((await admin().send('DELETE', `/api/v1/admin/radio/stations/${zema!.id}`)).statusCode).toBe(409);
    const other = await admin().send(
      'PUT',
      `/api/v1/admin/radio/stations/${zema!.id}`,
      station({ slug: 'zema' }),
    );
    expect(other.statusCode).toBe(422);
    const second = await admin().post(
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
    expect((await admin().get(`/api/v1/radio/stations/${hidden.slug}`)).statusCode).toBe(200);
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
  it('streams live MP3 from its own address, with ICY titles for a player that asks, and caps streams per address', async () => {
    const listen = (headers: Record<string, string> = {}) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const req = httpGet(`${base()}/api/v1/radio/stations/zema/stream`, { headers }, resolve);
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

  it('answers a plain fetch of its events with 406 and an outside station has no stream of ours', async () => {
    const plain = await guest().inject({ url: '/api/v1/radio/stations/zema/events' }, t.app);
    expect(plain.statusCode).toBe(406);
    const outside = await create(station());
    expect(
      (await guest().inject({ url: `/api/v1/radio/stations/${outside.slug}/stream` }, t.app)).statusCode,
    ).toBe(404);
  });
});
