import { DEFAULT_UPLOAD_SETTINGS, type FileEntry, type UploadSettings } from '@zema/contracts';
import type {
  TransportJob,
  UploadPath,
  UploadTransport,
  UploadTransports,
} from '#src/features/uploads/lib/upload-types';

/** A File claiming `size` bytes without holding them (a 100 GB file costs nothing in a test). */
export function fakeFile(
  name: string,
  size: number,
  type = 'audio/mpeg',
  lastModified = 1_700_000_000_000,
): File {
  const file = new File([''], name, { type, lastModified });
  Object.defineProperty(file, 'size', { value: size });
  // Slices claim their share of the size too, so part sizes can be checked.
  Object.defineProperty(file, 'slice', {
    value: (start = 0, end = size) => {
      const blob = new Blob([]);
      Object.defineProperty(blob, 'size', { value: Math.max(0, Math.min(end, size) - start) });
      return blob;
    },
  });
  return file;
}

export function settings(patch: Partial<UploadSettings> = {}): UploadSettings {
  return { ...DEFAULT_UPLOAD_SETTINGS, max_size: { ...DEFAULT_UPLOAD_SETTINGS.max_size }, ...patch };
}

export function fileEntry(id: number, name = `file-${id}.mp3`): FileEntry {
  return {
    id,
    name,
    file_name: `key-${id}`,
    mime: 'audio/mpeg',
    file_size: 1,
    extension: 'mp3',
    disk: 'local',
    parent_id: null,
    relative_path: null,
    public: false,
    checksum: null,
    url: `/api/v1/file-entries/${id}/download`,
    owner_id: 1,
    workspace_id: 0,
    deleted_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

/** One transfer a test drives by hand: report progress, finish, fail; see whether it was aborted. */
export interface FakeTransfer {
  job: TransportJob;
  path: UploadPath;
  resolve: (entry: FileEntry) => void;
  reject: (err: unknown) => void;
}

/**
 * Transports that record each started transfer and wait for the test to settle it; an aborted
 * transfer rejects with the abort reason, as the real ones do.
 */
export function fakeTransports() {
  const started: FakeTransfer[] = [];
  const make =
    (path: UploadPath): UploadTransport =>
    (job) =>
      new Promise<FileEntry>((resolve, reject) => {
        job.signal.addEventListener('abort', () => reject(job.signal.reason), { once: true });
        started.push({ job, path, resolve, reject });
      });
  const transports: UploadTransports = {
    plain: make('plain'),
    tus: make('tus'),
    's3-simple': make('s3-simple'),
    's3-multipart': make('s3-multipart'),
  };
  const running = () => started.filter((t) => !t.job.signal.aborted);
  return { transports, started, running };
}
