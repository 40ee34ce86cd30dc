import {
  DEFAULT_UPLOAD_SETTINGS,
  UPLOAD_QUOTA_MESSAGE,
  UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
} from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { fileEntries, pendingUploads } from '#src/db/schema/index';
import { loadUser } from '#src/domain/users/users.service';
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
    // 3 MB used of 3 MB: at the limit is over it, even for an empty file.
    await expect(assertUploadAllowed(t.deps, user, { ...file, size: 0 })).rejects.toMatchObject({
      statusCode: 422,
      reason: 'quota',
      errors: { file: [UPLOAD_QUOTA_MESSAGE] },
    });
    // Finishing the started upload does not count it twice.
    await assertUploadAllowed(t.deps, user, file, { exceptPendingKey: `quota-test-${id}` });
  });
});

describe('assertUploadAllowed', () => {
  it('applies the settings: allowed types by mime pattern or extension, the size for each kind', async () => {
    const user = (await loadUser(t.db, await adminUserId(t.db)))!;
    await t.app.settings.set('uploads.allowed_types', ['audio/*', '.pdf']);
    await t.app.settings.set('uploads.max_size', { ...DEFAULT_UPLOAD_SETTINGS.max_size, image: MB });
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
      await t.app.settings.set('uploads.allowed_types', []);
      await expect(
        assertUploadAllowed(t.deps, user, {
          name: 'a.png',
          size: MB + 1,
          mime: 'image/png',
          extension: 'png',
        }),
      ).rejects.toMatchObject({ reason: 'size', message: 'The file may not be greater than 1 MB.' });
    } finally {
      await t.app.settings.set('uploads.allowed_types', DEFAULT_UPLOAD_SETTINGS.allowed_types);
      await t.app.settings.set('uploads.max_size', DEFAULT_UPLOAD_SETTINGS.max_size);
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
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});
