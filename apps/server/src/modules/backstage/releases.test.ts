// Both drivers: release progress pushed over live events (the Redis bus on PostgreSQL).
import { readFile } from 'node:fs/promises';
import { RELEASE_MESSAGES } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { trackDrafts, userArtists } from '#src/modules/backstage/tables';
import { albumArtist, albums, artists, trackArtist, tracks } from '#src/modules/catalogue/tables';
import { follows } from '#src/modules/library/tables';
import { notifications } from '#src/modules/notifications/tables';
import { fileEntries } from '#src/modules/uploads/tables';
import { workspaceArtists, workspaceMembers, workspaces } from '#src/modules/workspaces/tables';
import type { LiveFrame } from '#src/platform/live-events';
import { generateStorageKey } from '#src/platform/storage';
import { audioFixtureDir, ffmpeg } from '#test/audio-fixtures';
import { makeWav } from '#test/catalogue';
import { type Client, createUser, request, sessionFor, useApp } from '#test/helpers';
import { publishDueReleases } from './releases.service';

const t = useApp();

let owner: Client;
let ownerId: number;
let other: Client;
let otherId: number;
let unlinked: Client;
let artistA: number;
let artistB: number;

const api = (actor: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  request(t.app, actor, {
    method,
    url: `/api/v1/backstage${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** A stored WAV upload of `userId`, as the upload routes leave it. */
async function upload(userId: number, name: string, seconds = 1) {
  const key = generateStorageKey('uploads', 'wav');
  await t.app.deps.storage.put(key, makeWav(seconds), 'audio/wav');
  const [row] = await t.db
    .insert(fileEntries)
    .values({
      name,
      fileName: key.split('/').pop()!,
      mime: 'audio/wav',
      size: 44 + seconds * 8000,
      extension: 'wav',
      path: key,
      ownerId: userId,
    })
    .returning({ id: fileEntries.id });
  return row!.id;
}

async function newRelease(actor: Client, body: object) {
  const res = await api(actor, 'POST', '/releases', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().release as { id: number };
}

async function addTrack(actor: Client, releaseId: number, entryId: number) {
  const res = await api(actor, 'POST', `/releases/${releaseId}/tracks`, { file_entry_id: entryId });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.deps.background.flush();
  await t.app.deps.jobs.flush();
  return (await api(actor, 'GET', `/releases/${releaseId}`)).json().release;
}

beforeAll(async () => {
  const [a, b] = await t.db
    .insert(artists)
    .values([{ name: 'Backstage Alpha' }, { name: 'Backstage Beta' }])
    .returning({ id: artists.id });
  artistA = a!.id;
  artistB = b!.id;
  ownerId = (await createUser(t.db, { roles: ['users', 'artists'] })).id;
  otherId = (await createUser(t.db, { roles: ['users', 'artists'] })).id;
  await t.db.insert(userArtists).values([
    { userId: ownerId, artistId: artistA, role: 'artist' },
    { userId: otherId, artistId: artistB, role: 'manager' },
  ]);
  owner = await sessionFor(t.db, ownerId);
  other = await sessionFor(t.db, otherId);
  unlinked = await sessionFor(t.db, (await createUser(t.db, { roles: ['users'] })).id);
});

describe('backstage releases', () => {
  it('only lets a user start releases for artists they manage', async () => {
    expect((await api(unlinked, 'GET', '/releases')).statusCode).toBe(403);
    const res = await api(other, 'POST', '/releases', { artist_id: artistA });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.artist_id).toEqual([RELEASE_MESSAGES.notYourArtist]);
  });

  it("hides a release from another artist's manager and refuses their writes", async () => {
    const { id } = await newRelease(owner, { artist_id: artistA, name: 'Private draft' });
    for (const [method, url, body] of [
      ['GET', `/releases/${id}`, undefined],
      ['PUT', `/releases/${id}`, { name: 'Hijacked' }],
      ['DELETE', `/releases/${id}`, undefined],
      ['POST', `/releases/${id}/publish`, {}],
    ] as const) {
      expect((await api(other, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = (await api(other, 'GET', '/releases')).json().data as { id: number }[];
    expect(mine.map((r) => r.id)).not.toContain(id);
  });

  it("refuses someone else's upload and an upload used twice", async () => {
    const { id } = await newRelease(owner, { artist_id: artistA, type: 'album' });
    const theirs = await upload(otherId, 'theirs.wav');
    const res = await api(owner, 'POST', `/releases/${id}/tracks`, { file_entry_id: theirs });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file_entry_id).toEqual([RELEASE_MESSAGES.entryNotYours]);
    const mine = await upload(ownerId, 'mine.wav');
    await addTrack(owner, id, mine);
    const again = await api(owner, 'POST', `/releases/${id}/tracks`, { file_entry_id: mine });
    expect(again.json().errors.file_entry_id).toEqual([RELEASE_MESSAGES.entryUsed]);
  });

  it('analyses each added track after answering, then publishes an album in track order that streams', async () => {
    const { id } = await newRelease(owner, { artist_id: artistA, type: 'album', name: 'Folder name' });
    const first = await upload(ownerId, '01 Opening.wav', 2);
    const second = await upload(ownerId, '02 Closing.wav', 1);
    await addTrack(owner, id, first);
    let release = await addTrack(owner, id, second);
    expect(release.tracks.map((tr: { status: string }) => tr.status)).toEqual(['ready', 'ready']);
    expect(release.tracks[0]).toMatchObject({ name: 'Opening', position: 1, format: 'wav' });
    expect(release.tracks[0].duration_ms).toBeGreaterThan(1900);
    expect(release.tracks[0].waveform?.length).toBeGreaterThan(0);
    expect(typeof release.tracks[0].loudness_lufs).toBe('number');

    const renamed = await api(owner, 'PUT', `/releases/${id}/tracks/${release.tracks[1].id}`, {
      name: 'Closing (fixed title)',
      explicit: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    release = (
      await api(owner, 'PUT', `/releases/${id}`, { name: 'First Album', genres: ['Ambient'] })
    ).json().release;
    expect(release.name).toBe('First Album');

    const published = await api(owner, 'POST', `/releases/${id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    release = published.json().release;
    expect(release.status).toBe('published');
    const [album] = await t.db.select().from(albums).where(eq(albums.id, release.album_id));
    expect(album!.name).toBe('First Album');
    const [credit] = await t.db.select().from(albumArtist).where(eq(albumArtist.albumId, album!.id));
    expect(credit!.artistId).toBe(artistA);
    const rows = await t.db.select().from(tracks).where(eq(tracks.albumId, album!.id)).orderBy(tracks.number);
    expect(rows.map((r) => [r.number, r.name, r.explicit])).toEqual([
      [1, 'Opening', false],
      [2, 'Closing (fixed title)', true],
    ]);
    expect(rows[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    const credits = await t.db.select().from(trackArtist).where(eq(trackArtist.trackId, rows[0]!.id));
    expect(credits.map((c) => c.artistId)).toEqual([artistA]);

    const stream = await request(t.app, owner, {
      method: 'GET',
      url: `/api/v1/tracks/${rows[0]!.id}/stream`,
    });
    expect(stream.statusCode).toBeLessThan(300);
    expect(stream.rawPayload.length).toBeGreaterThan(1000);

    // Published: no more edits, and publishing twice changes nothing.
    expect((await api(owner, 'PUT', `/releases/${id}`, { name: 'Again' })).statusCode).toBe(409);
    expect((await api(owner, 'POST', `/releases/${id}/publish`, {})).statusCode).toBe(409);
  });

  it("pushes each track's analysis progress to the uploader's live stream, and to no one else", async () => {
    const { id } = await newRelease(owner, { artist_id: artistA });
    const mine: LiveFrame[] = [];
    const theirs: LiveFrame[] = [];
    const offMine = await t.deps.live.subscribe(ownerId, (f) => mine.push(f));
    const offTheirs = await t.deps.live.subscribe(otherId, (f) => theirs.push(f));
    const release = await addTrack(owner, id, await upload(ownerId, 'Live.wav', 1));
    const trackId = release.tracks[0].id;
    await vi.waitFor(() => expect(mine.at(-1)?.data).toMatchObject({ status: 'ready' }));
    expect(mine.every((f) => f.name === 'release.track_progress')).toBe(true);
    expect(mine[0]!.data).toEqual({ releaseId: id, trackId, status: 'processing', progress: 1 });
    expect(mine.at(-1)!.data).toEqual({ releaseId: id, trackId, status: 'ready', progress: 100 });
    expect(theirs).toEqual([]);
    await offMine();
    await offTheirs();
  });

  it('pushes the progress to every member who may see the release in a workspace sharing its artist, once each, and to no one else', async () => {
    const [row] = await t.db.insert(artists).values({ name: 'Team Artist' }).returning({ id: artists.id });
    const artist = row!.id;
    const person = async () => (await createUser(t.db, { roles: ['users'] })).id;
    const [manager, editor, viewer, outsider] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    await t.db.insert(userArtists).values({ userId: manager, artistId: artist, role: 'manager' });
    const [team, elsewhere] = await t.db
      .insert(workspaces)
      .values([
        { name: 'Addis Records', ownerId: manager },
        { name: 'Elsewhere', ownerId: outsider },
      ])
      .returning({ id: workspaces.id });
    await t.db.insert(workspaceMembers).values([
      { workspaceId: team!.id, userId: manager, role: 'owner' },
      { workspaceId: team!.id, userId: editor, role: 'editor' },
      { workspaceId: team!.id, userId: viewer, role: 'viewer' },
      // A member of a team the artist is not shared with sees none of it.
      { workspaceId: elsewhere!.id, userId: outsider, role: 'owner' },
    ]);
    await t.db.insert(workspaceArtists).values({ workspaceId: team!.id, artistId: artist, addedBy: manager });

    const received = new Map<number, LiveFrame[]>();
    const offs = await Promise.all(
      [manager, editor, viewer, outsider, otherId].map((userId) => {
        received.set(userId, []);
        return t.deps.live.subscribe(userId, (f) => received.get(userId)!.push(f));
      }),
    );
    // The editor uploads in the team's backstage.
    const editorClient = await sessionFor(t.db, editor);
    const created = await api(editorClient, 'POST', `/releases?workspaceId=${team!.id}`, {
      artist_id: artist,
      type: 'single',
    });
    expect(created.statusCode, created.body).toBe(200);
    const releaseId = created.json().release.id as number;
    const entry = await upload(editor, 'Team.wav', 1);
    const added = await api(editorClient, 'POST', `/releases/${releaseId}/tracks?workspaceId=${team!.id}`, {
      file_entry_id: entry,
    });
    expect(added.statusCode, added.body).toBe(200);
    await t.app.deps.background.flush();
    await t.app.deps.jobs.flush();
    const trackId = added.json().release.tracks[0].id as number;

    for (const userId of [manager, editor, viewer]) {
      await vi.waitFor(() => expect(received.get(userId)!.at(-1)?.data).toMatchObject({ status: 'ready' }));
      const frames = received.get(userId)!;
      expect(frames.every((f) => f.name === 'release.track_progress')).toBe(true);
      expect(frames[0]!.data).toEqual({ releaseId, trackId, status: 'processing', progress: 1 });
      // Once each: the owner who also manages the artist personally gets no copies.
      expect(frames.filter((f) => (f.data as { status: string }).status === 'ready')).toHaveLength(1);
    }
    expect(received.get(outsider)).toEqual([]);
    expect(received.get(otherId)).toEqual([]);
    for (const off of offs) await off();
  });

  it('flags a file that is not audio as failed and refuses to publish it', async () => {
    const { id } = await newRelease(owner, { artist_id: artistA });
    const key = generateStorageKey('uploads', 'mp3');
    await t.app.deps.storage.put(key, Buffer.from('<html>not a song</html>'.repeat(100)), 'audio/mpeg');
    const [entry] = await t.db
      .insert(fileEntries)
      .values({ name: 'fake.mp3', fileName: 'x', mime: 'audio/mpeg', size: 2300, path: key, ownerId })
      .returning({ id: fileEntries.id });
    const release = await addTrack(owner, id, entry!.id);
    expect(release.tracks[0].status).toBe('failed');
    expect(release.tracks[0].error).toBeTruthy();
    const res = await api(owner, 'POST', `/releases/${id}/publish`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tracks).toEqual([RELEASE_MESSAGES.failedTracks]);
  });

  it('keeps a scheduled release out of the catalogue until its date, then the release job publishes it and tells the followers', async () => {
    const fan = (await createUser(t.db)).id;
    await t.db.insert(follows).values({ followerId: fan, followableType: 'artist', followableId: artistA });
    const fanNotifications = async () => {
      await t.app.deps.background.flush();
      await t.app.deps.jobs.flush();
      return t.db.select().from(notifications).where(eq(notifications.userId, fan));
    };
    const { id } = await newRelease(owner, { artist_id: artistA, type: 'single', name: 'Later' });
    await addTrack(owner, id, await upload(ownerId, 'later.wav'));
    const at = new Date(Date.now() + 3 * 86_400_000);
    const res = await api(owner, 'POST', `/releases/${id}/publish`, { publish_at: at.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().release).toMatchObject({ status: 'scheduled', album_id: null });
    const [draft] = await t.db.select().from(trackDrafts).where(eq(trackDrafts.releaseId, id));
    expect(draft!.trackId).toBeNull();

    expect(await publishDueReleases(t.app.deps, new Date())).toBe(0);
    expect(await fanNotifications()).toEqual([]);
    expect(await publishDueReleases(t.app.deps, new Date(at.getTime() + 1000))).toBe(1);
    const release = (await api(owner, 'GET', `/releases/${id}`)).json().release;
    const [news] = await fanNotifications();
    expect(news).toMatchObject({
      type: 'music.new_release',
      params: {
        releases: [{ artistId: artistA, albumId: null, trackId: release.tracks[0].track_id, title: 'later' }],
      },
    });
    expect(release.status).toBe('published');
    const [track] = await t.db.select().from(tracks).where(eq(tracks.id, release.tracks[0].track_id));
    // A single is a track without an album.
    expect(track).toMatchObject({ name: 'later', albumId: null });
  });

  it('finds a published track with the same bytes', async () => {
    const { id } = await newRelease(owner, { artist_id: artistA, type: 'single' });
    let release = await addTrack(owner, id, await upload(ownerId, 'same.wav', 3));
    await api(owner, 'POST', `/releases/${id}/publish`, {});
    const again = await newRelease(owner, { artist_id: artistA, type: 'single' });
    release = await addTrack(owner, again.id, await upload(ownerId, 'same again.wav', 3));
    expect(release.tracks[0].duplicate_of).toMatchObject({ name: 'same' });
  });

  it('names an untagged, unnamed single after its file, never over a name it was given', async () => {
    const { id } = await newRelease(owner, { artist_id: artistA, type: 'single' });
    const release = await addTrack(owner, id, await upload(ownerId, '01 - Morning Light.wav'));
    expect(release.name).toBe('Morning Light');
    const named = await newRelease(owner, { artist_id: artistA, type: 'single', name: 'My Title' });
    expect((await addTrack(owner, named.id, await upload(ownerId, 'other.wav'))).name).toBe('My Title');
  });

  it('takes a release date from a full date tag, and leaves it empty for a bare year', async () => {
    const fx = await audioFixtureDir();
    try {
      const dated: Record<string, string | null> = { '2019': null, '2019-05-03': '2019-05-03' };
      for (const [tag, expected] of Object.entries(dated)) {
        const file = fx.path(`dated-${tag}.flac`);
        await ffmpeg(
          ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
          '-metadata',
          `DATE=${tag}`,
          file,
        );
        const key = generateStorageKey('uploads', 'flac');
        const bytes = await readFile(file);
        await t.app.deps.storage.put(key, bytes, 'audio/flac');
        const [row] = await t.db
          .insert(fileEntries)
          .values({
            name: `dated ${tag}.flac`,
            fileName: key.split('/').pop()!,
            mime: 'audio/flac',
            size: bytes.length,
            extension: 'flac',
            path: key,
            ownerId,
          })
          .returning({ id: fileEntries.id });
        const { id } = await newRelease(owner, { artist_id: artistA, type: 'single' });
        expect((await addTrack(owner, id, row!.id)).release_date, tag).toBe(expected);
      }
    } finally {
      await fx.cleanup();
    }
  });

  it('takes a cover uploaded here, never an outside address', async () => {
    const { id } = await newRelease(owner, { artist_id: artistA });
    const outside = await api(owner, 'PUT', `/releases/${id}`, {
      image: 'https://tracker.example/pixel.gif',
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.image).toEqual([RELEASE_MESSAGES.imageNotOurs]);
    const key = generateStorageKey('images', 'webp');
    const ours = await api(owner, 'PUT', `/releases/${id}`, { image: t.app.deps.storage.publicUrl(key) });
    expect(ours.statusCode, ours.body).toBe(200);
    expect(ours.json().release.image).toBe(t.app.deps.storage.publicUrl(key));
  });

  it('moves the uploads of a deleted draft to the trash', async () => {
    const { id } = await newRelease(owner, { artist_id: artistA });
    const entry = await upload(ownerId, 'gone.wav');
    await addTrack(owner, id, entry);
    expect((await api(owner, 'DELETE', `/releases/${id}`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(fileEntries).where(eq(fileEntries.id, entry));
    expect(row!.deletedAt).not.toBeNull();
    expect((await api(owner, 'GET', `/releases/${id}`)).statusCode).toBe(404);
  });
});
