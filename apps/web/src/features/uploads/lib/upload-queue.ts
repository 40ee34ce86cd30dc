import {
  type FileEntry,
  fileExtension,
  UPLOAD_CONCURRENCY,
  UPLOAD_STALL_TIMEOUT_MS,
  UPLOAD_TIMED_OUT_MESSAGE,
  type UploadSettings,
} from '@zema/contracts';
import { type TransFn, transNow } from '#src/lib/i18n';
import { SpeedMeter } from './speed-meter';
import { uploadErrorMessage } from './upload-error';
import {
  chooseUploadPath,
  isIgnoredUpload,
  runsAlone,
  uploadMime,
  uploadRestrictionError,
} from './upload-rules';
import {
  realClock,
  UploadCancelled,
  type UploadClock,
  type UploadFollowUp,
  type UploadItem,
  type UploadMetadata,
  type UploadPreflight,
  UploadRefused,
  UploadStalled,
  type UploadTransports,
} from './upload-types';

export interface UploadQueueOptions {
  /** The admin's upload settings (bootstrap `settings.uploads`); read again for every new file. */
  settings: UploadSettings | (() => UploadSettings);
  transports: UploadTransports;
  /** Sent with every file unless `add` gives its own. */
  metadata?: UploadMetadata;
  /** Types this queue takes on top of the admin's list (mime patterns and extensions). */
  accept?: readonly string[];
  clock?: UploadClock;
  /** Asked before each file is sent (quota, permission); without it a transfer starts at once. */
  preflight?: UploadPreflight;
  /** Done after each transfer before the item is completed (and `onUploaded` is told). */
  afterUpload?: UploadFollowUp;
  /** Translates the queue's own messages (refusals, a stall); `transNow` without it. */
  trans?: TransFn;
}

/** A file to queue, with its path inside a dropped folder. */
export interface QueuedFile {
  file: File;
  relativePath?: string | null;
}

export type UploadedListener = (fileEntry: FileEntry, item: UploadItem) => void;

interface Run {
  controller: AbortController;
  stallTimer: unknown;
  meter: SpeedMeter;
  lastBytes: number;
}

let nextId = 0;

/**
 * The browser upload queue (SPEC §4): items go pending → inProgress → completed | failed, or
 * aborted when cancelled. Up to UPLOAD_CONCURRENCY run at once, but a folder upload, a direct
 * storage upload or a tus upload of more than one chunk runs alone. The queue knows nothing of the
 * network: each path is an injected transport, and time comes from an injected clock, so the
 * scheduling, the stall timeout and cancellation are tested without a browser.
 *
 * React reads it through `subscribe`/`getSnapshot` (useSyncExternalStore).
 */
export class UploadQueue {
  private items: UploadItem[] = [];
  private snapshot: readonly UploadItem[] = [];
  private readonly files = new Map<string, File>();
  private readonly metadata = new Map<string, UploadMetadata>();
  private readonly runs = new Map<string, Run>();
  /** Items whose transfer finished and whose `afterUpload` step is running. */
  private readonly following = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly uploadedListeners = new Set<UploadedListener>();
  private readonly clock: UploadClock;

  constructor(private readonly options: UploadQueueOptions) {
    this.clock = options.clock ?? realClock;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly UploadItem[] => this.snapshot;

  /** Called once per completed upload with the server's file entry. */
  onUploaded(listener: UploadedListener): () => void {
    this.uploadedListeners.add(listener);
    return () => {
      this.uploadedListeners.delete(listener);
    };
  }

  get(id: string): UploadItem | undefined {
    return this.items.find((i) => i.id === id);
  }

  /**
   * Queues files and starts what may start. `.DS_Store` files are skipped (SPEC §5); a file the
   * restrictions refuse is listed as failed with the reason, and never sent.
   */
  add(files: Iterable<File | QueuedFile>, metadata?: UploadMetadata): UploadItem[] {
    const settings = this.settings();
    const added: UploadItem[] = [];
    for (const entry of files) {
      const { file, relativePath = null } = entry instanceof File ? { file: entry } : entry;
      if (isIgnoredUpload(file.name) || (relativePath && isIgnoredUpload(relativePath))) continue;
      const extension = fileExtension(file.name);
      const mime = uploadMime(file.type, extension);
      const refusal = uploadRestrictionError(
        { size: file.size, mime, extension },
        settings,
        this.options.accept,
        this.trans,
      );
      const item: UploadItem = {
        id: `upload-${++nextId}`,
        name: file.name,
        size: file.size,
        mime,
        extension,
        relativePath: relativePath || null,
        status: refusal ? 'failed' : 'pending',
        percentage: 0,
        bytesUploaded: 0,
        path: chooseUploadPath(file.size, settings),
        speed: null,
        timeLeft: null,
        error: refusal,
        retryable: !refusal,
        fileEntry: null,
      };
      this.files.set(item.id, file);
      this.metadata.set(item.id, { ...(metadata ?? this.options.metadata) });
      this.items.push(item);
      added.push(item);
    }
    if (added.length) {
      this.publish();
      this.pump();
    }
    return added;
  }

  /** User cancel: a pending or running upload ends aborted (a running one is stopped and dropped). */
  cancel(id: string): void {
    const item = this.get(id);
    if (!item || (item.status !== 'pending' && item.status !== 'inProgress')) return;
    // The file is on the server and the step after it under way: it ends by itself, either way.
    if (this.following.has(id)) return;
    this.stop(id, new UploadCancelled());
    this.update(id, { status: 'aborted', speed: null, timeLeft: null });
    this.pump();
  }

  /** Queues a failed or aborted upload again (restriction refusals cannot be retried). */
  retry(id: string): void {
    const item = this.get(id);
    if (!item?.retryable || (item.status !== 'failed' && item.status !== 'aborted')) return;
    this.update(id, { status: 'pending', error: null, percentage: 0, bytesUploaded: 0 });
    this.pump();
  }

  /** Drops completed, failed and aborted items from the list. */
  clearFinished(): void {
    const keep = this.items.filter((i) => i.status === 'pending' || i.status === 'inProgress');
    if (keep.length === this.items.length) return;
    for (const item of this.items) {
      if (!keep.includes(item)) {
        this.files.delete(item.id);
        this.metadata.delete(item.id);
      }
    }
    this.items = keep;
    this.publish();
  }

  /**
   * Stops every running upload without cancelling it on the server (the page is going away): a
   * tus or multipart upload stays resumable when the same file is queued again.
   */
  dispose(): void {
    for (const id of [...this.runs.keys()]) {
      this.stop(id, new DOMException('Upload page closed', 'AbortError'));
      // Not running any more; a queue used again (React's strict mode remounts) starts it afresh.
      this.update(id, { status: 'pending', speed: null, timeLeft: null });
    }
  }

  /** Starts what may start (after `dispose`, when the same queue is mounted again). */
  resume(): void {
    this.pump();
  }

  private readonly trans: TransFn = (message, values) => (this.options.trans ?? transNow)(message, values);

  private settings(): UploadSettings {
    const s = this.options.settings;
    return typeof s === 'function' ? s() : s;
  }

  private pump(): void {
    const settings = this.settings();
    for (;;) {
      // Strictly in order: a file that must run alone waits for the others rather than being
      // overtaken for ever by smaller ones.
      const next = this.items.find((i) => i.status === 'pending');
      if (!next) return;
      const active = this.items.filter((i) => i.status === 'inProgress');
      if (active.length >= UPLOAD_CONCURRENCY) return;
      if (active.some((i) => runsAlone(i, settings))) return;
      if (active.length > 0 && runsAlone(next, settings)) return;
      this.start(next);
    }
  }

  private start(item: UploadItem): void {
    const file = this.files.get(item.id);
    if (!file) return;
    const run: Run = {
      controller: new AbortController(),
      stallTimer: null,
      meter: new SpeedMeter(),
      lastBytes: 0,
    };
    this.runs.set(item.id, run);
    this.update(item.id, {
      status: 'inProgress',
      percentage: 0,
      bytesUploaded: 0,
      speed: null,
      timeLeft: null,
      error: null,
      step: null,
    });
    this.armStallTimer(item.id, run);
    run.meter.add(this.clock.now(), 0);

    const transport = this.options.transports[item.path];
    const { signal } = run.controller;
    const send = () =>
      transport({
        item: this.get(item.id) ?? item,
        file,
        metadata: this.metadata.get(item.id) ?? {},
        signal,
        onProgress: (bytes) => this.progress(item.id, run, bytes),
      });
    const { preflight } = this.options;
    let promise: Promise<FileEntry>;
    if (preflight) {
      // The server is asked first; a refusal fails the item before a byte is sent.
      promise = preflight({ item: this.get(item.id) ?? item, file, signal }).then((refusal) => {
        if (refusal) throw new UploadRefused(refusal);
        if (signal.aborted) throw signal.reason;
        return send();
      });
    } else {
      try {
        promise = send();
      } catch (err) {
        promise = Promise.reject(err);
      }
    }
    promise.then(
      (fileEntry) => {
        // A cancelled or timed-out run may still settle later: its answer no longer counts.
        if (this.runs.get(item.id) !== run) return;
        this.stop(item.id);
        const { afterUpload } = this.options;
        if (!afterUpload) return this.complete(item.id, fileEntry);
        this.following.add(item.id);
        this.update(item.id, {
          percentage: 100,
          bytesUploaded: item.size,
          speed: null,
          timeLeft: null,
          step: afterUpload.label,
        });
        const current = this.get(item.id) ?? item;
        Promise.resolve()
          .then(() => afterUpload.run(fileEntry, current))
          .then(
            () => {
              this.following.delete(item.id);
              this.complete(item.id, fileEntry);
            },
            (err: unknown) => {
              this.following.delete(item.id);
              this.update(item.id, {
                status: 'failed',
                error: uploadErrorMessage(err, this.trans),
                step: null,
                fileEntry: null,
              });
              this.pump();
            },
          );
      },
      (err: unknown) => {
        if (this.runs.get(item.id) !== run) return;
        this.stop(item.id);
        this.update(item.id, {
          status: 'failed',
          error: uploadErrorMessage(err, this.trans),
          speed: null,
          timeLeft: null,
        });
        this.pump();
      },
    );
  }

  private complete(id: string, fileEntry: FileEntry): void {
    const item = this.get(id);
    if (!item) return;
    const done = this.update(id, {
      status: 'completed',
      percentage: 100,
      bytesUploaded: item.size,
      speed: null,
      timeLeft: null,
      step: null,
      fileEntry,
    });
    if (done) for (const l of [...this.uploadedListeners]) l(fileEntry, done);
    this.pump();
  }

  private progress(id: string, run: Run, bytes: number): void {
    if (this.runs.get(id) !== run) return;
    const item = this.get(id);
    if (!item) return;
    const clamped = Math.max(0, Math.min(bytes, item.size));
    if (clamped !== run.lastBytes) {
      run.lastBytes = clamped;
      this.armStallTimer(id, run);
    }
    const now = this.clock.now();
    run.meter.add(now, clamped);
    this.update(id, {
      bytesUploaded: clamped,
      percentage: item.size === 0 ? 0 : Math.floor((clamped / item.size) * 100),
      speed: run.meter.speed(),
      timeLeft: run.meter.timeLeft(item.size),
    });
  }

  /** SPEC §8: no progress for UPLOAD_STALL_TIMEOUT_MS → the transfer is stopped and the item fails. */
  private armStallTimer(id: string, run: Run): void {
    if (run.stallTimer !== null) this.clock.clearTimeout(run.stallTimer);
    run.stallTimer = this.clock.setTimeout(() => {
      if (this.runs.get(id) !== run) return;
      this.stop(id, new UploadStalled(UPLOAD_TIMED_OUT_MESSAGE));
      this.update(id, {
        status: 'failed',
        error: this.trans(UPLOAD_TIMED_OUT_MESSAGE),
        speed: null,
        timeLeft: null,
      });
      this.pump();
    }, UPLOAD_STALL_TIMEOUT_MS);
  }

  /** Forgets a run; with a reason, also aborts its transfer. */
  private stop(id: string, reason?: unknown): void {
    const run = this.runs.get(id);
    if (!run) return;
    this.runs.delete(id);
    if (run.stallTimer !== null) this.clock.clearTimeout(run.stallTimer);
    if (reason !== undefined) run.controller.abort(reason);
  }

  private update(id: string, patch: Partial<UploadItem>): UploadItem | undefined {
    const index = this.items.findIndex((i) => i.id === id);
    const current = this.items[index];
    if (!current) return undefined;
    const next = { ...current, ...patch };
    this.items[index] = next;
    this.publish();
    return next;
  }

  private publish(): void {
    this.snapshot = [...this.items];
    for (const l of [...this.listeners]) l();
  }
}
