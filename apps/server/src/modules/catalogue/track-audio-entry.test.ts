import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tracks } from '#src/modules/catalogue/tables';
import { fileEntries } from '#src/modules/uploads/tables';
import { generateStorageKey } from '#src/platform/storage';
import { makeWav } from '#test/catalogue';
import { adminUserId, type Client, createUser, request, sessionFor, useApp } from '#test/helpers';
import { multipartBody } from '#test/multipart';

/**
 * POST tracks/:id/audio {file_entry_id}: the admin track page's audio comes through the upload
 * queue (tus for a big master), then the track takes the entry: only the caller's own, only audio
 * by its bytes, analysed like a backstage upload (duration, waveform, loudness, checksum).
 */
const t = useApp();
let adminId: number;
let admin: Client;
let otherId: number;
let other: Client;

const api = (actor: Client, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  request(t.app, actor, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** A stored upload of `ownerId`, as the upload routes (plain, tus, direct) leave it. */
async function storedEntry(ownerId: number, data: Buffer, name = 'master.wav') {
  const ext = name.split('.').pop()!;
  const key = generateStorageKey('private/uploads', ext);
  await t.app.deps.storage.put(key, data, 'application/octet-stream');
  const [row] = await t.db
    .insert(fileEntries)
    .values({ name, fileName: key.split('/').pop()!, size: data.length, extension: ext, path: key, ownerId })
    .returning({ id: fileEntries.id, path: fileEntries.path });
  return row!;
}

async function newTrack(name: string) {
  const artist = await api(admin, 'POST', '/artists', { name: `Queue ${name} artist` });
  expect(artist.statusCode, artist.body).toBe(200);
  const res = await api(admin, 'POST', '/tracks', { name, artist_ids: [artist.json().artist.id] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().track.id as number;
}

const row = async (id: number) => (await t.db.select().from(tracks).where(eq(tracks.id, id)))[0]!;
const entryRow = async (id: number) =>
  (await t.db.select().from(fileEntries).where(eq(fileEntries.id, id)))[0];

beforeAll(async () => {
  adminId = await adminUserId(t.db);
  admin = await sessionFor(t.db, adminId);
  otherId = (await createUser(t.db, { roles: ['users'] })).id;
  other = await sessionFor(t.db, otherId);
});

describe('POST tracks/:id/audio {file_entry_id}', () => {
  it('gives the track the audio of a plain upload: duration, waveform, loudness and checksum, the entry taken over', async () => {
    const id = await newTrack('Queue Plain');
    const wav = makeWav(2);
    const body = multipartBody([
      { name: 'file', filename: 'master.wav', contentType: 'audio/wav', data: wav },
    ]);
    const uploaded = await request(t.app, admin, {
      method: 'POST',
      url: '/api/v1/file-entries',
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const entry = uploaded.json().fileEntry as { id: number };
    const entryPath = (await entryRow(entry.id))!.path;

    const res = await api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: entry.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().track).toMatchObject({ id, duration_ms: 2000, format: 'wav' });
    expect(res.json().track.stream_url).toBeTruthy();

    const stored = await row(id);
    expect(stored).toMatchObject({ src: entryPath, format: 'wav', fileSize: wav.length, durationMs: 2000 });
    expect(stored.waveform).toHaveLength(800);
    expect(stored.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.loudnessLufs).not.toBeNull();
    // The bytes are the track's now: the entry row is gone, the file stays and streams.
    expect(await entryRow(entry.id)).toBeUndefined();
    expect(await t.app.deps.storage.stat(entryPath)).not.toBeNull();
    const stream = await request(t.app, admin, { method: 'GET', url: res.json().track.stream_url });
    expect(stream.statusCode).toBe(200);
  });

  it("refuses another user's upload, leaving the track and the entry as they were", async () => {
    const id = await newTrack('Queue Not Yours');
    const theirs = await storedEntry(otherId, makeWav(1));
    const res = await api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: theirs.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file_entry_id: ['This upload is not yours.'] });
    expect((await row(id)).src).toBeNull();
    expect(await entryRow(theirs.id)).toBeDefined();
  });

  it('refuses an upload that is not audio by its bytes (whatever its name), and one in the trash', async () => {
    const id = await newTrack('Queue Not Audio');
    const text = await storedEntry(adminId, Buffer.from('just some words\n'.repeat(100)), 'song.mp3');
    const res = await api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: text.id });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['file_entry_id']);
    expect(res.json().errors.file_entry_id[0]).toMatch(/not audio/);
    expect((await row(id)).src).toBeNull();
    expect(await entryRow(text.id)).toBeDefined();

    const trashed = await storedEntry(adminId, makeWav(1));
    await t.db.update(fileEntries).set({ deletedAt: new Date() }).where(eq(fileEntries.id, trashed.id));
    const gone = await api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: trashed.id });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors).toEqual({ file_entry_id: ['This upload is not yours.'] });
  });

  it('replaces the previous audio, removing its file', async () => {
    const id = await newTrack('Queue Replace');
    const first = await storedEntry(adminId, makeWav(1));
    expect((await api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: first.id })).statusCode).toBe(
      200,
    );
    const second = await storedEntry(adminId, makeWav(3));
    const res = await api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: second.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().track.duration_ms).toBe(3000);
    expect((await row(id)).src).toBe(second.path);
    expect(await t.app.deps.storage.stat(first.path)).toBeNull();
  });

  it('is for catalogue editors only, answers 404 for a missing track and 422 for a bad body', async () => {
    const id = await newTrack('Queue Access');
    const own = await storedEntry(otherId, makeWav(1));
    const refused = await api(other, 'POST', `/tracks/${id}/audio`, { file_entry_id: own.id });
    expect(refused.statusCode).toBe(403);
    expect(await entryRow(own.id)).toBeDefined();

    const mine = await storedEntry(adminId, makeWav(1));
    expect((await api(admin, 'POST', '/tracks/999999/audio', { file_entry_id: mine.id })).statusCode).toBe(
      404,
    );
    expect(await entryRow(mine.id)).toBeDefined();

    const bad = await api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['file_entry_id']);
  });

  it('still takes a multipart file (curl)', async () => {
    const id = await newTrack('Queue Multipart');
    const body = multipartBody([
      { name: 'file', filename: 'a.wav', contentType: 'audio/wav', data: makeWav(1) },
    ]);
    const res = await request(t.app, admin, {
      method: 'POST',
      url: `/api/v1/tracks/${id}/audio`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().track.duration_ms).toBe(1000);
  });

  it('a multipart file replacing analysed audio drops the old analysis rather than keep it', async () => {
    const id = await newTrack('Queue Then Multipart');
    const first = await storedEntry(adminId, makeWav(2));
    expect((await api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: first.id })).statusCode).toBe(
      200,
    );
    expect((await row(id)).waveform).not.toBeNull();
    const body = multipartBody([
      { name: 'file', filename: 'b.wav', contentType: 'audio/wav', data: makeWav(1) },
    ]);
    const res = await request(t.app, admin, {
      method: 'POST',
      url: `/api/v1/tracks/${id}/audio`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(id)).toMatchObject({
      durationMs: 1000,
      waveform: null,
      loudnessLufs: null,
      checksum: null,
    });
  });
});
