// Both drivers: the analysis is a job — on BullMQ with Redis in the production leg — sent by the request, and sent again at start.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueModule } from '#src/modules/catalogue/index';
import { tracks } from '#src/modules/catalogue/tables';
import { createEngine } from '#src/modules/jobs/index';
import { fileEntries } from '#src/modules/uploads/tables';
import type { Deps } from '#src/platform/deps';
import { generateStorageKey } from '#src/platform/storage';
import { makeWav } from '#test/catalogue';
import {
  adminUserId,
  type Client,
  createUser,
  guest,
  request,
  sessionFor,
  uniqueSuffix,
  useApp,
} from '#test/helpers';
import { multipartBody } from '#test/multipart';

/**
 * POST tracks/:id/audio {file_entry_id}: the admin track page's audio comes through the upload
 * queue (tus for a big master), then the track takes the entry: only the caller's own, checked and
 * taken at once; the analysis (duration, waveform, loudness, checksum, audio by its bytes) runs as
 * a `track-audio` job while the track says `processing` and plays its previous audio.
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

type Sent = Parameters<Deps['jobs']['send']>;

/**
 * Runs `act` with the job queue keeping the track analyses sent to it (as a process stopped
 * before running them would lose them): nothing is analysed meanwhile; other queues' jobs (a
 * catalogue change's) go on. Returns what was kept.
 */
async function holdingJobs(act: () => Promise<void>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const send = t.deps.jobs.send;
  const spy = vi.spyOn(t.deps.jobs, 'send').mockImplementation(async (...args: Sent) => {
    if (args[0] !== 'track-audio') return send(...args);
    sent.push(args);
  });
  try {
    await act();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

/** Sends what was held, and waits until every job has run. */
async function release(sent: Sent[]) {
  for (const args of sent) await t.deps.jobs.send(...args);
  await t.deps.jobs.flush();
}

const give = (id: number, entryId: number) =>
  api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: entryId });

/** Gives the entry and waits for its analysis. */
async function giveAndWait(id: number, entryId: number) {
  const res = await give(id, entryId);
  expect(res.statusCode, res.body).toBe(200);
  await t.deps.jobs.flush();
  return res;
}

const trackAnswer = async (id: number) => {
  const res = await api(admin, 'GET', `/tracks/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().track;
};

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
  it('answers at once with the track processing; the job gives it duration, waveform, loudness and checksum, the entry taken over', async () => {
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

    let res!: Awaited<ReturnType<typeof give>>;
    const sent = await holdingJobs(async () => {
      res = await give(id, entry.id);
    });
    expect(res.statusCode, res.body).toBe(200);
    // Nothing analysed in the request: no duration yet, nothing to play.
    expect(res.json().track).toMatchObject({
      id,
      duration_ms: 0,
      stream_url: null,
      audio_status: 'processing',
      audio_error: null,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe('track-audio');
    expect(await row(id)).toMatchObject({ src: null, pendingSrc: entryPath, audioStatus: 'processing' });
    // Taken at once: the entry row is gone, so it cannot be given twice.
    expect(await entryRow(entry.id)).toBeUndefined();
    expect((await give(id, entry.id)).statusCode).toBe(422);

    await release(sent);
    const stored = await row(id);
    expect(stored).toMatchObject({
      src: entryPath,
      pendingSrc: null,
      audioStatus: 'ready',
      format: 'wav',
      fileSize: wav.length,
      durationMs: 2000,
    });
    expect(stored.waveform).toHaveLength(800);
    expect(stored.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.loudnessLufs).not.toBeNull();
    const track = await trackAnswer(id);
    expect(track).toMatchObject({
      duration_ms: 2000,
      format: 'wav',
      audio_status: 'ready',
      audio_error: null,
    });
    // The bytes are the track's now: the file stays and streams.
    expect(await t.app.deps.storage.stat(entryPath)).not.toBeNull();
    const stream = await request(t.app, admin, { method: 'GET', url: track.stream_url });
    expect(stream.statusCode).toBe(200);
  });

  it("refuses another user's upload at once, leaving the track and the entry as they were", async () => {
    const id = await newTrack('Queue Not Yours');
    const theirs = await storedEntry(otherId, makeWav(1));
    let res!: Awaited<ReturnType<typeof give>>;
    const sent = await holdingJobs(async () => {
      res = await give(id, theirs.id);
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file_entry_id: ['This upload is not yours.'] });
    expect(sent).toEqual([]);
    expect(await row(id)).toMatchObject({ src: null, pendingSrc: null, audioStatus: 'ready' });
    expect(await entryRow(theirs.id)).toBeDefined();
  });

  it('ends failed with the reason for a file that is not audio by its bytes; the track keeps playing its old audio', async () => {
    const id = await newTrack('Queue Not Audio');
    const first = await storedEntry(adminId, makeWav(2));
    await giveAndWait(id, first.id);
    const before = await trackAnswer(id);
    expect(before).toMatchObject({ duration_ms: 2000, audio_status: 'ready' });

    const text = await storedEntry(adminId, Buffer.from('just some words\n'.repeat(100)), 'song.mp3');
    const res = await give(id, text.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().track).toMatchObject({ audio_status: 'processing', stream_url: before.stream_url });
    await t.deps.jobs.flush();

    const after = await trackAnswer(id);
    expect(after).toMatchObject({
      audio_status: 'failed',
      duration_ms: 2000,
      format: 'wav',
      stream_url: before.stream_url,
    });
    expect(after.audio_error).toMatch(/audio/);
    // Only those who may edit the track follow its uploads: a listener or a visitor sees neither field.
    for (const caller of [other, guest()]) {
      const seen = await api(caller, 'GET', `/tracks/${id}`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().track).toMatchObject({ id, stream_url: before.stream_url });
      expect(seen.json().track).not.toHaveProperty('audio_status');
      expect(seen.json().track).not.toHaveProperty('audio_error');
    }
    expect(await row(id)).toMatchObject({ src: first.path, pendingSrc: null, durationMs: 2000 });
    expect((await request(t.app, admin, { method: 'GET', url: after.stream_url })).statusCode).toBe(200);
    // The refused bytes belong to nobody any more: they go.
    expect(await t.app.deps.storage.stat(text.path)).toBeNull();

    // The next good file clears the failure.
    const next = await storedEntry(adminId, makeWav(1));
    await giveAndWait(id, next.id);
    expect(await trackAnswer(id)).toMatchObject({
      audio_status: 'ready',
      audio_error: null,
      duration_ms: 1000,
    });
  });

  it('ends failed with a plain reason when every try fails otherwise (storage); the track keeps playing its old audio', async () => {
    const id = await newTrack('Queue Storage Down');
    const first = await storedEntry(adminId, makeWav(1));
    await giveAndWait(id, first.id);
    const before = await trackAnswer(id);
    const next = await storedEntry(adminId, makeWav(2));
    const [sent] = await holdingJobs(async () => {
      expect((await give(id, next.id)).statusCode).toBe(200);
    });
    // The module's queue on an engine of the app's kind, a millisecond between its tries; the
    // storage fails every read of the new file.
    const engine = createEngine({
      ...t.deps,
      busNamespace: `ta${uniqueSuffix().replace(/\W/g, '').slice(-10)}-`,
    });
    const queue = catalogueModule.queues!(t.deps).find((q) => q.name === 'track-audio')!;
    const storage = t.app.deps.storage;
    const local = storage.localPath
      ? vi.spyOn(storage as Required<typeof storage>, 'localPath').mockReturnValue(null)
      : null;
    const read = vi
      .spyOn(storage, 'get')
      .mockRejectedValue(new Error(`EIO: i/o error, open '/srv/zema/storage/${next.path}'`));
    try {
      await engine.start([{ ...queue, concurrency: 1, attempts: queue.attempts!, backoffMs: 1 }]);
      await engine.send(...sent!);
      while (!(await engine.failed('track-audio', 1))?.length) await new Promise((r) => setTimeout(r, 10));
      expect((await engine.failed('track-audio', 1))![0]).toMatchObject({ attempts: queue.attempts });
      expect(read).toHaveBeenCalledTimes(queue.attempts!);
    } finally {
      read.mockRestore();
      local?.mockRestore();
      await engine.stop();
    }
    const after = await trackAnswer(id);
    expect(after).toMatchObject({
      audio_status: 'failed',
      audio_error: 'This file could not be read.',
      duration_ms: 1000,
      stream_url: before.stream_url,
    });
    expect(await row(id)).toMatchObject({ src: first.path, pendingSrc: null });
    expect((await request(t.app, admin, { method: 'GET', url: after.stream_url })).statusCode).toBe(200);
    expect(await t.app.deps.storage.stat(next.path)).toBeNull();
  });

  it('refuses an upload in the trash at once', async () => {
    const id = await newTrack('Queue Trashed');
    const trashed = await storedEntry(adminId, makeWav(1));
    await t.db.update(fileEntries).set({ deletedAt: new Date() }).where(eq(fileEntries.id, trashed.id));
    const gone = await give(id, trashed.id);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors).toEqual({ file_entry_id: ['This upload is not yours.'] });
    expect((await row(id)).audioStatus).toBe('ready');
  });

  it('plays the previous audio until the new one is analysed, then removes the old file', async () => {
    const id = await newTrack('Queue Replace');
    const first = await storedEntry(adminId, makeWav(1));
    await giveAndWait(id, first.id);
    const played = await trackAnswer(id);
    const second = await storedEntry(adminId, makeWav(3));
    const sent = await holdingJobs(async () => {
      const res = await give(id, second.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().track).toMatchObject({ audio_status: 'processing', duration_ms: 1000 });
    });
    // Not analysed yet: the old audio still streams, the new file is never served.
    expect(await row(id)).toMatchObject({ src: first.path, pendingSrc: second.path });
    const stream = await request(t.app, admin, { method: 'GET', url: played.stream_url });
    expect(stream.statusCode).toBe(200);
    expect(stream.rawPayload.length).toBe(makeWav(1).length);

    await release(sent);
    expect(await trackAnswer(id)).toMatchObject({ audio_status: 'ready', duration_ms: 3000 });
    expect((await row(id)).src).toBe(second.path);
    expect(await t.app.deps.storage.stat(first.path)).toBeNull();
  });

  it('a newer file overtakes one still waiting: only the newer is kept', async () => {
    const id = await newTrack('Queue Overtaken');
    const a = await storedEntry(adminId, makeWav(1));
    const b = await storedEntry(adminId, makeWav(2));
    const sent = await holdingJobs(async () => {
      expect((await give(id, a.id)).statusCode).toBe(200);
      expect((await give(id, b.id)).statusCode).toBe(200);
    });
    expect(sent).toHaveLength(2);
    expect(await t.app.deps.storage.stat(a.path)).toBeNull();
    // Both jobs run: the first finds its file overtaken and does nothing.
    await release(sent);
    expect(await row(id)).toMatchObject({
      src: b.path,
      pendingSrc: null,
      audioStatus: 'ready',
      durationMs: 2000,
    });
  });

  it('an analysis lost with its process is sent again at start, once per file', async () => {
    const id = await newTrack('Queue Resumed');
    const entry = await storedEntry(adminId, makeWav(2));
    const lost = await holdingJobs(async () => {
      expect((await give(id, entry.id)).statusCode).toBe(200);
    });
    expect(lost).toHaveLength(1);
    expect((await row(id)).audioStatus).toBe('processing');

    // What the server runs at start (schedules on): every track still waiting for its file.
    const resent = await holdingJobs(async () => {
      await catalogueModule.resume!(t.deps);
    });
    expect(resent).toContainEqual(lost[0]);
    // Twice (two instances starting together): the key keeps it to one analysis.
    await catalogueModule.resume!(t.deps);
    await catalogueModule.resume!(t.deps);
    await t.deps.jobs.flush();
    expect(await row(id)).toMatchObject({
      src: entry.path,
      pendingSrc: null,
      audioStatus: 'ready',
      durationMs: 2000,
    });
  });

  it('deleting a track whose file waits removes that file too', async () => {
    const id = await newTrack('Queue Deleted');
    const entry = await storedEntry(adminId, makeWav(1));
    const sent = await holdingJobs(async () => {
      expect((await give(id, entry.id)).statusCode).toBe(200);
    });
    const del = await request(t.app, admin, { method: 'DELETE', url: `/api/v1/tracks/${id}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.app.deps.storage.stat(entry.path)).toBeNull();
    // Its job then finds no track and ends quietly.
    await release(sent);
  });

  it('is for catalogue editors only, answers 404 for a missing track and 422 for a bad body', async () => {
    const id = await newTrack('Queue Access');
    const own = await storedEntry(otherId, makeWav(1));
    const refused = await api(other, 'POST', `/tracks/${id}/audio`, { file_entry_id: own.id });
    expect(refused.statusCode).toBe(403);
    expect(await entryRow(own.id)).toBeDefined();

    const mine = await storedEntry(adminId, makeWav(1));
    expect((await give(999999, mine.id)).statusCode).toBe(404);
    expect(await entryRow(mine.id)).toBeDefined();

    const bad = await api(admin, 'POST', `/tracks/${id}/audio`, { file_entry_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['file_entry_id']);
  });

  it('still takes a multipart file (curl), checked in the request and ready at once', async () => {
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
    expect(res.json().track).toMatchObject({ duration_ms: 1000, audio_status: 'ready' });
  });

  it('a multipart file overtakes a file still waiting, and drops the old analysis rather than keep it', async () => {
    const id = await newTrack('Queue Then Multipart');
    const first = await storedEntry(adminId, makeWav(2));
    await giveAndWait(id, first.id);
    expect((await row(id)).waveform).not.toBeNull();
    const waiting = await storedEntry(adminId, makeWav(3));
    const sent = await holdingJobs(async () => {
      expect((await give(id, waiting.id)).statusCode).toBe(200);
    });
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
    await release(sent);
    expect(await row(id)).toMatchObject({
      durationMs: 1000,
      pendingSrc: null,
      audioStatus: 'ready',
      waveform: null,
      loudnessLufs: null,
      checksum: null,
    });
    expect(await t.app.deps.storage.stat(waiting.path)).toBeNull();
    expect(await t.app.deps.storage.stat(first.path)).toBeNull();
  });
});
