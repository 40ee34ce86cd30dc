import { MULTIPART_PARTS_IN_FLIGHT, MULTIPART_SIGN_BATCH } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/lib/api-error';
import { fakeFile, fileEntry } from '#test/fake-uploads';
import { createMultipartTransport, type MultipartCalls } from './multipart-transport';
import { createResumeStore, UPLOAD_RESUME_MAX_AGE_MS, uploadFingerprint } from './resume-store';
import { UploadCancelled, type UploadItem } from './upload-types';

const MB = 1024 * 1024;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function item(file: File, patch: Partial<UploadItem> = {}): UploadItem {
  return {
    id: 'u1',
    name: file.name,
    size: file.size,
    mime: file.type,
    extension: 'flac',
    relativePath: null,
    status: 'inProgress',
    percentage: 0,
    bytesUploaded: 0,
    path: 's3-multipart',
    speed: null,
    timeLeft: null,
    error: null,
    retryable: true,
    fileEntry: null,
    ...patch,
  };
}

interface PendingPut {
  partNumber: number;
  size: number;
  signal: AbortSignal;
  onProgress: (n: number) => void;
  resolve: (etag: string) => void;
  reject: (err: unknown) => void;
}

/** A fake storage: parts wait until the test (or `autoFinish`) settles them. */
function fakeCalls(
  opts: { autoFinish?: boolean; uploaded?: Array<{ PartNumber: number; ETag: string; Size?: number }> } = {},
) {
  const log: string[] = [];
  const signBatches: number[][] = [];
  const puts: PendingPut[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const calls: MultipartCalls = {
    create: vi.fn(async () => {
      log.push('create');
      return { uploadId: 'up-1', key: 'uploads/key-1' };
    }),
    signParts: vi.fn(async ({ partNumbers }) => {
      signBatches.push([...partNumbers]);
      return partNumbers.map((n: number) => ({ partNumber: n, url: `https://bucket.test/part-${n}` }));
    }),
    uploadedParts: vi.fn(async () => {
      log.push('get-uploaded-parts');
      return opts.uploaded ?? [];
    }),
    complete: vi.fn(async () => {
      log.push('complete');
    }),
    abort: vi.fn(async () => {
      log.push('abort');
    }),
    createEntry: vi.fn(async () => {
      log.push('entry');
      return fileEntry(5);
    }),
    putPart: ({ url, body, signal, onProgress }) =>
      new Promise<string>((resolve, reject) => {
        const partNumber = Number(url.split('-').pop());
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const done = () => inFlight--;
        signal.addEventListener('abort', () => {
          done();
          reject(signal.reason);
        });
        const put: PendingPut = {
          partNumber,
          size: body.size,
          signal,
          onProgress,
          resolve: (etag) => {
            done();
            resolve(etag);
          },
          reject: (err) => {
            done();
            reject(err);
          },
        };
        puts.push(put);
        if (opts.autoFinish) queueMicrotask(() => put.resolve(`"etag-${partNumber}"`));
      }),
  };
  return { calls, log, signBatches, puts, maxInFlight: () => maxInFlight };
}

function run(file: File, fake: ReturnType<typeof fakeCalls>, store = createResumeStore(localStorage)) {
  const controller = new AbortController();
  const progress: number[] = [];
  const transport = createMultipartTransport({ calls: fake.calls, resumeStore: store });
  const result = transport({
    item: item(file),
    file,
    metadata: { uploadType: 'backstage-track' },
    signal: controller.signal,
    onProgress: (n) => progress.push(n),
  });
  result.catch(() => undefined);
  return { result, controller, progress, store };
}

describe('S3 multipart (SPEC §4, §7, §9)', () => {
  it('creates, signs at most 10 parts a call, sends at most 5 at once, completes in order, then records the entry', async () => {
    const file = fakeFile('master.flac', 1024 * MB, 'audio/flac');
    const fake = fakeCalls({ autoFinish: true });
    const { result, store } = run(file, fake);
    await expect(result).resolves.toEqual(fileEntry(5));

    expect(fake.calls.create).toHaveBeenCalledWith(
      {
        filename: 'master.flac',
        mime: 'audio/flac',
        size: 1024 * MB,
        extension: 'flac',
        metadata: { uploadType: 'backstage-track' },
      },
      expect.any(AbortSignal),
    );
    // 1 GB in 20 MB parts: 52 parts.
    const signed = fake.signBatches.flat();
    expect(signed.sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    for (const batch of fake.signBatches) expect(batch.length).toBeLessThanOrEqual(MULTIPART_SIGN_BATCH);
    // Signed ahead in full batches, not one call per part.
    expect(fake.signBatches[0]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(fake.signBatches).toHaveLength(6);
    expect(fake.maxInFlight()).toBe(MULTIPART_PARTS_IN_FLIGHT);
    expect(fake.puts.slice(0, 51).every((p) => p.size === 20 * MB)).toBe(true);
    expect(fake.puts.find((p) => p.partNumber === 52)?.size).toBe(1024 * MB - 51 * 20 * MB);

    const complete = vi.mocked(fake.calls.complete).mock.calls[0]?.[0];
    expect(complete?.parts.map((p) => p.PartNumber)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    expect(complete?.parts[0]).toEqual({ PartNumber: 1, ETag: '"etag-1"' });
    expect(fake.calls.createEntry).toHaveBeenCalledWith(
      {
        clientMime: 'audio/flac',
        clientName: 'master.flac',
        filename: 'uploads/key-1',
        size: 1024 * MB,
        clientExtension: 'flac',
        metadata: { uploadType: 'backstage-track' },
      },
      expect.any(AbortSignal),
    );
    expect(fake.log).toEqual(['create', 'complete', 'entry']);
    // Done: nothing left to resume.
    expect(store.get(uploadFingerprint(file, null))).toBeNull();
  });

  it('sends an empty file as one empty part', async () => {
    const file = fakeFile('silence.flac', 0, 'audio/flac');
    const fake = fakeCalls({ autoFinish: true });
    await expect(run(file, fake).result).resolves.toEqual(fileEntry(5));
    expect(fake.signBatches).toEqual([[1]]);
    expect(fake.puts.map((p) => p.size)).toEqual([0]);
    expect(vi.mocked(fake.calls.complete).mock.calls[0]?.[0].parts).toEqual([
      { PartNumber: 1, ETag: '"etag-1"' },
    ]);
  });

  it('retries a part 3 times after 0, 3 and 5 s, then aborts the upload and reports the error', async () => {
    const file = fakeFile('a.flac', 100 * MB, 'audio/flac');
    const fake = fakeCalls();
    const { result, store } = run(file, fake);
    await vi.advanceTimersByTimeAsync(0);
    const tries = () => fake.puts.filter((p) => p.partNumber === 1);
    expect(tries()).toHaveLength(1);
    // Part 1 fails; its retries come after 0 s, 3 s and 5 s.
    tries()[0]?.reject(new TypeError('network'));
    await vi.advanceTimersByTimeAsync(0);
    expect(tries()).toHaveLength(2);
    tries()[1]?.reject(new TypeError('network'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(tries()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries()).toHaveLength(3);
    tries()[2]?.reject(new TypeError('network'));
    await vi.advanceTimersByTimeAsync(4999);
    expect(tries()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries()).toHaveLength(4);
    expect(store.get(uploadFingerprint(file, null))).not.toBeNull();
    tries()[3]?.reject(new ApiError(500, { message: 'Storage is down' }));
    await expect(result).rejects.toThrow('Storage is down');
    // The other parts were stopped, and the upload aborted on the server.
    expect(fake.puts.filter((p) => p.partNumber !== 1).every((p) => p.signal.aborted)).toBe(true);
    expect(fake.calls.abort).toHaveBeenCalledWith({ key: 'uploads/key-1', uploadId: 'up-1' });
    expect(fake.calls.complete).not.toHaveBeenCalled();
    expect(store.get(uploadFingerprint(file, null))).toBeNull();
  });

  it('reports progress of the parts in flight and those stored', async () => {
    const file = fakeFile('a.flac', 100 * MB, 'audio/flac');
    const fake = fakeCalls();
    const { progress } = run(file, fake);
    await vi.advanceTimersByTimeAsync(0);
    fake.puts[0]?.onProgress(MB);
    fake.puts[1]?.onProgress(2 * MB);
    expect(progress.at(-1)).toBe(3 * MB);
    fake.puts[0]?.resolve('"e1"');
    await vi.advanceTimersByTimeAsync(0);
    expect(progress.at(-1)).toBe(22 * MB);
  });

  it('on cancel stops the parts and aborts the upload on the server', async () => {
    const file = fakeFile('a.flac', 100 * MB, 'audio/flac');
    const fake = fakeCalls();
    const { result, controller, store } = run(file, fake);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort(new UploadCancelled());
    await expect(result).rejects.toBeInstanceOf(UploadCancelled);
    expect(fake.puts.every((p) => p.signal.aborted)).toBe(true);
    expect(fake.calls.abort).toHaveBeenCalledWith({ key: 'uploads/key-1', uploadId: 'up-1' });
    expect(store.get(uploadFingerprint(file, null))).toBeNull();
  });
});

describe('resuming after a reload (SPEC §3 upload resume record)', () => {
  it('writes the record on create and keeps it when the page closes mid-upload', async () => {
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const file = fakeFile('a.flac', 200 * MB, 'audio/flac');
    const fake = fakeCalls();
    const { result, controller, store } = run(file, fake);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.get(uploadFingerprint(file, null))).toEqual({
      createdAt: Date.parse('2026-03-01T10:00:00Z'),
      fileKey: 'uploads/key-1',
      uploadId: 'up-1',
    });
    controller.abort(new DOMException('Upload page closed', 'AbortError'));
    await expect(result).rejects.toThrow('Upload page closed');
    expect(fake.calls.abort).not.toHaveBeenCalled();
    expect(createResumeStore(localStorage).get(uploadFingerprint(file, null))?.uploadId).toBe('up-1');
  });

  it('reuses the record: asks for the stored parts and sends only the rest', async () => {
    const file = fakeFile('a.flac', 200 * MB, 'audio/flac');
    const store = createResumeStore(localStorage);
    store.set(uploadFingerprint(file, null), {
      createdAt: Date.now(),
      fileKey: 'uploads/old',
      uploadId: 'up-old',
    });
    const fake = fakeCalls({
      autoFinish: true,
      uploaded: [1, 2, 3, 4].map((n) => ({ PartNumber: n, ETag: `"old-${n}"`, Size: 20 * MB })),
    });
    const { result, progress } = run(file, fake, store);
    await expect(result).resolves.toEqual(fileEntry(5));
    expect(fake.calls.create).not.toHaveBeenCalled();
    expect(fake.calls.uploadedParts).toHaveBeenCalledWith(
      { key: 'uploads/old', uploadId: 'up-old' },
      expect.any(AbortSignal),
    );
    expect(fake.puts.map((p) => p.partNumber).sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(progress[0]).toBe(80 * MB);
    const parts = vi.mocked(fake.calls.complete).mock.calls[0]?.[0];
    expect(parts?.uploadId).toBe('up-old');
    expect(parts?.parts.slice(0, 5)).toEqual([
      { PartNumber: 1, ETag: '"old-1"' },
      { PartNumber: 2, ETag: '"old-2"' },
      { PartNumber: 3, ETag: '"old-3"' },
      { PartNumber: 4, ETag: '"old-4"' },
      { PartNumber: 5, ETag: '"etag-5"' },
    ]);
    expect(store.get(uploadFingerprint(file, null))).toBeNull();
  });

  it('starts again when the server no longer knows the recorded upload', async () => {
    const file = fakeFile('a.flac', 100 * MB, 'audio/flac');
    const store = createResumeStore(localStorage);
    store.set(uploadFingerprint(file, null), {
      createdAt: Date.now(),
      fileKey: 'uploads/gone',
      uploadId: 'up-gone',
    });
    const fake = fakeCalls({ autoFinish: true });
    vi.mocked(fake.calls.uploadedParts).mockRejectedValueOnce(
      new ApiError(404, { message: 'No such upload' }),
    );
    await expect(run(file, fake, store).result).resolves.toEqual(fileEntry(5));
    expect(fake.log).toEqual(['create', 'complete', 'entry']);
  });

  it('drops a record older than a day without asking the server', () => {
    const file = fakeFile('a.flac', 100 * MB, 'audio/flac');
    const fp = uploadFingerprint(file, null);
    localStorage.setItem(
      `zema.upload-resume.${fp}`,
      JSON.stringify({ createdAt: Date.now() - UPLOAD_RESUME_MAX_AGE_MS - 1, fileKey: 'k', uploadId: 'u' }),
    );
    localStorage.setItem(
      'zema.upload-resume.other',
      JSON.stringify({ createdAt: 0, fileKey: 'k', uploadId: 'u' }),
    );
    const store = createResumeStore(localStorage);
    // Stale records of other files are pruned when the store opens.
    expect(localStorage.getItem('zema.upload-resume.other')).toBeNull();
    expect(store.get(fp)).toBeNull();
  });
});
