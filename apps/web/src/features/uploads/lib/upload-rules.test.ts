import {
  MULTIPART_MAX_PARTS,
  MULTIPART_PART_MIN_BYTES,
  multipartPartSize,
  UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
} from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { settings } from '#test/fake-uploads';
import {
  chooseUploadPath,
  isIgnoredUpload,
  runsAlone,
  uploadMime,
  uploadRestrictionError,
} from './upload-rules';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('the path of a file (SPEC §9)', () => {
  it('sends files below 4 MB in one request and tus from 4 MB', () => {
    const s = settings({ chunked: true });
    expect(chooseUploadPath(0, s)).toBe('plain');
    expect(chooseUploadPath(4 * MB - 1, s)).toBe('plain');
    expect(chooseUploadPath(4 * MB, s)).toBe('tus');
    expect(chooseUploadPath(5 * GB, s)).toBe('tus');
  });

  it('sends everything in one request when chunking is off', () => {
    expect(chooseUploadPath(500 * MB, settings({ chunked: false }))).toBe('plain');
  });

  it('goes direct to S3 only with the s3 driver and direct upload on: multipart from 100 MB', () => {
    const direct = settings({ disk: 's3', direct_upload: true });
    expect(chooseUploadPath(1, direct)).toBe('s3-simple');
    expect(chooseUploadPath(100 * MB - 1, direct)).toBe('s3-simple');
    expect(chooseUploadPath(100 * MB, direct)).toBe('s3-multipart');
    expect(chooseUploadPath(100 * MB, settings({ disk: 's3', direct_upload: false }))).toBe('tus');
    expect(chooseUploadPath(100 * MB, settings({ disk: 'local', direct_upload: true }))).toBe('tus');
  });
});

describe('what runs alone (SPEC §4)', () => {
  const s = settings({ chunk_size: 5 * MB });
  it('a file of a folder, a direct upload, and a tus upload of more than one chunk', () => {
    expect(runsAlone({ relativePath: 'Album/01.mp3', path: 'plain', size: 1 }, s)).toBe(true);
    expect(runsAlone({ relativePath: null, path: 's3-simple', size: 1 }, s)).toBe(true);
    expect(runsAlone({ relativePath: null, path: 's3-multipart', size: 200 * MB }, s)).toBe(true);
    expect(runsAlone({ relativePath: null, path: 'tus', size: 5 * MB + 1 }, s)).toBe(true);
  });
  it('not a plain file, nor a tus upload of one chunk', () => {
    expect(runsAlone({ relativePath: null, path: 'plain', size: 3 * MB }, s)).toBe(false);
    expect(runsAlone({ relativePath: null, path: 'tus', size: 5 * MB }, s)).toBe(false);
  });
});

describe('multipart part sizes (SPEC §9)', () => {
  const parts = (size: number) => Math.max(1, Math.ceil(size / multipartPartSize(size)));
  it('20 MB parts for 100 MB and 1 GB', () => {
    expect(multipartPartSize(100 * MB)).toBe(20 * MB);
    expect(parts(100 * MB)).toBe(5);
    expect(multipartPartSize(GB)).toBe(20 * MB);
    expect(parts(GB)).toBe(52);
  });
  it('20 MB parts for 100 GB (5 120 parts), size / 10 000 from 200 GB so S3’s part limit is never passed', () => {
    const size = 100 * 1024 * MB;
    expect(multipartPartSize(size)).toBe(20 * MB);
    expect(parts(size)).toBe(5120);
    const huge = 1024 * GB;
    expect(multipartPartSize(huge)).toBe(Math.ceil(huge / MULTIPART_MAX_PARTS));
    expect(parts(huge)).toBeLessThanOrEqual(MULTIPART_MAX_PARTS);
  });
  it('an empty file still has one part, never below S3’s 5 MB minimum size', () => {
    expect(multipartPartSize(0)).toBeGreaterThanOrEqual(MULTIPART_PART_MIN_BYTES);
    expect(parts(0)).toBe(1);
  });
});

describe('restrictions (SPEC §5)', () => {
  it('ignores .DS_Store, at the top or inside a folder', () => {
    expect(isIgnoredUpload('.DS_Store')).toBe(true);
    expect(isIgnoredUpload('Album/.DS_Store')).toBe(true);
    expect(isIgnoredUpload('DS_Store.mp3')).toBe(false);
  });

  it('refuses a type outside the admin’s mime patterns and extensions', () => {
    const s = settings({ allowed_types: ['audio/*', '.flac'] });
    expect(uploadRestrictionError({ size: 1, mime: 'audio/mpeg', extension: 'mp3' }, s)).toBeNull();
    expect(
      uploadRestrictionError({ size: 1, mime: 'application/octet-stream', extension: 'flac' }, s),
    ).toBeNull();
    expect(uploadRestrictionError({ size: 1, mime: 'application/zip', extension: 'zip' }, s)).toBe(
      UPLOAD_TYPE_NOT_ALLOWED_MESSAGE,
    );
  });

  it('refuses a type outside the caller’s own list (images only for a cover)', () => {
    const s = settings({ allowed_types: [] });
    expect(uploadRestrictionError({ size: 1, mime: 'audio/mpeg', extension: 'mp3' }, s, ['image/*'])).toBe(
      'This file type is not allowed',
    );
  });

  it('refuses a file above its kind’s limit with the size message', () => {
    const s = settings({ max_size: { audio: 10 * MB, image: 2 * MB, other: MB } });
    expect(uploadRestrictionError({ size: 2 * MB, mime: 'image/png', extension: 'png' }, s)).toBeNull();
    expect(uploadRestrictionError({ size: 2 * MB + 1, mime: 'image/png', extension: 'png' }, s)).toBe(
      'The file may not be greater than 2 MB.',
    );
    expect(uploadRestrictionError({ size: 11 * MB, mime: 'audio/flac', extension: 'flac' }, s)).toBe(
      'The file may not be greater than 10 MB.',
    );
  });
});

describe('the type of a file the browser did not name', () => {
  it('comes from its extension, so an unnamed FLAC is held to the audio limit', () => {
    expect(uploadMime('', 'flac')).toBe('audio/flac');
    expect(uploadMime('', 'jpg')).toBe('image/jpeg');
    expect(uploadMime('', 'xyz')).toBe('application/octet-stream');
    expect(uploadMime('', null)).toBe('application/octet-stream');
    expect(uploadMime('audio/x-flac', 'flac')).toBe('audio/x-flac');
  });
});
