import { XSRF_HEADER } from '@zema/contracts';
import type { HttpRequest, UploadOptions } from 'tus-js-client';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '#src/lib/cookies';
import { fakeFile, fileEntry, settings } from '#test/fake-uploads';
import { createTusTransport, type TusUpload } from './tus-transport';
import { UploadCancelled, type UploadItem, UploadStalled } from './upload-types';

const MB = 1024 * 1024;

function item(file: File, patch: Partial<UploadItem> = {}): UploadItem {
  return {
    id: 'u1',
    name: file.name,
    size: file.size,
    mime: file.type,
    extension: 'wav',
    relativePath: null,
    status: 'inProgress',
    percentage: 0,
    bytesUploaded: 0,
    path: 'tus',
    speed: null,
    timeLeft: null,
    error: null,
    retryable: true,
    fileEntry: null,
    ...patch,
  };
}

/** A stand-in for tus-js-client's Upload that records what the transport asks of it. */
function fakeTus(previous: Array<{ uploadUrl: string }> = []) {
  const made: Array<{
    options: UploadOptions;
    upload: TusUpload & { started: boolean; resumedFrom: unknown };
  }> = [];
  const createUpload = (_file: File, options: UploadOptions) => {
    const upload = {
      url: null as string | null,
      started: false,
      resumedFrom: null as unknown,
      start() {
        upload.started = true;
      },
      abort: vi.fn(async () => undefined),
      findPreviousUploads: async () => previous as never,
      resumeFromPreviousUpload(p: unknown) {
        upload.resumedFrom = p;
        upload.url = (p as { uploadUrl: string }).uploadUrl;
      },
    };
    made.push({ options, upload });
    return upload;
  };
  return { made, createUpload };
}

function start(fake: ReturnType<typeof fakeTus>, patch: Partial<UploadItem> = {}) {
  const file = fakeFile('take.wav', 40 * MB, 'audio/wav');
  const createEntry = vi.fn(async () => fileEntry(3));
  const controller = new AbortController();
  const progress: number[] = [];
  const transport = createTusTransport({
    settings: () => settings({ chunk_size: 8 * MB, disk: 'local' }),
    createUpload: fake.createUpload,
    createEntry,
  });
  const result = transport({
    item: item(file, patch),
    file,
    metadata: { uploadType: 'backstage-track', parentId: 12 },
    signal: controller.signal,
    onProgress: (n) => progress.push(n),
  });
  result.catch(() => undefined);
  return { result, controller, createEntry, progress };
}

const madeOne = async (fake: ReturnType<typeof fakeTus>) => {
  await vi.waitFor(() => expect(fake.made[0]?.upload.started).toBe(true));
  return fake.made[0] as (typeof fake.made)[number];
};

describe('tus uploads (SPEC §7)', () => {
  it('sends to /api/v1/tus/upload in chunks of the admin’s size, with the SPEC retry delays and metadata', async () => {
    const fake = fakeTus();
    start(fake, { relativePath: 'Live/take.wav' });
    const { options } = await madeOne(fake);
    expect(options.endpoint).toBe('/api/v1/tus/upload');
    expect(options.chunkSize).toBe(8 * MB);
    expect(options.retryDelays).toEqual([0, 3000, 5000, 10000, 20000]);
    expect(options.storeFingerprintForResuming).toBe(true);
    expect(options.removeFingerprintOnSuccess).toBe(true);
    expect(options.overridePatchMethod).toBeUndefined();
    expect(options.metadata).toEqual({
      name: 'take.wav',
      clientName: 'take.wav',
      clientExtension: 'wav',
      clientMime: 'audio/wav',
      clientSize: String(40 * MB),
      disk: 'local',
      parentId: '12',
      relativePath: 'Live/take.wav',
      uploadType: 'backstage-track',
    });
  });

  it('sends the anti-forgery token of the moment with every request', async () => {
    const fake = fakeTus();
    start(fake);
    const { options } = await madeOne(fake);
    setCookie('XSRF-TOKEN', 'token-1');
    const headers: Record<string, string> = {};
    const req = { setHeader: (k: string, v: string) => (headers[k] = v) } as unknown as HttpRequest;
    await options.onBeforeRequest?.(req);
    expect(headers[XSRF_HEADER]).toBe('token-1');
    setCookie('XSRF-TOKEN', 'token-2');
    await options.onBeforeRequest?.(req);
    expect(headers[XSRF_HEADER]).toBe('token-2');
  });

  it('resumes the upload a reload left, then turns it into a file entry by its key', async () => {
    const fake = fakeTus([{ uploadUrl: 'http://localhost/api/v1/tus/upload/abc123' }]);
    const { result, createEntry, progress } = start(fake);
    const { options, upload } = await madeOne(fake);
    expect(upload.resumedFrom).toEqual({ uploadUrl: 'http://localhost/api/v1/tus/upload/abc123' });
    options.onProgress?.(20 * MB, 40 * MB);
    expect(progress).toEqual([20 * MB]);
    options.onSuccess?.({} as never);
    await expect(result).resolves.toEqual(fileEntry(3));
    expect(createEntry).toHaveBeenCalledWith('abc123', expect.any(AbortSignal));
  });

  it('terminates the upload on the server when cancelled, keeps it on a stall', async () => {
    const cancelled = fakeTus();
    const a = start(cancelled);
    const first = await madeOne(cancelled);
    a.controller.abort(new UploadCancelled());
    await expect(a.result).rejects.toBeInstanceOf(UploadCancelled);
    expect(first.upload.abort).toHaveBeenCalledWith(true);

    const stalled = fakeTus();
    const b = start(stalled);
    const second = await madeOne(stalled);
    b.controller.abort(new UploadStalled('Upload timed out'));
    await expect(b.result).rejects.toBeInstanceOf(UploadStalled);
    expect(second.upload.abort).toHaveBeenCalledWith(false);
  });

  it('fails with the server’s message', async () => {
    const { DetailedError } = await import('tus-js-client');
    const fake = fakeTus();
    const { result } = start(fake);
    const { options } = await madeOne(fake);
    const response = {
      getStatus: () => 413,
      getBody: () => JSON.stringify({ message: 'The file may not be greater than 10 MB.' }),
    };
    const error = Object.assign(new DetailedError('tus: unexpected response'), {
      originalResponse: response,
    });
    options.onError?.(error);
    await expect(result).rejects.toThrow('The file may not be greater than 10 MB.');
  });
});
