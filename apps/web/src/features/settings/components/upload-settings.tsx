import { MULTIPART_PART_MIN_BYTES, type UploadSettings } from '@zema/contracts';
import type { AdminSettingsResponse } from '@zema/contracts/admin';
import { z } from 'zod';
import { AdminCard } from '#src/components/admin/admin-page';
import { FormCheckbox, FormTextField } from '#src/ui/field';
import { FormNumberField } from './fields';
import { SettingsForm } from './settings-form';

const MB = 1024 * 1024;
const MAX_MB = 1024 * 1024;

/**
 * The form edits sizes in MB and the allowed types one per line; what is saved is the stored
 * shape (bytes, a list), checked again by the server's rule.
 */
const sizeMb = z
  .number({ message: 'Enter a size in MB.' })
  .int('Whole megabytes.')
  .min(1, 'At least 1 MB.')
  .max(MAX_MB, 'At most 1 TB.');
const uploadsFormSchema = z.object({
  uploads: z.object({
    max_size: z.object({ audio: sizeMb, image: sizeMb, other: sizeMb }),
    allowed_types: z.string().max(10_000),
    chunk_size: z
      .number({ message: 'Enter a size in MB.' })
      .int('Whole megabytes.')
      .min(MULTIPART_PART_MIN_BYTES / MB, `At least ${MULTIPART_PART_MIN_BYTES / MB} MB.`)
      .max(500, 'At most 500 MB.'),
    chunked: z.boolean(),
    direct_upload: z.boolean(),
  }),
});
type UploadValues = z.infer<typeof uploadsFormSchema>;

const toValues = ({ settings: { uploads: u } }: AdminSettingsResponse): UploadValues => ({
  uploads: {
    max_size: {
      audio: Math.round(u.max_size.audio / MB),
      image: Math.round(u.max_size.image / MB),
      other: Math.round(u.max_size.other / MB),
    },
    allowed_types: u.allowed_types.join('\n'),
    chunk_size: Math.round(u.chunk_size / MB),
    chunked: u.chunked,
    direct_upload: u.direct_upload,
  },
});

/** The stored shape of the form's values (what `uploads` holds). */
export function uploadSettingsFromForm(values: UploadValues, disk: UploadSettings['disk']): UploadSettings {
  const u = values.uploads;
  return {
    max_size: { audio: u.max_size.audio * MB, image: u.max_size.image * MB, other: u.max_size.other * MB },
    allowed_types: [
      ...new Set(
        u.allowed_types
          .split(/[\n,]/)
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean),
      ),
    ],
    chunk_size: u.chunk_size * MB,
    chunked: u.chunked,
    direct_upload: u.direct_upload,
    disk,
  };
}

export function UploadSettingsForm({ view }: { view: AdminSettingsResponse }) {
  const disk = view.settings.uploads.disk;
  return (
    <SettingsForm
      view={view}
      toValues={toValues}
      schema={uploadsFormSchema}
      keys={['uploads']}
      // Sent as stored: bytes and a list (the form shows MB and lines).
      prepare={(values) => ({ uploads: uploadSettingsFromForm(values, disk) }) as unknown as UploadValues}
    >
      {() => (
        <>
          <AdminCard title="Limits">
            <div className="grid gap-5 sm:grid-cols-3">
              <FormNumberField<UploadValues>
                name="uploads.max_size.audio"
                label="Largest audio file (MB)"
                min={1}
                max={MAX_MB}
              />
              <FormNumberField<UploadValues>
                name="uploads.max_size.image"
                label="Largest image (MB)"
                min={1}
                max={MAX_MB}
              />
              <FormNumberField<UploadValues>
                name="uploads.max_size.other"
                label="Largest other file (MB)"
                min={1}
                max={MAX_MB}
              />
            </div>
            <FormTextField<UploadValues>
              name="uploads.allowed_types"
              label="Allowed types"
              description="One per line: mime patterns (audio/*, image/png) or extensions (.mp3). Empty allows any type."
              multiline
              rows={6}
              className="mt-5"
            />
            <p className="mt-5 text-sm text-muted">
              Per-user storage quotas are the “Space (MB)” restriction of the Upload files permission, on a
              role or a user.
            </p>
          </AdminCard>
          <AdminCard title="Transfer">
            <div className="flex flex-col gap-5">
              <FormCheckbox<UploadValues>
                name="uploads.chunked"
                description="Files from 4 MB are sent in resumable chunks; a dropped connection or a reload resumes where it stopped."
              >
                Chunked, resumable uploads
              </FormCheckbox>
              <div className="max-w-xs">
                <FormNumberField<UploadValues>
                  name="uploads.chunk_size"
                  label="Chunk size (MB)"
                  min={5}
                  max={500}
                />
              </div>
              <FormCheckbox<UploadValues>
                name="uploads.direct_upload"
                isDisabled={disk !== 's3'}
                description={
                  disk === 's3'
                    ? 'Browsers send files straight to the S3 bucket (multipart from 100 MB); the bucket needs CORS that exposes ETag.'
                    : 'Needs S3 storage (the S3_* settings of the environment); files are stored on this server’s disk now.'
                }
              >
                Upload directly to storage
              </FormCheckbox>
            </div>
          </AdminCard>
        </>
      )}
    </SettingsForm>
  );
}
