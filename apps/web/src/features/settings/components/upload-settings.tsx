import { MULTIPART_PART_MIN_BYTES, msg, type UploadSettings } from '@zema/contracts';
import type { AdminSettingsResponse } from '@zema/contracts/admin';
import { z } from 'zod';
import { AdminCard } from '#src/components/admin/admin-page';
import { useTrans } from '#src/lib/i18n';
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
  .number({ message: msg('Enter a size in MB.') })
  .int(msg('Whole megabytes.'))
  .min(1, msg('At least 1 MB.'))
  .max(MAX_MB, msg('At most 1 TB.'));
/** The smallest chunk: S3's smallest multipart part (5 MB), which the message names. */
const MIN_CHUNK_MB = MULTIPART_PART_MIN_BYTES / MB;
export const uploadsFormSchema = z.object({
  uploads: z.object({
    max_size: z.object({ audio: sizeMb, image: sizeMb, other: sizeMb }),
    allowed_types: z.string().max(10_000),
    chunk_size: z
      .number({ message: msg('Enter a size in MB.') })
      .int(msg('Whole megabytes.'))
      .min(MIN_CHUNK_MB, msg('At least 5 MB.'))
      .max(500, msg('At most 500 MB.')),
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
  const { trans } = useTrans();
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
          <AdminCard title={trans('Limits')}>
            <div className="grid gap-5 sm:grid-cols-3">
              <FormNumberField<UploadValues>
                name="uploads.max_size.audio"
                label={trans('Largest audio file (MB)')}
                min={1}
                max={MAX_MB}
              />
              <FormNumberField<UploadValues>
                name="uploads.max_size.image"
                label={trans('Largest image (MB)')}
                min={1}
                max={MAX_MB}
              />
              <FormNumberField<UploadValues>
                name="uploads.max_size.other"
                label={trans('Largest other file (MB)')}
                min={1}
                max={MAX_MB}
              />
            </div>
            <FormTextField<UploadValues>
              name="uploads.allowed_types"
              label={trans('Allowed types')}
              description={trans(
                'One per line: mime patterns (audio/*, image/png) or extensions (.mp3). Empty allows any type.',
              )}
              multiline
              rows={6}
              className="mt-5"
            />
            <p className="mt-5 text-sm text-muted">
              {trans(
                'Per-user storage quotas are the “Space (MB)” restriction of the Upload files permission, on a role or a user.',
              )}
            </p>
          </AdminCard>
          <AdminCard title={trans('Transfer')}>
            <div className="flex flex-col gap-5">
              <FormCheckbox<UploadValues>
                name="uploads.chunked"
                description={trans(
                  'Files from 4 MB are sent in resumable chunks; a dropped connection or a reload resumes where it stopped.',
                )}
              >
                {trans('Chunked, resumable uploads')}
              </FormCheckbox>
              <div className="max-w-xs">
                <FormNumberField<UploadValues>
                  name="uploads.chunk_size"
                  label={trans('Chunk size (MB)')}
                  min={MIN_CHUNK_MB}
                  max={500}
                />
              </div>
              <FormCheckbox<UploadValues>
                name="uploads.direct_upload"
                isDisabled={disk !== 's3'}
                description={
                  disk === 's3'
                    ? trans(
                        'Browsers send files straight to the S3 bucket (multipart from 100 MB); the bucket needs CORS that exposes ETag.',
                      )
                    : trans(
                        'Needs S3 storage (the S3_* settings of the environment); files are stored on this server’s disk now.',
                      )
                }
              >
                {trans('Upload directly to storage')}
              </FormCheckbox>
            </div>
          </AdminCard>
        </>
      )}
    </SettingsForm>
  );
}
