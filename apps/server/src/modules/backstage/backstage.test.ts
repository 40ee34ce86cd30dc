import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/modules/audit/tables';
import { userArtists } from '#src/modules/backstage/tables';
import { createAlbum, createArtist, createTrack } from '#src/modules/catalogue/index';
import { artists } from '#src/modules/catalogue/tables';
import { fileEntries } from '#src/modules/uploads/tables';
import { roles, userRole } from '#src/modules/users/tables';
import { adminUserId, type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { lastMailTo } from '#test/mail';
import { multipartBody } from '#test/multipart';

const t = useApp();
let admin: Client;

const api = (actor: Client, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  request(t.app, actor, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const unique = () => randomBytes(4).toString('hex');

/** A signed-in user with the default role (no backstage access yet). */
async function newUser(roles = ['users']) {
  const user = await createUser(t.db, { roles });
  return { ...user, client: await sessionFor(t.db, user.id) };
}

async function fileEntryOf(ownerId: number) {
  const key = `uploads/${unique()}.pdf`;
  const [row] = await t.db
    .insert(fileEntries)
    .values({
      name: 'label-contract.pdf',
      fileName: key.split('/')[1]!,
      mime: 'application/pdf',
      size: 1234,
      path: key,
      ownerId,
    })
    .returning({ id: fileEntries.id });
  return row!.id;
}

async function linkedArtist(userId: number, name = `Linked ${unique()}`) {
  const artistId = await createArtist(t.deps, { name });
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'artists'));
  await t.db.insert(userRole).values({ userId, roleId: role!.id }).onConflictDoNothing();
  await t.db.insert(userArtists).values({ userId, artistId, role: 'manager' });
  return artistId;
}

const auditRows = (requestId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'backstage_request'), eq(auditLog.targetId, String(requestId))))
    .orderBy(auditLog.id);

beforeAll(async () => {
  admin = await sessionFor(t.db, await adminUserId(t.db));
});

describe('backstage requests', () => {
  it('needs a signed-in user', async () => {
    const res = await api(guest(), 'POST', '/backstage/requests', {
      type: 'become_artist',
      artist_name: 'Nobody',
      role: 'artist',
      links: [],
    });
    expect(res.statusCode).toBe(401);
  });

  it('validates the form in the SPEC §8 shape', async () => {
    const { client } = await newUser();
    const res = await api(client, 'POST', '/backstage/requests', {
      type: 'claim_artist',
      artist_name: '',
      role: 'drummer',
      links: ['javascript:alert(1)'],
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['artist_name', 'role', 'links.0']));
    // A claim names the artist it claims.
    const noArtist = await api(client, 'POST', '/backstage/requests', {
      type: 'claim_artist',
      artist_name: 'Somebody',
      role: 'artist',
      links: [],
    });
    expect(noArtist.statusCode).toBe(422);
    expect(noArtist.json().errors).toEqual({ artist_id: ['Choose the artist.'] });
  });

  it('refuses a claim of an unknown artist and a verify of an artist the user does not manage', async () => {
    const { client } = await newUser();
    const missing = await api(client, 'POST', '/backstage/requests', {
      type: 'claim_artist',
      artist_id: 2_000_000_000,
      artist_name: 'Ghost',
      role: 'artist',
      links: [],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.artist_id).toEqual(['The artist does not exist.']);

    const someone = await createArtist(t.deps, { name: `Someone ${unique()}` });
    const verify = await api(client, 'POST', '/backstage/requests', {
      type: 'verify_artist',
      artist_id: someone,
      artist_name: 'Someone',
      role: 'artist',
      links: [],
    });
    expect(verify.statusCode).toBe(422);
    expect(verify.json().errors.artist_id).toEqual(['You can only verify an artist you manage.']);
  });

  it('keeps one pending request per user and artist', async () => {
    const { client } = await newUser();
    const name = `Solo ${unique()}`;
    const become = { type: 'become_artist', artist_name: name, role: 'artist', links: [] };
    expect((await api(client, 'POST', '/backstage/requests', become)).statusCode).toBe(200);
    const again = await api(client, 'POST', '/backstage/requests', {
      ...become,
      artist_name: name.toUpperCase(),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.artist_name).toEqual(['You already have a pending request for this artist.']);

    const existing = await createArtist(t.deps, { name: `Claimed ${unique()}` });
    const claim = {
      type: 'claim_artist',
      artist_id: existing,
      artist_name: 'Claimed',
      role: 'label',
      links: [],
    };
    expect((await api(client, 'POST', '/backstage/requests', claim)).statusCode).toBe(200);
    const twice = await api(client, 'POST', '/backstage/requests', claim);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.artist_id).toEqual(['You already have a pending request for this artist.']);

    // Another user may claim the same artist meanwhile.
    const other = await newUser();
    expect((await api(other.client, 'POST', '/backstage/requests', claim)).statusCode).toBe(200);
  });

  it("takes the requester's own proof file, never someone else's", async () => {
    const requester = await newUser();
    const stranger = await newUser();
    const base = { type: 'become_artist', role: 'manager', links: ['https://example.com/band'] };
    const foreign = await api(requester.client, 'POST', '/backstage/requests', {
      ...base,
      artist_name: `Proofless ${unique()}`,
      proof_entry_id: await fileEntryOf(stranger.id),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.proof_entry_id).toEqual(['The proof file was not found.']);

    const own = await api(requester.client, 'POST', '/backstage/requests', {
      ...base,
      artist_name: `Proven ${unique()}`,
      message: '  We are the band.  ',
      proof_entry_id: await fileEntryOf(requester.id),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().request).toMatchObject({
      status: 'pending',
      role: 'manager',
      message: 'We are the band.',
      links: ['https://example.com/band'],
      proof: { name: 'label-contract.pdf', mime: 'application/pdf', size: 1234 },
    });
  });
});

describe('admin review', () => {
  it('is for reviewers only', async () => {
    const { client } = await newUser();
    expect((await api(client, 'GET', '/admin/backstage-requests')).statusCode).toBe(403);
    expect((await api(client, 'POST', '/admin/backstage-requests/1/approve')).statusCode).toBe(403);
    expect((await api(guest(), 'GET', '/admin/backstage-requests')).statusCode).toBe(401);
  });

  it('approving "become" creates the artist, links the user with their role, grants access, mails and audits', async () => {
    const requester = await newUser();
    const name = `Newcomer ${unique()}`;
    // Before approval the artist's area is closed to them.
    expect((await api(requester.client, 'GET', '/backstage/artists')).statusCode).toBe(403);
    const created = await api(requester.client, 'POST', '/backstage/requests', {
      type: 'become_artist',
      artist_name: name,
      role: 'producer',
      links: ['https://example.com/newcomer'],
    });
    const id = created.json().request.id as number;

    const listed = await api(
      admin,
      'GET',
      `/admin/backstage-requests?status=pending&type=become_artist&query=${encodeURIComponent(name)}`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(listed.json().total).toBe(1);

    const approved = await api(admin, 'POST', `/admin/backstage-requests/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const request = approved.json().request;
    expect(request).toMatchObject({ status: 'approved', artist: { name, verified: false } });

    const [link] = await t.db.select().from(userArtists).where(eq(userArtists.userId, requester.id));
    expect(link).toMatchObject({ artistId: request.artist.id, role: 'producer' });
    const mine = await api(requester.client, 'GET', '/backstage/artists');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().artists).toEqual([
      expect.objectContaining({ id: request.artist.id, name, role: 'producer' }),
    ]);

    const page = await api(guest(), 'GET', `/artists/${request.artist.id}`);
    expect(page.json().artist.links).toEqual([{ url: 'https://example.com/newcomer', label: '' }]);

    expect(await lastMailTo(t.app, requester.email)).toContain('Your request was approved');
    const audits = await auditRows(id);
    expect(audits.map((a) => a.action)).toEqual(['backstage_request.approve']);
    expect(audits[0]!.after).toMatchObject({ status: 'approved', artist_id: request.artist.id });

    const twice = await api(admin, 'POST', `/admin/backstage-requests/${id}/approve`);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.status).toEqual(['This request was already reviewed.']);
  });

  it('approving "claim" links the chosen artist; approving "verify" gives it the badge', async () => {
    const requester = await newUser();
    const artistId = await createArtist(t.deps, { name: `Claimable ${unique()}` });
    const claim = await api(requester.client, 'POST', '/backstage/requests', {
      type: 'claim_artist',
      artist_id: artistId,
      artist_name: 'Claimable',
      role: 'label',
      links: [],
    });
    await api(admin, 'POST', `/admin/backstage-requests/${claim.json().request.id}/approve`);
    const [link] = await t.db.select().from(userArtists).where(eq(userArtists.userId, requester.id));
    expect(link).toMatchObject({ artistId, role: 'label' });

    const verify = await api(requester.client, 'POST', '/backstage/requests', {
      type: 'verify_artist',
      artist_id: artistId,
      artist_name: 'Claimable',
      role: 'label',
      links: ['https://example.com/press'],
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const done = await api(admin, 'POST', `/admin/backstage-requests/${verify.json().request.id}/approve`);
    expect(done.json().request.artist.verified).toBe(true);
    const [row] = await t.db
      .select({ verified: artists.verified })
      .from(artists)
      .where(eq(artists.id, artistId));
    expect(row!.verified).toBe(true);
    // Verified now: asking again is refused.
    const again = await api(requester.client, 'POST', '/backstage/requests', {
      type: 'verify_artist',
      artist_id: artistId,
      artist_name: 'Claimable',
      role: 'label',
      links: [],
    });
    expect(again.json().errors.artist_id).toEqual(['This artist is already verified.']);
  });

  it('denying needs a reason, which the requester sees and is mailed; audited', async () => {
    const requester = await newUser();
    const created = await api(requester.client, 'POST', '/backstage/requests', {
      type: 'become_artist',
      artist_name: `Hopeful ${unique()}`,
      role: 'artist',
      links: [],
    });
    const id = created.json().request.id as number;
    const empty = await api(admin, 'POST', `/admin/backstage-requests/${id}/deny`, { reason: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toEqual(['Give the reason for the denial.']);

    const denied = await api(admin, 'POST', `/admin/backstage-requests/${id}/deny`, {
      reason: 'We could not confirm the links.',
    });
    expect(denied.statusCode).toBe(200);
    const mine = await api(requester.client, 'GET', '/backstage/requests');
    expect(mine.json().data).toEqual([
      expect.objectContaining({ id, status: 'denied', deny_reason: 'We could not confirm the links.' }),
    ]);
    expect(await lastMailTo(t.app, requester.email)).toContain('Reason: We could not confirm the links.');
    expect((await auditRows(id)).map((a) => a.action)).toEqual(['backstage_request.deny']);
    expect(await t.db.select().from(userArtists).where(eq(userArtists.userId, requester.id))).toEqual([]);
    // Denied: a new request for the same artist may be filed.
    const retry = await api(requester.client, 'POST', '/backstage/requests', {
      type: 'become_artist',
      artist_name: created.json().request.artist_name,
      role: 'artist',
      links: [],
    });
    expect(retry.statusCode).toBe(200);
  });

  it('answers 404 for a request that does not exist', async () => {
    expect((await api(admin, 'GET', '/admin/backstage-requests/2000000000')).statusCode).toBe(404);
    expect((await api(admin, 'POST', '/admin/backstage-requests/2000000000/approve')).statusCode).toBe(404);
  });
});

describe("the artist's area", () => {
  let owner: Awaited<ReturnType<typeof newUser>>;
  let mine: number;
  let theirs: number;
  let myAlbum: number;
  let myTrack: number;
  let theirAlbum: number;
  let theirTrack: number;

  beforeAll(async () => {
    owner = await newUser();
    mine = await linkedArtist(owner.id, `Mine ${unique()}`);
    theirs = await createArtist(t.deps, { name: `Theirs ${unique()}` });
    myAlbum = await createAlbum(t.deps, { name: 'My Album', artist_ids: [mine], release_date: '2020-01-01' });
    myTrack = await createTrack(t.deps, {
      name: 'My Song',
      album_id: myAlbum,
      number: 1,
      artist_ids: [mine],
    });
    await createTrack(t.deps, { name: 'Other Song', album_id: myAlbum, number: 2, artist_ids: [mine] });
    theirAlbum = await createAlbum(t.deps, { name: 'Their Album', artist_ids: [theirs] });
    theirTrack = await createTrack(t.deps, { name: 'Their Song', artist_ids: [theirs] });
  });

  it('edits the linked artist page, and the public page shows it; never the badge', async () => {
    const res = await api(owner.client, 'PUT', `/backstage/artists/${mine}`, {
      name: 'Mine Renamed',
      bio: 'Born in Addis.',
      links: [{ url: 'https://example.com/mine', label: 'Site' }],
      genres: ['Ethio jazz'],
      verified: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await api(guest(), 'GET', `/artists/${mine}`)).json().artist;
    expect(page).toMatchObject({ name: 'Mine Renamed', bio: 'Born in Addis.', verified: false });
    expect(page.genres.map((g: { name: string }) => g.name)).toEqual(['ethio-jazz']);
  });

  it("refuses another artist's page, tracks and albums (403) and missing ones (404)", async () => {
    const edit = { name: 'Hijacked' };
    expect((await api(owner.client, 'PUT', `/backstage/artists/${theirs}`, edit)).statusCode).toBe(403);
    expect((await api(owner.client, 'GET', `/backstage/artists/${theirs}`)).statusCode).toBe(403);
    expect((await api(owner.client, 'GET', `/backstage/artists/${theirs}/tracks`)).statusCode).toBe(403);
    expect((await api(owner.client, 'PUT', `/backstage/tracks/${theirTrack}`, edit)).statusCode).toBe(403);
    expect((await api(owner.client, 'DELETE', `/backstage/tracks/${theirTrack}`)).statusCode).toBe(403);
    expect((await api(owner.client, 'PUT', `/backstage/albums/${theirAlbum}`, edit)).statusCode).toBe(403);
    expect((await api(owner.client, 'DELETE', `/backstage/albums/${theirAlbum}`)).statusCode).toBe(403);
    expect((await api(owner.client, 'DELETE', '/backstage/tracks/2000000000')).statusCode).toBe(404);
    const [name] = await t.db.select({ name: artists.name }).from(artists).where(eq(artists.id, theirs));
    expect(name!.name).not.toBe('Hijacked');
  });

  it('refuses a user without backstage access, and an artist-role user without the link', async () => {
    const plain = await newUser();
    expect((await api(plain.client, 'GET', '/backstage/artists')).statusCode).toBe(403);
    expect((await api(plain.client, 'PUT', `/backstage/artists/${mine}`, { name: 'X' })).statusCode).toBe(
      403,
    );
    const unlinked = await newUser(['users', 'artists']);
    expect((await api(unlinked.client, 'GET', '/backstage/artists')).json().artists).toEqual([]);
    expect((await api(unlinked.client, 'PUT', `/backstage/artists/${mine}`, { name: 'X' })).statusCode).toBe(
      403,
    );
    expect(
      (await api(unlinked.client, 'PUT', `/backstage/tracks/${myTrack}`, { name: 'X' })).statusCode,
    ).toBe(403);
  });

  it('lists, searches, edits and deletes its own tracks and albums', async () => {
    const list = await api(owner.client, 'GET', `/backstage/artists/${mine}/tracks?query=my`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { name: string }) => r.name)).toEqual(['My Song']);
    expect((await api(owner.client, 'GET', `/backstage/artists/${mine}/tracks`)).json().total).toBe(2);

    const track = await api(owner.client, 'PUT', `/backstage/tracks/${myTrack}`, {
      name: 'My Song (Remastered)',
      number: 3,
      explicit: true,
    });
    expect(track.statusCode, track.body).toBe(200);
    expect(track.json().track).toMatchObject({ name: 'My Song (Remastered)', number: 3, explicit: true });
    expect(track.json().track.artists.map((a: { id: number }) => a.id)).toEqual([mine]);

    const album = await api(owner.client, 'PUT', `/backstage/albums/${myAlbum}`, {
      name: 'My Album',
      release_date: '2027-03-01',
      type: 'ep',
    });
    expect(album.statusCode, album.body).toBe(200);
    expect(album.json().album).toMatchObject({ release_date: '2027-03-01', type: 'ep' });
    const badDate = await api(owner.client, 'PUT', `/backstage/albums/${myAlbum}`, {
      name: 'My Album',
      release_date: '2027-02-30',
    });
    expect(badDate.statusCode).toBe(422);

    expect((await api(owner.client, 'DELETE', `/backstage/tracks/${myTrack}`)).statusCode).toBe(200);
    expect((await api(guest(), 'GET', `/tracks/${myTrack}`)).statusCode).toBe(404);
    const albums = await api(owner.client, 'GET', `/backstage/artists/${mine}/albums`);
    expect(albums.json().data.map((r: { id: number }) => r.id)).toEqual([myAlbum]);
    expect((await api(owner.client, 'DELETE', `/backstage/albums/${myAlbum}`)).statusCode).toBe(200);
    expect((await api(owner.client, 'GET', `/backstage/artists/${mine}/albums`)).json().total).toBe(0);
  });

  it('uploads a picture (re-encoded) and refuses what is not one', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const send = (data: Buffer, contentType: string) => {
      const body = multipartBody([{ name: 'file', filename: 'x', contentType, data }]);
      return request(t.app, owner.client, {
        method: 'POST',
        url: '/api/v1/backstage/images',
        payload: body.payload,
        headers: body.headers,
      });
    };
    const ok = await send(png, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().url).toMatch(/\.webp$/);
    const bad = await send(Buffer.from('not an image'), 'image/png');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.file).toEqual(['This file type is not allowed']);
  });
});
