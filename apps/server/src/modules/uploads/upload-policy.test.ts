import {
  DEFAULT_UPLOAD_SETTINGS,
  MAX_UNFINISHED_UPLOADS,
  UPLOAD_TOO_MANY_UNFINISHED_MESSAGE,
  UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
} from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '#src/lib/errors';
import { fileEntries, pendingUploads } from '#src/modules/uploads/tables';
import { loadUser } from '#src/modules/users/index';
import { adminUserId, createUser, useApp } from '#test/helpers';
import {
  assertUploadAllowed,
  fileNameProblem,
  relativePathProblem,
  UPLOAD_NAME_INVALID_MESSAGE,
  UPLOAD_NAME_TOO_LONG_MESSAGE,
  UploadRefusedError,
  uploadQuotaBytes,
} from './upload-policy';

const t = useApp();
const MB = 1024 * 1024;

describe('file names and folder paths', () => {
  it('refuses what could mean something to a file system, and nothing else', () => {
    for (const bad of [
      '../x.mp3',
      'a/b.mp3',
      'a\\b.mp3',
      'a\u0000.mp3',
      'tab\there.mp3',
      '..',
      '.',
      '',
      '   ',
    ])
      expect(fileNameProblem(bad), JSON.stringify(bad)).toBe(UPLOAD_NAME_INVALID_MESSAGE);
    expect(fileNameProblem('x'.repeat(256))).toBe(UPLOAD_NAME_TOO_LONG_MESSAGE);
    for (const good of [
      '01 Intro.mp3',
      'x'.repeat(255),
      'ünï cödé (live) [2024].flac',
      '.hidden.mp3',
      'a..b.mp3',
    ])
      expect(fileNameProblem(good), good).toBeNull();
  });

  it('accepts a dropped folder path, not an escape from it', () => {
    expect(relativePathProblem('Album/CD 1/01 Intro.mp3')).toBeNull();
    for (const bad of [
      '../a.mp3',
      'Album/../../a.mp3',
      '/etc/passwd',
      'a//b.mp3',
      'a\\b.mp3',
      'a/\u0000.mp3',
    ])
      expect(relativePathProblem(bad), bad).not.toBeNull();
  });
});

describe('the space quota of files.create', () => {
  it('is in MB; absent, null or an admin means unlimited', () => {
    const holder = (value: number | null | undefined) => ({
      id: 1,
      permissions: [
        { name: 'files.create', restrictions: value === undefined ? [] : [{ name: 'space', value }] },
      ],
    });
    expect(uploadQuotaBytes(holder(5))).toBe(5 * MB);
    expect(uploadQuotaBytes(holder(null))).toBeNull();
    expect(uploadQuotaBytes(holder(undefined))).toBeNull();
    expect(uploadQuotaBytes({ id: 1, permissions: [{ name: 'admin', restrictions: [] }] })).toBeNull();
  });

  it('counts live and trashed files and started uploads, except the one being finished', async () => {
    const { id } = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'space', value: 3 }] }],
    });
    const user = (await loadUser(t.db, id))!;
    const file = { name: 'a.mp3', size: MB, mime: 'audio/mpeg', extension: 'mp3' };
    await assertUploadAllowed(t.deps, user, file);

    const entry = (path: string, deletedAt: Date | null) => ({
      name: 'x.mp3',
      fileName: path.split('/').pop()!,
      path,
      size: MB,
      ownerId: id,
      deletedAt,
    });
    await t.db
      .insert(fileEntries)
      .values([entry(`private/uploads/${id}a.mp3`, null), entry(`private/uploads/${id}b.mp3`, new Date())]);
    await t.db.insert(pendingUploads).values({
      key: `quota-test-${id}`,
      kind: 'tus',
      userId: id,
      size: MB,
      name: 'c.mp3',
      mime: 'audio/mpeg',
      expiresAt: new Date(Date.now() + 60_000),
    });
    // 3 MB used of 3 MB: at the limit is over it, even for an empty file. The message names the
    // quota in human units, and what the unfinished upload takes of it.
    const full =
      'Your storage is full: 3 MB of 3 MB used (1 MB by unfinished uploads). Delete files or ask for more space.';
    await expect(assertUploadAllowed(t.deps, user, { ...file, size: 0 })).rejects.toMatchObject({
      tooLarge: false,
      reason: 'quota',
      message: full,
      errors: { file: [full] },
    });
    // Finishing the started upload does not count it twice.
    await assertUploadAllowed(t.deps, user, file, { exceptPendingKey: `quota-test-${id}` });
  });
});

describe('default quotas and limits', () => {
  const entry = (ownerId: number, size: number) => ({
    name: 'x.pdf',
    fileName: `${ownerId}-${size}-${Math.random().toString(36).slice(2)}.pdf`,
    path: `private/uploads/${ownerId}-${size}-${Math.random().toString(36).slice(2)}.pdf`,
    size,
    ownerId,
  });

  it('gives a plain listener 500 MB and an artist 10 GB out of the box; the admin has no quota', async () => {
    const listener = (await loadUser(t.db, (await createUser(t.db)).id))!;
    expect(uploadQuotaBytes(listener)).toBe(500 * MB);
    const artist = (await loadUser(t.db, (await createUser(t.db, { roles: ['users', 'artists'] })).id))!;
    expect(uploadQuotaBytes(artist)).toBe(10_240 * MB);
    expect(uploadQuotaBytes((await loadUser(t.db, await adminUserId(t.db)))!)).toBeNull();
  });

  it('names the quota in human units: a file that does not fit, one larger than the whole quota', async () => {
    const { id } = await createUser(t.db);
    const user = (await loadUser(t.db, id))!;
    const mp3 = (size: number) => ({ name: 'a.mp3', size, mime: 'audio/mpeg', extension: 'mp3' });
    await expect(assertUploadAllowed(t.deps, user, mp3(2048 * MB))).rejects.toMatchObject({
      tooLarge: false,
      reason: 'quota',
      message: 'This file (2 GB) is larger than your storage quota of 500 MB. Ask for more space.',
    });
    await t.db.insert(fileEntries).values(entry(id, 300 * MB));
    await expect(assertUploadAllowed(t.deps, user, mp3(250 * MB))).rejects.toMatchObject({
      tooLarge: false,
      reason: 'quota',
      message:
        'This file (250 MB) does not fit in your storage: 300 MB of 500 MB used. Delete files or ask for more space.',
    });
    await assertUploadAllowed(t.deps, user, mp3(200 * MB));
  });

  it(`caps unfinished uploads at ${MAX_UNFINISHED_UPLOADS} a user (expired ones aside); an admin is not capped`, async () => {
    const { id } = await createUser(t.db);
    const user = (await loadUser(t.db, id))!;
    const file = { name: 'a.mp3', size: 1, mime: 'audio/mpeg', extension: 'mp3' };
    const pending = (userId: number, n: number) => ({
      key: `cap-test-${userId}-${n}`,
      kind: 'tus' as const,
      userId,
      size: 1,
      name: `${n}.mp3`,
      mime: 'audio/mpeg',
      expiresAt: new Date(Date.now() + 60_000),
    });
    await t.db
      .insert(pendingUploads)
      .values(Array.from({ length: MAX_UNFINISHED_UPLOADS - 1 }, (_, n) => pending(id, n)));
    await assertUploadAllowed(t.deps, user, file, { startsUpload: true });
    await t.db.insert(pendingUploads).values(pending(id, MAX_UNFINISHED_UPLOADS));
    await expect(assertUploadAllowed(t.deps, user, file, { startsUpload: true })).rejects.toMatchObject({
      tooLarge: false,
      reason: 'unfinished',
      errors: { file: [UPLOAD_TOO_MANY_UNFINISHED_MESSAGE] },
    });
    // Finishing one of them is no new upload.
    await assertUploadAllowed(t.deps, user, file);
    // One past its expiry can no longer be resumed: it waits for the cleanup and counts no more.
    await t.db
      .update(pendingUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingUploads.key, `cap-test-${id}-0`));
    await assertUploadAllowed(t.deps, user, file, { startsUpload: true });

    const adminId = await adminUserId(t.db);
    await t.db
      .insert(pendingUploads)
      .values(Array.from({ length: MAX_UNFINISHED_UPLOADS }, (_, n) => pending(adminId, n)));
    try {
      await assertUploadAllowed(t.deps, (await loadUser(t.db, adminId))!, file, { startsUpload: true });
    } finally {
      await t.db.delete(pendingUploads).where(eq(pendingUploads.userId, adminId));
    }
  });

  it('lets a picture on its way to becoming the avatar past a full storage, by one avatar and no more', async () => {
    const { id } = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'files.create', restrictions: [{ name: 'space', value: 1 }] }],
    });
    const user = (await loadUser(t.db, id))!;
    await t.db.insert(fileEntries).values(entry(id, MB));
    const picture = { name: 'me.png', size: 1.5 * MB, mime: 'image/png', extension: 'png' };
    await assertUploadAllowed(t.deps, user, { ...picture, purpose: 'avatar' });
    // Only an avatar's picture, and only within the avatar's size.
    for (const other of [
      picture,
      { ...picture, purpose: 'image' },
      { name: 'a.pdf', size: MB, mime: 'application/pdf', extension: 'pdf', purpose: 'avatar' },
      { ...picture, size: 2 * MB + 1, purpose: 'avatar' },
    ])
      await expect(assertUploadAllowed(t.deps, user, other), JSON.stringify(other)).rejects.toMatchObject({
        reason: 'quota',
      });
    // An avatar upload left lying uses the room up.
    await t.db.insert(fileEntries).values(entry(id, 1.5 * MB));
    await expect(assertUploadAllowed(t.deps, user, { ...picture, purpose: 'avatar' })).rejects.toMatchObject({
      reason: 'quota',
    });
  });
});

describe('assertUploadAllowed', () => {
  it('applies the settings: allowed types by mime pattern or extension, the size for each kind', async () => {
    const user = (await loadUser(t.db, await adminUserId(t.db)))!;
    await t.app.deps.settings.set('uploads.allowed_types', ['audio/*', '.pdf']);
    await t.app.deps.settings.set('uploads.max_size', { ...DEFAULT_UPLOAD_SETTINGS.max_size, image: MB });
    try {
      await assertUploadAllowed(t.deps, user, {
        name: 'a.flac',
        size: 10,
        mime: 'audio/flac',
        extension: 'flac',
      });
      await assertUploadAllowed(t.deps, user, {
        name: 'a.pdf',
        size: 10,
        mime: 'application/pdf',
        extension: 'pdf',
      });
      const refused = assertUploadAllowed(t.deps, user, {
        name: 'a.png',
        size: 10,
        mime: 'image/png',
        extension: 'png',
      });
      await expect(refused).rejects.toBeInstanceOf(UploadRefusedError);
      await expect(refused).rejects.toMatchObject({
        reason: 'type',
        message: UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
      });
      await t.app.deps.settings.set('uploads.allowed_types', []);
      await expect(
        assertUploadAllowed(t.deps, user, {
          name: 'a.png',
          size: MB + 1,
          mime: 'image/png',
          extension: 'png',
        }),
      ).rejects.toMatchObject({ reason: 'size', message: 'The file may not be greater than 1 MB.' });
    } finally {
      await t.app.deps.settings.set('uploads.allowed_types', DEFAULT_UPLOAD_SETTINGS.allowed_types);
      await t.app.deps.settings.set('uploads.max_size', DEFAULT_UPLOAD_SETTINGS.max_size);
    }
  });

  it('refuses a user without files.create with 403', async () => {
    const { id } = await createUser(t.db, { roles: [] });
    await expect(
      assertUploadAllowed(t.deps, (await loadUser(t.db, id))!, {
        name: 'a.mp3',
        size: 1,
        mime: 'audio/mpeg',
        extension: 'mp3',
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});
