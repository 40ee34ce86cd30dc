import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '#src/lib/cookies';
import { fileEntry, settings } from '#test/fake-uploads';
import { mockApi, ok } from '#test/mock-api';
import { filesFromDataTransfer, filesFromInput } from './collect-files';
import { createPlainTransport } from './plain-transport';
import { createS3SimpleTransport } from './s3-simple-transport';
import type { UploadItem } from './upload-types';

/** Stands in for XMLHttpRequest: records the request; the test answers it. */
class FakeXhr {
  static made: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  private listeners: Record<string, Array<() => void>> = {};
  upload = {
    progress: [] as Array<(e: { loaded: number }) => void>,
    addEventListener: (_: string, fn: (e: { loaded: number }) => void) => this.upload.progress.push(fn),
  };
  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), fn];
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    for (const fn of this.listeners.abort ?? []) fn();
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.responseHeaders = { 'content-type': 'application/json', ...headers };
    for (const fn of this.listeners.load ?? []) fn();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.made = [];
});

function item(file: File, patch: Partial<UploadItem> = {}): UploadItem {
  return {
    id: 'u1',
    name: file.name,
    size: file.size,
    mime: file.type,
    extension: 'mp3',
    relativePath: null,
    status: 'inProgress',
    percentage: 0,
    bytesUploaded: 0,
    path: 'plain',
    speed: null,
    timeLeft: null,
    error: null,
    retryable: true,
    fileEntry: null,
    ...patch,
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('plain upload (SPEC §7 POST file-entries)', () => {
  it('posts the file, its mime, extension and metadata with the anti-forgery header, reporting progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setCookie('XSRF-TOKEN', 'xsrf-1');
    const file = new File(['abc'], 'a.mp3', { type: 'audio/mpeg' });
    const progress: number[] = [];
    const result = createPlainTransport()({
      item: item(file, { relativePath: 'Demo/a.mp3' }),
      file,
      metadata: { uploadType: 'proof' },
      signal: new AbortController().signal,
      onProgress: (n) => progress.push(n),
    });
    const xhr = FakeXhr.made[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/file-entries');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['X-XSRF-TOKEN']).toBe('xsrf-1');
    const form = xhr.body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
    expect(form.get('clientMime')).toBe('audio/mpeg');
    expect(form.get('clientExtension')).toBe('mp3');
    expect(JSON.parse(String(form.get('metadata')))).toEqual({
      uploadType: 'proof',
      relativePath: 'Demo/a.mp3',
    });
    for (const fn of xhr.upload.progress) fn({ loaded: 2 });
    expect(progress).toEqual([2]);
    xhr.answer(200, { fileEntry: fileEntry(1, 'a.mp3') });
    await expect(result).resolves.toEqual(fileEntry(1, 'a.mp3'));
  });

  it('rejects with the server’s message, and stops the request when aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const file = new File(['abc'], 'a.mp3', { type: 'audio/mpeg' });
    const send = createPlainTransport();
    const failed = send({
      item: item(file),
      file,
      metadata: {},
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    FakeXhr.made[0]?.answer(422, { message: 'Invalid', errors: { file: ['This file type is not allowed'] } });
    await expect(failed).rejects.toMatchObject({
      status: 422,
      errors: { file: ['This file type is not allowed'] },
    });

    const controller = new AbortController();
    const aborted = send({
      item: item(file),
      file,
      metadata: {},
      signal: controller.signal,
      onProgress: () => undefined,
    });
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
  });
});

describe('direct storage upload (SPEC §7 presign → PUT → s3/entries)', () => {
  it('presigns, PUTs the bytes without credentials, then records the entry', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setCookie('XSRF-TOKEN', 'xsrf-1');
    const calls = mockApi((call) => {
      if (call.path === '/api/v1/s3/simple/presign') {
        return ok({
          url: 'https://bucket.test/uploads/k1?X-Amz-Signature=s',
          acl: 'private',
          key: 'uploads/k1',
        });
      }
      if (call.path === '/api/v1/s3/entries') return ok({ fileEntry: fileEntry(9, 'a.mp3') });
      return undefined;
    });
    const file = new File(['abcd'], 'a.mp3', { type: 'audio/mpeg' });
    const result = createS3SimpleTransport({ settings: () => settings({ disk: 's3', direct_upload: true }) })(
      {
        item: item(file, { path: 's3-simple' }),
        file,
        metadata: { uploadType: 'backstage-track' },
        signal: new AbortController().signal,
        onProgress: () => undefined,
      },
    );
    await vi.waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      filename: 'a.mp3',
      mime: 'audio/mpeg',
      disk: 's3',
      size: 4,
      extension: 'mp3',
      metadata: { uploadType: 'backstage-track' },
    });
    const put = FakeXhr.made[0] as FakeXhr;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('https://bucket.test/uploads/k1?X-Amz-Signature=s');
    expect(put.withCredentials).toBe(false);
    expect(put.headers['X-XSRF-TOKEN']).toBeUndefined();
    expect(put.headers['Content-Type']).toBe('audio/mpeg');
    expect(put.body).toBe(file);
    put.answer(200, undefined);
    await expect(result).resolves.toEqual(fileEntry(9, 'a.mp3'));
    expect(calls[1]?.body).toEqual({
      clientMime: 'audio/mpeg',
      clientName: 'a.mp3',
      filename: 'uploads/k1',
      size: 4,
      clientExtension: 'mp3',
      metadata: { uploadType: 'backstage-track' },
    });
    await tick();
  });
});

describe('dropped folders keep their paths (SPEC §4)', () => {
  function fileEntryOf(path: string) {
    const file = new File(['x'], path.split('/').pop() ?? path, { type: 'audio/mpeg' });
    return {
      isFile: true,
      isDirectory: false,
      fullPath: `/${path}`,
      file: (ok: (f: File) => void) => ok(file),
    };
  }
  function dirOf(path: string, children: unknown[]) {
    // Answers in two batches, then none, as Chromium does for big folders.
    const batches = [children.slice(0, 1), children.slice(1), []];
    return {
      isFile: false,
      isDirectory: true,
      fullPath: `/${path}`,
      createReader: () => ({ readEntries: (ok: (e: unknown[]) => void) => ok(batches.shift() ?? []) }),
    };
  }

  it('walks folders through webkitGetAsEntry, reading every batch', async () => {
    const album = dirOf('Album', [
      fileEntryOf('Album/01.mp3'),
      fileEntryOf('Album/.DS_Store'),
      dirOf('Album/CD2', [fileEntryOf('Album/CD2/01.mp3')]),
    ]);
    const data = {
      items: [
        { kind: 'file', webkitGetAsEntry: () => album },
        { kind: 'file', webkitGetAsEntry: () => fileEntryOf('single.mp3') },
        { kind: 'string', webkitGetAsEntry: () => null },
      ],
      files: [],
    } as unknown as DataTransfer;
    const files = await filesFromDataTransfer(data);
    expect(files.map((f) => [f.file.name, f.relativePath])).toEqual([
      ['01.mp3', 'Album/01.mp3'],
      ['.DS_Store', 'Album/.DS_Store'],
      ['01.mp3', 'Album/CD2/01.mp3'],
      ['single.mp3', null],
    ]);
  });

  it('reads the folder picker’s relative paths', () => {
    const file = new File(['x'], '01.mp3');
    Object.defineProperty(file, 'webkitRelativePath', { value: 'Album/01.mp3' });
    const lone = new File(['x'], 'b.mp3');
    expect(filesFromInput([file, lone] as unknown as FileList).map((f) => f.relativePath)).toEqual([
      'Album/01.mp3',
      null,
    ]);
  });
});
