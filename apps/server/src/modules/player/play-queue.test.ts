// Both drivers: the queue's track ids are a JSON column and its save an upsert, read back by each database its own way.
// The saved play queue (Subsonic issue: getPlayQueue, savePlayQueue): saved and read through the
// web player's API and through a Subsonic client written by others (`subsonic-api`) against the
// running server, each seeing what the other saved; one queue per account, a cap, bad input
// refused in the SPEC §8 shape, and ids that name no published track (a draft's) never shown.

import type { AddressInfo } from 'node:net';
import { PLAY_QUEUE_MAX_TRACKS } from '@zema/contracts/player/play-queue';
import { inArray } from 'drizzle-orm';
import { SubsonicAPI } from 'subsonic-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { releaseDrafts, trackDrafts } from '#src/modules/backstage/tables';
import { deleteTrack } from '#src/modules/catalogue/index';
import { tracks } from '#src/modules/catalogue/tables';
import { seedSmallCatalogue } from '#test/catalogue';
import { type Client, createUser, guest, request, signedInClient, uniqueSuffix, useApp } from '#test/helpers';

const t = useApp();
const URL = '/api/v1/me/play-queue';

let base = '';
let user: { id: number; email: string };
let web: Client;
let phone: SubsonicAPI;
/** Four tracks with audio (Subsonic lists only those), and one without. */
let ids: number[];
let silent: number;
let artistId: number;

type Queue = {
  tracks: { id: number; name: string }[];
  current_index: number | null;
  position_ms: number;
  changed_at: string | null;
  changed_by: string | null;
};
const queueOf = (res: { statusCode: number; body: string; json(): unknown }): Queue => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { play_queue: Queue }).play_queue;
};
const trackIdsOf = (q: Queue) => q.tracks.map((track) => track.id);
const put = (client: Client, body: unknown) => client.send('PUT', URL, body);

beforeAll(async () => {
  user = await createUser(t.db, {});
  web = await signedInClient(t, user.id);
  const made = await web.post('/api/v1/users/me/app-passwords', { name: 'My phone' });
  expect(made.statusCode, made.body).toBe(200);
  const catalogue = await seedSmallCatalogue(t.deps, `Queue${uniqueSuffix()}`, 5);
  ids = catalogue.trackIds.slice(0, 4);
  silent = catalogue.trackIds[4]!;
  artistId = catalogue.artistId;
  // Audio of their own is not what this file tests: a stored key is enough to count as playable.
  await t.db
    .update(tracks)
    .set({ src: 'tracks/fixture.mp3', format: 'mp3', fileSize: 1000 })
    .where(inArray(tracks.id, ids));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  phone = new SubsonicAPI({ url: base, auth: { username: user.email, password: made.json().password } });
});

describe('the web player’s queue (GET/PUT me/play-queue)', () => {
  it('is empty until saved, then answers what was saved: tracks in order (twice is twice), current entry, position', async () => {
    const fresh = await signedInClient(t, (await createUser(t.db, {})).id);
    expect(queueOf(await fresh.get(URL))).toEqual({
      tracks: [],
      current_index: null,
      position_ms: 0,
      changed_at: null,
      changed_by: null,
    });

    const [a, b] = ids as [number, number];
    const saved = queueOf(
      await put(web, { track_ids: [a, b, a], current_index: 2, position_ms: 12_345, client: 'Zema web' }),
    );
    expect(trackIdsOf(saved)).toEqual([a, b, a]);
    expect(saved.tracks[0]).toMatchObject({ id: a, stream_url: expect.any(String) });
    expect(saved).toMatchObject({ current_index: 2, position_ms: 12_345, changed_by: 'Zema web' });
    expect(Date.parse(saved.changed_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(queueOf(await web.get(URL))).toEqual(saved);
  });

  it('is each user’s own: another user neither sees nor changes it', async () => {
    const [a, b, c] = ids as [number, number, number];
    const mine = queueOf(await put(web, { track_ids: [a, b], current_index: 1, position_ms: 500 }));
    const other = await signedInClient(t, (await createUser(t.db, {})).id);
    expect(queueOf(await other.get(URL)).tracks).toEqual([]);
    expect(
      trackIdsOf(queueOf(await put(other, { track_ids: [c], current_index: 0, position_ms: 0 }))),
    ).toEqual([c]);
    expect(queueOf(await web.get(URL))).toEqual(mine);
  });

  it('needs a signed-in user with music.view: a visitor reads an empty queue and may not save one', async () => {
    const visitor = queueOf(await request(t.app, guest(), { method: 'GET', url: URL }));
    expect(visitor.tracks).toEqual([]);
    const refused = await request(t.app, guest(), {
      method: 'PUT',
      url: URL,
      payload: { track_ids: [ids[0]], current_index: 0, position_ms: 0 },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Unauthenticated.' });
    const noRoles = await signedInClient(t, (await createUser(t.db, { roles: [] })).id);
    expect((await noRoles.get(URL)).statusCode).toBe(403);
    expect((await put(noRoles, { track_ids: [], current_index: null })).statusCode).toBe(403);
  });

  it('refuses bad input with 422 and field errors, never a 500; the cap is PLAY_QUEUE_MAX_TRACKS', async () => {
    const before = queueOf(await web.get(URL));
    const full = Array.from({ length: PLAY_QUEUE_MAX_TRACKS }, (_, i) => ids[i % ids.length]!);
    const cases: [unknown, string][] = [
      [{ track_ids: [...full, ids[0]], current_index: 0, position_ms: 0 }, 'track_ids'],
      [{ track_ids: [ids[0]], current_index: 1, position_ms: 0 }, 'current_index'],
      [{ track_ids: [], current_index: 0, position_ms: 0 }, 'current_index'],
      [{ track_ids: [ids[0]], current_index: -1, position_ms: 0 }, 'current_index'],
      [{ track_ids: [ids[0]], current_index: 0.5, position_ms: 0 }, 'current_index'],
      [{ track_ids: [ids[0]], current_index: 0, position_ms: -1 }, 'position_ms'],
      [{ track_ids: [ids[0]], current_index: 0, position_ms: 2 ** 31 }, 'position_ms'],
      [{ track_ids: ['1'], current_index: 0, position_ms: 0 }, 'track_ids.0'],
      [{ track_ids: [0], current_index: 0, position_ms: 0 }, 'track_ids.0'],
      [{ track_ids: [2 ** 31], current_index: 0, position_ms: 0 }, 'track_ids.0'],
      [{ track_ids: 'all', current_index: 0, position_ms: 0 }, 'track_ids'],
      [{ track_ids: [ids[0]], current_index: 0, client: 'x'.repeat(101) }, 'client'],
      [{}, 'track_ids'],
    ];
    for (const [body, field] of cases) {
      const res = await put(web, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(422);
      const answer = res.json() as { message: string; errors: Record<string, string[]> };
      expect(answer.message).toEqual(expect.any(String));
      expect(Object.keys(answer.errors), JSON.stringify(answer.errors)).toContain(field);
    }
    // A body that is not JSON at all is the app's one 400 (http/error-handler.ts).
    const notJson = await web.send('PUT', URL, '{not json', { 'content-type': 'application/json' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: 'The request body is not valid JSON.' });
    // Refused saves change nothing; the cap itself is accepted.
    expect(queueOf(await web.get(URL))).toEqual(before);
    const capped = queueOf(await put(web, { track_ids: full, current_index: 999, position_ms: 1 }));
    expect(capped.tracks).toHaveLength(PLAY_QUEUE_MAX_TRACKS);
    expect(capped.current_index).toBe(999);
  });

  it('leaves out ids that name no published track — a draft’s, a missing one — and says what it kept', async () => {
    const [a, b] = ids as [number, number];
    const [release] = await t.db
      .insert(releaseDrafts)
      .values({ userId: user.id, artistId, name: 'Unreleased' })
      .returning({ id: releaseDrafts.id });
    // A draft's id that is surely no track's: only the backstage may know it.
    const draftId = 2_000_000_000;
    await t.db.insert(trackDrafts).values({ id: draftId, releaseId: release!.id, name: 'Secret demo' });

    const saved = await put(web, {
      track_ids: [a, draftId, 1_999_999_999, b],
      current_index: 1,
      position_ms: 40_000,
    });
    expect(saved.body).not.toContain('Secret demo');
    const queue = queueOf(saved);
    expect(trackIdsOf(queue)).toEqual([a, b]);
    // The current entry was the draft: the next one kept is current, from its start.
    expect(queue).toMatchObject({ current_index: 1, position_ms: 0 });
    expect(queueOf(await web.get(URL))).toEqual(queue);
    const onPhone = await phone.getPlayQueue();
    expect(onPhone.playQueue?.entry?.map((s) => s.id)).toEqual([`tr-${a}`, `tr-${b}`]);
    expect(JSON.stringify(onPhone)).not.toContain('Secret demo');
  });

  it('drops a track deleted since the save when it is read', async () => {
    const [a] = ids as [number];
    queueOf(await put(web, { track_ids: [a, silent, a], current_index: 2, position_ms: 9000 }));
    // Kept while it exists: the web player lists a track without audio and skips it.
    expect(trackIdsOf(queueOf(await web.get(URL)))).toEqual([a, silent, a]);
    await deleteTrack(t.deps, silent);
    const read = queueOf(await web.get(URL));
    expect(trackIdsOf(read)).toEqual([a, a]);
    expect(read).toMatchObject({ current_index: 1, position_ms: 9000 });
  });
});

describe('the same queue in a Subsonic app (getPlayQueue, savePlayQueue)', () => {
  it('reads what the web player saved', async () => {
    const [a, b, c] = ids as [number, number, number];
    const saved = queueOf(await put(web, { track_ids: [c, a, b], current_index: 1, position_ms: 61_000 }));
    const res = await phone.getPlayQueue();
    expect(res.status).toBe('ok');
    expect(res.playQueue).toMatchObject({
      current: `tr-${a}`,
      position: 61_000,
      username: user.email,
      changedBy: 'Zema web',
    });
    expect(new Date(res.playQueue!.changed).toISOString()).toBe(saved.changed_at);
    expect(res.playQueue!.entry!.map((s) => s.id)).toEqual([`tr-${c}`, `tr-${a}`, `tr-${b}`]);
    expect(res.playQueue!.entry![0]).toMatchObject({ title: saved.tracks[0]!.name, isDir: false });
  });

  it('saves what the web player then reads, under the app’s name; no ids clears it', async () => {
    const [a, b, c, d] = ids as [number, number, number, number];
    const ok = await phone.savePlayQueue({
      id: [`tr-${d}`, `tr-${b}`, String(c)],
      current: `tr-${b}`,
      position: 4_321,
    });
    expect(ok.status).toBe('ok');
    const read = queueOf(await web.get(URL));
    expect(trackIdsOf(read)).toEqual([d, b, c]);
    expect(read).toMatchObject({ current_index: 1, position_ms: 4_321, changed_by: 'subsonic-api' });

    expect((await phone.savePlayQueue({ position: 0 })).status).toBe('ok');
    const cleared = queueOf(await web.get(URL));
    expect(cleared).toMatchObject({ tracks: [], current_index: null, changed_by: 'subsonic-api' });
    expect((await phone.getPlayQueue()).playQueue).toMatchObject({ username: user.email, entry: [] });
    // And the web player fills it again.
    queueOf(await put(web, { track_ids: [a], current_index: 0, position_ms: 0 }));
    expect((await phone.getPlayQueue()).playQueue?.entry?.map((s) => s.id)).toEqual([`tr-${a}`]);
  });

  it('refuses an id that is not a song and a current one that is not queued, leaving the queue as it was', async () => {
    const [a, b] = ids as [number, number];
    const before = queueOf(await web.get(URL));
    const notSong = await phone.savePlayQueue({ id: [`tr-${a}`, `al-${a}`], position: 0 });
    expect(notSong).toMatchObject({ status: 'failed', error: { code: 70 } });
    const notQueued = await phone.savePlayQueue({ id: [`tr-${a}`], current: `tr-${b}`, position: 0 });
    expect(notQueued).toMatchObject({ status: 'failed', error: { code: 0 } });
    const badPosition = await phone.savePlayQueue({ id: [`tr-${a}`], current: `tr-${a}`, position: -5 });
    expect(badPosition).toMatchObject({ status: 'failed', error: { code: 0 } });
    expect(queueOf(await web.get(URL))).toEqual(before);
  });

  it('keeps the current song and what follows when an app sends more than the cap', async () => {
    const [a, b] = ids as [number, number];
    const long = [...Array.from({ length: PLAY_QUEUE_MAX_TRACKS + 4 }, () => `tr-${a}`), `tr-${b}`];
    // A form body: over a thousand ids do not fit in a URL.
    const app = new SubsonicAPI({
      url: base,
      auth: { username: user.email, password: await appPassword() },
      post: true,
    });
    expect((await app.savePlayQueue({ id: long, current: `tr-${b}`, position: 7 })).status).toBe('ok');
    const read = queueOf(await web.get(URL));
    expect(read.tracks).toHaveLength(PLAY_QUEUE_MAX_TRACKS);
    expect(read.tracks.at(-1)!.id).toBe(b);
    expect(read).toMatchObject({ current_index: PLAY_QUEUE_MAX_TRACKS - 1, position_ms: 7 });
  });
});

async function appPassword() {
  const made = await web.post('/api/v1/users/me/app-passwords', { name: `Desktop ${uniqueSuffix()}` });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().password as string;
}
