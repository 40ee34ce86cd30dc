import { DEFAULT_ERROR_MESSAGE, UPLOAD_STALL_TIMEOUT_MS } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/lib/api-error';
import { fakeFile, fakeTransports, fileEntry, settings } from '#test/fake-uploads';
import { UploadQueue } from './upload-queue';
import { UploadCancelled, type UploadItem, UploadStalled } from './upload-types';

const MB = 1024 * 1024;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets settled transfers reach the queue (promise callbacks) without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function makeQueue(patch: Parameters<typeof settings>[0] = {}) {
  const fake = fakeTransports();
  const queue = new UploadQueue({
    settings: settings(patch),
    transports: fake.transports,
    metadata: { uploadType: 'test' },
  });
  const status = () => queue.getSnapshot().map((i) => i.status);
  return { queue, status, ...fake };
}

describe('concurrency (SPEC §4)', () => {
  it('runs 3 small files at once and starts the next as one finishes', async () => {
    const { queue, started, status } = makeQueue();
    queue.add([1, 2, 3, 4, 5].map((n) => fakeFile(`${n}.mp3`, MB)));
    expect(started).toHaveLength(3);
    expect(status()).toEqual(['inProgress', 'inProgress', 'inProgress', 'pending', 'pending']);

    started[1]?.resolve(fileEntry(2));
    await settle();
    expect(started).toHaveLength(4);
    expect(status()).toEqual(['inProgress', 'completed', 'inProgress', 'inProgress', 'pending']);
    expect(started[3]?.job.item.name).toBe('4.mp3');
  });

  it('runs the files of a dropped folder one at a time', async () => {
    const { queue, started } = makeQueue();
    queue.add([
      { file: fakeFile('01.mp3', MB), relativePath: 'Album/01.mp3' },
      { file: fakeFile('02.mp3', MB), relativePath: 'Album/02.mp3' },
      { file: fakeFile('03.mp3', MB), relativePath: 'Album/03.mp3' },
    ]);
    expect(started).toHaveLength(1);
    started[0]?.resolve(fileEntry(1));
    await settle();
    expect(started).toHaveLength(2);
    expect(started[1]?.job.item.relativePath).toBe('Album/02.mp3');
  });

  it('starts nothing beside a running folder file, not even a small single file', async () => {
    const { queue, status, started } = makeQueue();
    queue.add([{ file: fakeFile('01.mp3', MB), relativePath: 'Album/01.mp3' }]);
    queue.add([fakeFile('single.mp3', MB), fakeFile('other.mp3', MB)]);
    expect(status()).toEqual(['inProgress', 'pending', 'pending']);
    started[0]?.resolve(fileEntry(1));
    await settle();
    expect(status()).toEqual(['completed', 'inProgress', 'inProgress']);
  });

  it('runs a direct storage upload alone, waiting for the files before it', async () => {
    const { queue, started, status } = makeQueue({ disk: 's3', direct_upload: true });
    queue.add([fakeFile('a.mp3', MB), fakeFile('b.mp3', MB)]);
    expect(started).toHaveLength(1);
    expect(started[0]?.path).toBe('s3-simple');
    started[0]?.resolve(fileEntry(1));
    await settle();
    expect(status()).toEqual(['completed', 'inProgress']);
  });

  it('runs a tus upload larger than one chunk alone, and waits for the smaller ones running', async () => {
    const { queue, started, status } = makeQueue({ chunked: true, chunk_size: 5 * MB });
    queue.add([fakeFile('small.mp3', MB), fakeFile('big.flac', 50 * MB), fakeFile('after.mp3', MB)]);
    // The big one is next in line: it waits for 'small' rather than run beside it, and 'after'
    // does not overtake it.
    expect(status()).toEqual(['inProgress', 'pending', 'pending']);
    started[0]?.resolve(fileEntry(1));
    await settle();
    expect(status()).toEqual(['completed', 'inProgress', 'pending']);
    expect(started[1]?.path).toBe('tus');
    started[1]?.resolve(fileEntry(2));
    await settle();
    expect(status()).toEqual(['completed', 'completed', 'inProgress']);
  });

  it('lets a one-chunk tus upload run beside others', () => {
    const { queue, started } = makeQueue({ chunked: true, chunk_size: 5 * MB });
    queue.add([fakeFile('a.mp3', 4 * MB), fakeFile('b.mp3', 5 * MB), fakeFile('c.mp3', MB)]);
    expect(started.map((t) => t.path)).toEqual(['tus', 'tus', 'plain']);
  });
});

describe('what is queued (SPEC §5)', () => {
  it('skips .DS_Store and lists a refused file as failed, never sending it', () => {
    const { queue, started } = makeQueue({
      allowed_types: ['audio/*'],
      max_size: { audio: 10 * MB, image: MB, other: MB },
    });
    const added = queue.add([
      { file: fakeFile('.DS_Store', 6148, ''), relativePath: 'Album/.DS_Store' },
      fakeFile('notes.zip', 10, 'application/zip'),
      fakeFile('huge.wav', 11 * MB, 'audio/wav'),
      fakeFile('ok.mp3', MB),
    ]);
    expect(added.map((i) => i.name)).toEqual(['notes.zip', 'huge.wav', 'ok.mp3']);
    const [zip, wav, ok] = queue.getSnapshot();
    expect(zip).toMatchObject({ status: 'failed', error: 'This file type is not allowed', retryable: false });
    expect(wav).toMatchObject({ status: 'failed', error: 'The file may not be greater than 10 MB.' });
    expect(ok?.status).toBe('inProgress');
    expect(started.map((t) => t.job.item.name)).toEqual(['ok.mp3']);
    queue.retry(zip?.id ?? '');
    expect(queue.get(zip?.id ?? '')?.status).toBe('failed');
  });

  it('describes each item as SPEC §3 does, with the metadata and folder path for the transport', () => {
    const { queue, started } = makeQueue();
    queue.add([{ file: fakeFile('01 Intro.MP3', 1234), relativePath: 'Live/01 Intro.MP3' }]);
    expect(queue.getSnapshot()[0]).toMatchObject({
      name: '01 Intro.MP3',
      size: 1234,
      mime: 'audio/mpeg',
      extension: 'mp3',
      relativePath: 'Live/01 Intro.MP3',
      percentage: 0,
      bytesUploaded: 0,
    });
    expect(started[0]?.job.metadata).toEqual({ uploadType: 'test' });
  });
});

describe('progress, speed and time left', () => {
  it('follows the bytes sent, measuring speed over a sliding window', async () => {
    const { queue, started } = makeQueue();
    queue.add([fakeFile('a.mp3', 10 * MB)]);
    const job = started[0]?.job;
    await vi.advanceTimersByTimeAsync(1000);
    job?.onProgress(MB);
    await vi.advanceTimersByTimeAsync(1000);
    job?.onProgress(2 * MB);
    const item = queue.getSnapshot()[0] as UploadItem;
    expect(item.bytesUploaded).toBe(2 * MB);
    expect(item.percentage).toBe(20);
    expect(item.speed).toBe(MB);
    expect(item.timeLeft).toBe(8);
  });

  it('tells the listeners of each finished upload its file entry', async () => {
    const { queue, started } = makeQueue();
    const uploaded = vi.fn();
    queue.onUploaded(uploaded);
    queue.add([fakeFile('a.mp3', 10)]);
    started[0]?.resolve(fileEntry(7, 'a.mp3'));
    await settle();
    expect(uploaded).toHaveBeenCalledWith(
      fileEntry(7, 'a.mp3'),
      expect.objectContaining({ status: 'completed', percentage: 100 }),
    );
  });
});

describe('failures (SPEC §8)', () => {
  it('shows the server’s message, else the default', async () => {
    const { queue, started } = makeQueue();
    queue.add([fakeFile('a.mp3', 10), fakeFile('b.mp3', 10)]);
    started[0]?.reject(new ApiError(422, { message: 'Bad', errors: { file: ['You have no space left.'] } }));
    started[1]?.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(queue.getSnapshot().map((i) => i.error)).toEqual([
      'You have no space left.',
      DEFAULT_ERROR_MESSAGE,
    ]);
  });

  it('fails with "Upload timed out" after 30 s without progress, stopping the transfer', async () => {
    const { queue, started, status } = makeQueue();
    queue.add([fakeFile('a.mp3', 10 * MB)]);
    const job = started[0]?.job;
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_TIMEOUT_MS - 1000);
    job?.onProgress(MB); // progress restarts the 30 s
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_TIMEOUT_MS - 1);
    expect(status()).toEqual(['inProgress']);
    expect(job?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toEqual(['failed']);
    expect(queue.getSnapshot()[0]?.error).toBe('Upload timed out');
    expect(job?.signal.reason).toBeInstanceOf(UploadStalled);
  });

  it('retries a failed upload, and starts the next file when one fails', async () => {
    const { queue, started, status } = makeQueue();
    queue.add([1, 2, 3, 4].map((n) => fakeFile(`${n}.mp3`, 10)));
    started[0]?.reject(new TypeError('offline'));
    await settle();
    expect(status()).toEqual(['failed', 'inProgress', 'inProgress', 'inProgress']);
    queue.retry(queue.getSnapshot()[0]?.id ?? '');
    expect(status()[0]).toBe('pending');
    started[1]?.resolve(fileEntry(2));
    await settle();
    expect(status()).toEqual(['inProgress', 'completed', 'inProgress', 'inProgress']);
    expect(started).toHaveLength(5);
  });
});

describe('cancel and clear', () => {
  it('cancels a running upload (aborted, its transfer told it was a cancel) and a waiting one', async () => {
    const { queue, started, status } = makeQueue();
    queue.add([1, 2, 3, 4].map((n) => fakeFile(`${n}.mp3`, 10)));
    const [a, , , d] = queue.getSnapshot();
    queue.cancel(d?.id ?? '');
    queue.cancel(a?.id ?? '');
    expect(started[0]?.job.signal.reason).toBeInstanceOf(UploadCancelled);
    await settle();
    expect(status()).toEqual(['aborted', 'inProgress', 'inProgress', 'aborted']);
    // A late answer from the cancelled transfer changes nothing.
    started[0]?.resolve(fileEntry(1));
    await settle();
    expect(status()[0]).toBe('aborted');
  });

  it('clears finished items, keeping the running and waiting ones', async () => {
    const { queue, started } = makeQueue();
    queue.add([1, 2, 3, 4, 5].map((n) => fakeFile(`${n}.mp3`, 10)));
    started[0]?.resolve(fileEntry(1));
    started[1]?.reject(new TypeError('offline'));
    queue.cancel(queue.getSnapshot()[4]?.id ?? '');
    await settle();
    queue.clearFinished();
    expect(queue.getSnapshot().map((i) => [i.name, i.status])).toEqual([
      ['3.mp3', 'inProgress'],
      ['4.mp3', 'inProgress'],
    ]);
  });

  it('stops running transfers without cancelling them when disposed (they stay resumable)', () => {
    const { queue, started } = makeQueue();
    queue.add([fakeFile('a.mp3', 10)]);
    queue.dispose();
    expect(started[0]?.job.signal.aborted).toBe(true);
    expect(started[0]?.job.signal.reason).not.toBeInstanceOf(UploadCancelled);
  });
});

describe('asking the server before and finishing after', () => {
  function queueWith(
    options: Pick<ConstructorParameters<typeof UploadQueue>[0], 'preflight' | 'afterUpload'>,
  ) {
    const fake = fakeTransports();
    const queue = new UploadQueue({ settings: settings(), transports: fake.transports, ...options });
    const uploaded: number[] = [];
    queue.onUploaded((entry) => uploaded.push(entry.id));
    return { queue, uploaded, ...fake };
  }

  it('a refusal from the preflight fails the file before a byte is sent, with its message', async () => {
    const preflight = vi.fn(async ({ item }: { item: UploadItem }) =>
      item.size > MB ? 'This file (2 MB) does not fit in your storage.' : null,
    );
    const { queue, started } = queueWith({ preflight });
    const [big, small] = queue.add([fakeFile('big.mp3', 2 * MB), fakeFile('small.mp3', MB / 2)]);
    await settle();
    expect(preflight).toHaveBeenCalledTimes(2);
    expect(queue.get(big!.id)).toMatchObject({
      status: 'failed',
      error: 'This file (2 MB) does not fit in your storage.',
    });
    expect(started.map((t) => t.job.item.name)).toEqual(['small.mp3']);
    expect(queue.get(small!.id)?.status).toBe('inProgress');
  });

  it('a preflight that cannot answer fails the file with the server’s message', async () => {
    const { queue, started } = queueWith({
      preflight: () => Promise.reject(new ApiError(403, { message: 'You do not manage this artist.' })),
    });
    const [item] = queue.add([fakeFile('a.mp3', MB)]);
    await settle();
    expect(queue.get(item!.id)).toMatchObject({ status: 'failed', error: 'You do not manage this artist.' });
    expect(started).toHaveLength(0);
  });

  it('completes a file only once the step after it succeeded, showing the step meanwhile', async () => {
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { queue, started, uploaded } = queueWith({ afterUpload: { label: 'Adding to the release', run } });
    const [item] = queue.add([fakeFile('a.mp3', MB)]);
    started[0]?.resolve(fileEntry(31));
    await settle();
    expect(run).toHaveBeenCalledWith(fileEntry(31), expect.objectContaining({ name: 'a.mp3' }));
    expect(queue.get(item!.id)).toMatchObject({ status: 'inProgress', step: 'Adding to the release' });
    // Nothing to cancel: the file is there and the step runs to its end.
    queue.cancel(item!.id);
    expect(queue.get(item!.id)?.status).toBe('inProgress');
    expect(uploaded).toEqual([]);
    finish();
    await settle();
    expect(queue.get(item!.id)).toMatchObject({ status: 'completed', step: null, fileEntry: fileEntry(31) });
    expect(uploaded).toEqual([31]);
  });

  it('a refused step fails the file with the refusal: never "completed", no listener told', async () => {
    const { queue, started, uploaded } = queueWith({
      afterUpload: {
        label: 'Adding to the release',
        run: () => Promise.reject(new ApiError(403, { message: 'You do not manage this artist.' })),
      },
    });
    const [item] = queue.add([fakeFile('a.mp3', MB)]);
    started[0]?.resolve(fileEntry(31));
    await settle();
    expect(queue.get(item!.id)).toMatchObject({
      status: 'failed',
      error: 'You do not manage this artist.',
      step: null,
      fileEntry: null,
    });
    expect(uploaded).toEqual([]);
  });
});
