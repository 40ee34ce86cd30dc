import type { FileEntry, UploadSettings } from '@zema/contracts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { createDefaultTransports } from './default-transports';
import { UploadQueue, type UploadQueueOptions } from './upload-queue';
import type { UploadItem } from './upload-types';

export interface UseUploadQueueOptions
  extends Partial<
    Pick<UploadQueueOptions, 'metadata' | 'accept' | 'transports' | 'clock' | 'preflight' | 'afterUpload'>
  > {
  /** Defaults to the admin's settings from bootstrap data (`settings.uploads`). */
  settings?: UploadSettings;
}

/**
 * A queue for the life of the component: made once, reading the latest settings for each new
 * file, and stopped (not cancelled: resumable uploads stay resumable) when the component goes.
 * `preflight` and `afterUpload` are read at each use, so they see the page's latest state; whether
 * the queue has them is decided when it is made.
 */
export function useUploadQueue(options: UseUploadQueueOptions = {}): UploadQueue {
  const bootstrapSettings = useSettings().uploads;
  const settingsRef = useRef<UploadSettings>(options.settings ?? bootstrapSettings);
  settingsRef.current = options.settings ?? bootstrapSettings;
  const latest = useRef(options);
  latest.current = options;
  const { trans } = useTrans();
  const transRef = useRef(trans);
  transRef.current = trans;
  const [queue] = useState(() => {
    const settings = () => settingsRef.current;
    const { preflight, afterUpload } = options;
    return new UploadQueue({
      settings,
      transports: options.transports ?? createDefaultTransports(settings),
      metadata: options.metadata,
      accept: options.accept,
      clock: options.clock,
      trans: (message, values) => transRef.current(message, values),
      preflight: preflight && ((job) => (latest.current.preflight ?? preflight)(job)),
      afterUpload: afterUpload && {
        get label() {
          return (latest.current.afterUpload ?? afterUpload).label;
        },
        run: (entry, item) => (latest.current.afterUpload ?? afterUpload).run(entry, item),
      },
    });
  });
  useEffect(() => {
    queue.resume();
    return () => queue.dispose();
  }, [queue]);
  return queue;
}

/** The queue's items, re-rendering on every change. */
export function useUploadItems(queue: UploadQueue): readonly UploadItem[] {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}

/** Calls the latest `onUploaded` once per finished upload of `queue`, with the server's entry. */
export function useOnUploaded(
  queue: UploadQueue,
  onUploaded: ((fileEntry: FileEntry, item: UploadItem) => void) | undefined,
): void {
  const callback = useRef(onUploaded);
  callback.current = onUploaded;
  useEffect(() => queue.onUploaded((entry, item) => callback.current?.(entry, item)), [queue]);
}
