import { describe, expect, it } from 'vitest';
import { uploadSettingsFromForm, uploadsFormSchema } from './upload-settings';

describe('uploadSettingsFromForm', () => {
  it('stores sizes in bytes and the allowed types as a clean list', () => {
    const stored = uploadSettingsFromForm(
      {
        uploads: {
          max_size: { audio: 300, image: 2, other: 10 },
          allowed_types: 'audio/*\n .MP3 ,image/png\n\naudio/*',
          chunk_size: 8,
          chunked: true,
          direct_upload: false,
        },
      },
      'local',
    );
    expect(stored).toEqual({
      max_size: { audio: 300 * 1024 * 1024, image: 2 * 1024 * 1024, other: 10 * 1024 * 1024 },
      allowed_types: ['audio/*', '.mp3', 'image/png'],
      chunk_size: 8 * 1024 * 1024,
      chunked: true,
      direct_upload: false,
      disk: 'local',
    });
  });
});

describe('the uploads form rules', () => {
  it('refuses a chunk smaller than S3’s smallest part, with the message that names it', () => {
    const values = {
      uploads: {
        max_size: { audio: 300, image: 2, other: 10 },
        allowed_types: '',
        chunk_size: 4,
        chunked: true,
        direct_upload: false,
      },
    };
    const result = uploadsFormSchema.safeParse(values);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['At least 5 MB.']);
    expect(uploadsFormSchema.safeParse({ uploads: { ...values.uploads, chunk_size: 5 } }).success).toBe(true);
  });
});
