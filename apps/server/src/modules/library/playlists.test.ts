// Both drivers: concurrent playlist edits serialised by a row lock.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIBRARY_MESSAGES } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { playlistTracks } from '#src/modules/library/tables';
import { type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { pngClaiming } from '#test/images';
import { makeCatalogue } from '#test/library';
import { multipartBody } from '#test/multipart';

const t = useApp();
let owner: { id: number; actor: Client };
let other: { id: number; actor: Client };
let collaborator: { id: number; actor: Client };
let tracks: number[];

beforeAll(async () => {
  const mk = async (firstName: string) => {
    const u = await createUser(t.db, { firstName, lastName: 'Test' });
    return { id: u.id, actor: await sessionFor(t.db, u.id) };
  };
  owner = await mk('Owner');
  other = await mk('Other');
  collaborator = await mk('Collab');
  tracks = (await makeCatalogue(t.db, 'Playlist Song', 6)).trackIds;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (actor: Client, method: Method, url: string, payload?: unknown) =>
  request(t.app, actor, {
    method,
    url: `/api/v1/${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function create(body: Record<string, unknown> = {}) {
  const res = await call(owner.actor, 'POST', 'playlists', { name: 'Road trip', ...body });
  expect(res.statusCode).toBe(200);
  return res.json().playlist as { id: number };
}

async function order(id: number) {
  const rows = await t.db
    .select({ id: playlistTracks.id, trackId: playlistTracks.trackId, position: playlistTracks.position })
    .from(playlistTracks)
    .where(eq(playlistTracks.playlistId, id))
    .orderBy(playlistTracks.position);
  // Dense positions 0..n-1, always.
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
  return rows;
}

describe('playlists', () => {
  it('creates, reads and updates a playlist; owner and counts in the answer', async () => {
    const res = await call(owner.actor, 'POST', 'playlists', { name: '  Mix  ', description: 'Sunday' });
    const p = res.json().playlist;
    expect(p).toMatchObject({
      name: 'Mix',
      description: 'Sunday',
      public: true,
      collaborative: false,
      tracks_count: 0,
      duration_ms: 0,
      owner: { id: owner.id, display_name: 'Owner Test' },
      can_edit: true,
      can_add_tracks: true,
      collaborators: [],
    });
    expect((await call(owner.actor, 'POST', 'playlists', { name: '' })).statusCode).toBe(422);
    const updated = await call(owner.actor, 'PUT', `playlists/${p.id}`, {
      name: 'Renamed',
      public: false,
      collaborative: true,
      description: null,
    });
    expect(updated.json().playlist).toMatchObject({
      name: 'Renamed',
      public: false,
      collaborative: true,
      description: null,
    });
    const mine = (await call(owner.actor, 'GET', 'me/playlists')).json().playlists;
    expect(mine[0].id).toBe(p.id);
  });

  it('private playlists are 404 for others and guests; public ones readable by guests', async () => {
    const priv = await create({ public: false });
    const pub = await create({ public: true });
    await call(owner.actor, 'POST', `playlists/${pub.id}/tracks`, { track_ids: [tracks[0]] });
    await call(owner.actor, 'POST', `playlists/${priv.id}/tracks`, { track_ids: [tracks[0]] });
    for (const actor of [other.actor, guest()]) {
      expect((await call(actor, 'GET', `playlists/${priv.id}`)).statusCode).toBe(404);
      expect((await call(actor, 'GET', `playlists/${priv.id}/tracks`)).statusCode).toBe(404);
      const read = await call(actor, 'GET', `playlists/${pub.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().playlist).toMatchObject({ can_edit: false, can_add_tracks: false, tracks_count: 1 });
      const entries = (await call(actor, 'GET', `playlists/${pub.id}/tracks`)).json();
      expect(entries.data[0].track.id).toBe(tracks[0]);
      expect(entries.data[0].added_by.id).toBe(owner.id);
    }
    // Writes on a private playlist do not reveal it either.
    expect((await call(other.actor, 'PUT', `playlists/${priv.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call(other.actor, 'DELETE', `playlists/${priv.id}`)).statusCode).toBe(404);
    expect(
      (await call(other.actor, 'POST', `playlists/${priv.id}/tracks`, { track_ids: [tracks[1]] })).statusCode,
    ).toBe(404);
    // On a public one the caller may look but not touch.
    expect((await call(other.actor, 'PUT', `playlists/${pub.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await call(other.actor, 'DELETE', `playlists/${pub.id}`)).statusCode).toBe(403);
    expect(
      (await call(other.actor, 'POST', `playlists/${pub.id}/tracks`, { track_ids: [tracks[1]] })).statusCode,
    ).toBe(403);
    expect(
      (await call(other.actor, 'POST', `playlists/${pub.id}/collaborators/${other.id}`)).statusCode,
    ).toBe(403);
    expect((await call(guest(), 'PUT', `playlists/${pub.id}`, { name: 'x' })).statusCode).toBe(401);
    expect((await call(guest(), 'POST', 'playlists', { name: 'x' })).statusCode).toBe(401);
    expect((await call(owner.actor, 'GET', 'playlists/999999')).statusCode).toBe(404);
  });

  it('collaborators edit tracks of a collaborative playlist, never its details', async () => {
    const p = await create({ public: false, collaborative: false });
    const add = await call(owner.actor, 'POST', `playlists/${p.id}/collaborators/${collaborator.id}`);
    expect(add.json().playlist.collaborators).toEqual([
      { id: collaborator.id, display_name: 'Collab Test', avatar: null },
    ]);
    const self = await call(owner.actor, 'POST', `playlists/${p.id}/collaborators/${owner.id}`);
    expect(self.json().errors.user_id).toEqual([LIBRARY_MESSAGES.collaboratorIsOwner]);

    // Invited, so the private playlist is visible and listed; not collaborative yet: no edits.
    const read = (await call(collaborator.actor, 'GET', `playlists/${p.id}`)).json().playlist;
    expect(read).toMatchObject({ can_edit: false, can_add_tracks: false });
    expect(
      (await call(collaborator.actor, 'GET', 'me/playlists'))
        .json()
        .playlists.map((x: { id: number }) => x.id),
    ).toContain(p.id);
    expect(
      (await call(collaborator.actor, 'POST', `playlists/${p.id}/tracks`, { track_ids: [tracks[0]] }))
        .statusCode,
    ).toBe(403);

    await call(owner.actor, 'PUT', `playlists/${p.id}`, { collaborative: true });
    const added = await call(collaborator.actor, 'POST', `playlists/${p.id}/tracks`, {
      track_ids: [tracks[0], tracks[1]],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().playlist.can_add_tracks).toBe(true);
    const [e0, e1] = added.json().entry_ids;
    expect(
      (
        await call(collaborator.actor, 'POST', `playlists/${p.id}/tracks/reorder`, {
          entry_id: e1,
          to_index: 0,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(collaborator.actor, 'DELETE', `playlists/${p.id}/tracks`, { entry_ids: [e0] })).statusCode,
    ).toBe(200);
    expect((await order(p.id)).map((r) => r.id)).toEqual([e1]);

    expect(
      (await call(collaborator.actor, 'PUT', `playlists/${p.id}`, { name: 'Mine now' })).statusCode,
    ).toBe(403);
    expect((await call(collaborator.actor, 'DELETE', `playlists/${p.id}`)).statusCode).toBe(403);
    expect((await call(collaborator.actor, 'DELETE', `playlists/${p.id}/image`)).statusCode).toBe(403);
    expect(
      (await call(collaborator.actor, 'POST', `playlists/${p.id}/collaborators/${other.id}`)).statusCode,
    ).toBe(403);

    // Removed: the private playlist disappears for them.
    await call(owner.actor, 'DELETE', `playlists/${p.id}/collaborators/${collaborator.id}`);
    expect((await call(collaborator.actor, 'GET', `playlists/${p.id}`)).statusCode).toBe(404);
    expect((await call(owner.actor, 'DELETE', `playlists/${p.id}`)).json()).toEqual({ deleted: true });
    expect((await call(owner.actor, 'GET', `playlists/${p.id}`)).statusCode).toBe(404);
  });

  it('adds at the end or at a position, allows duplicates, refuses unknown tracks', async () => {
    const p = await create();
    const [a, b, c, d] = tracks;
    await call(owner.actor, 'POST', `playlists/${p.id}/tracks`, { track_ids: [a, b] });
    await call(owner.actor, 'POST', `playlists/${p.id}/tracks`, { track_ids: [c, a], position: 1 });
    await call(owner.actor, 'POST', `playlists/${p.id}/tracks`, { track_ids: [d], position: 99 });
    expect((await order(p.id)).map((r) => r.trackId)).toEqual([a, c, a, b, d]);
    const bad = await call(owner.actor, 'POST', `playlists/${p.id}/tracks`, { track_ids: [a, 999999] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.track_ids).toEqual([LIBRARY_MESSAGES.unknownTracks]);
    const page = (await call(owner.actor, 'GET', `playlists/${p.id}/tracks?perPage=2&page=2`)).json();
    expect(page.total).toBe(5);
    expect(
      page.data.map((e: { position: number; track: { id: number } }) => [e.position, e.track.id]),
    ).toEqual([
      [2, a],
      [3, b],
    ]);
    const info = (await call(owner.actor, 'GET', `playlists/${p.id}`)).json().playlist;
    expect(info.tracks_count).toBe(5);
    expect(info.duration_ms).toBe(5 * 180_000);
  });

  it('reorders: every move keeps positions dense and matches an array move', async () => {
    const p = await create();
    await call(owner.actor, 'POST', `playlists/${p.id}/tracks`, { track_ids: tracks });
    let expected = (await order(p.id)).map((r) => r.id);
    const moves: [number, number][] = [
      [0, 5],
      [5, 0],
      [2, 3],
      [4, 1],
      [3, 3],
      [1, 40],
    ];
    for (const [from, to] of moves) {
      const entry = expected[from]!;
      const res = await call(owner.actor, 'POST', `playlists/${p.id}/tracks/reorder`, {
        entry_id: entry,
        to_index: to,
      });
      expect(res.statusCode).toBe(200);
      expected = expected.filter((x) => x !== entry);
      expected.splice(Math.min(to, expected.length), 0, entry);
      expect((await order(p.id)).map((r) => r.id)).toEqual(expected);
    }
    const missing = await call(owner.actor, 'POST', `playlists/${p.id}/tracks/reorder`, {
      entry_id: 999999,
      to_index: 0,
    });
    expect(missing.statusCode).toBe(404);
    await call(owner.actor, 'DELETE', `playlists/${p.id}/tracks`, { entry_ids: [expected[1], expected[3]] });
    expect((await order(p.id)).map((r) => r.id)).toEqual(expected.filter((_, i) => i !== 1 && i !== 3));
  });

  it('concurrent adds, moves and removals leave positions dense', async () => {
    const p = await create();
    await call(owner.actor, 'POST', `playlists/${p.id}/tracks`, { track_ids: tracks });
    const entries = (await order(p.id)).map((r) => r.id);
    const results = await Promise.all([
      ...entries.map((entry, i) =>
        call(owner.actor, 'POST', `playlists/${p.id}/tracks/reorder`, {
          entry_id: entry,
          to_index: (i * 3) % 6,
        }),
      ),
      call(owner.actor, 'POST', `playlists/${p.id}/tracks`, {
        track_ids: [tracks[0], tracks[1]],
        position: 2,
      }),
      call(owner.actor, 'DELETE', `playlists/${p.id}/tracks`, { entry_ids: [entries[5]] }),
      call(owner.actor, 'POST', `playlists/${p.id}/tracks`, { track_ids: [tracks[2]] }),
    ]);
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200 && s !== 404)).toEqual([]);
    const rows = await order(p.id);
    expect(rows).toHaveLength(6 + 2 - 1 + 1);
  });

  it('uploads a cover (multipart or raw body) as 512×512 WebP and removes the old file', async () => {
    const p = await create();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = multipartBody([
      { name: 'file', data: png, filename: 'cover.png', contentType: 'image/png' },
    ]);
    const res = await request(t.app, owner.actor, {
      method: 'POST',
      url: `/api/v1/playlists/${p.id}/image`,
      payload: form.payload,
      headers: form.headers,
    });
    expect(res.statusCode).toBe(200);
    const first = res.json().playlist.image as string;
    expect(first).toMatch(/^\/storage\/playlists\/[0-9a-f]{32}\.webp$/);
    const stored = join(t.config.dataDir, 'storage', first.replace('/storage/', ''));
    const meta = await sharp(await readFile(stored)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);

    const raw = await request(t.app, owner.actor, {
      method: 'POST',
      url: `/api/v1/playlists/${p.id}/image`,
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().playlist.image).not.toBe(first);
    await expect(readFile(stored)).rejects.toThrow();

    const notImage = await request(t.app, owner.actor, {
      method: 'POST',
      url: `/api/v1/playlists/${p.id}/image`,
      payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      headers: { 'content-type': 'image/svg+xml' },
    });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.file).toEqual([LIBRARY_MESSAGES.imageType]);
    const huge = await request(t.app, owner.actor, {
      method: 'POST',
      url: `/api/v1/playlists/${p.id}/image`,
      payload: await pngClaiming(7000, 7000),
      headers: { 'content-type': 'image/png' },
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.file).toEqual(['The image is too large: at most 6400 × 6400 pixels.']);
    const forOther = await request(t.app, other.actor, {
      method: 'POST',
      url: `/api/v1/playlists/${p.id}/image`,
      payload: png,
      headers: { 'content-type': 'image/png' },
    });
    expect(forOther.statusCode).toBe(403);

    const removed = await call(owner.actor, 'DELETE', `playlists/${p.id}/image`);
    expect(removed.json().playlist.image).toBeNull();
  });
});
