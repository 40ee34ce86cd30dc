import { TOAST_DANGER_DURATION_MS, TOAST_DEFAULT_DURATION_MS } from '@zema/contracts';
import { ToastQueue } from 'react-stately/useToastState';

export type ToastType = 'positive' | 'danger' | 'loading';
export type ToastPosition =
  | 'bottom-center'
  | 'bottom-left'
  | 'bottom-right'
  | 'top-center'
  | 'top-left'
  | 'top-right';

export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastOptions {
  type?: ToastType;
  /** Adding a toast with an id already shown replaces it. */
  id?: string;
  /** Milliseconds before it goes away; defaults by type (SPEC §9). Ignored for loading toasts. */
  duration?: number;
  position?: ToastPosition;
  action?: ToastAction;
}

/** A toast as rendered (SPEC §3 Toast). */
export interface ToastData {
  id: string;
  message: string;
  type?: ToastType;
  position: ToastPosition;
  /** null: never times out. */
  duration: number | null;
  action?: ToastAction;
}

/** Pausable countdown; resumes with the time that was left. */
class Countdown {
  private handle: ReturnType<typeof setTimeout> | null = null;
  private startedAt = 0;
  private remaining: number;

  constructor(
    private readonly onDone: () => void,
    duration: number,
  ) {
    this.remaining = duration;
    this.resume();
  }

  get isRunning(): boolean {
    return this.handle !== null;
  }

  pause(): void {
    if (this.handle === null) return;
    clearTimeout(this.handle);
    this.handle = null;
    this.remaining -= Date.now() - this.startedAt;
  }

  resume(): void {
    if (this.handle !== null || this.remaining <= 0) return;
    this.startedAt = Date.now();
    this.handle = setTimeout(() => {
      this.handle = null;
      this.remaining = 0;
      this.onDone();
    }, this.remaining);
  }

  cancel(): void {
    if (this.handle !== null) clearTimeout(this.handle);
    this.handle = null;
  }
}

interface ToastRecord {
  key: string;
  countdown: Countdown | null;
  hovered: boolean;
  focused: boolean;
}

/**
 * Module-level store: `toast()` can be called from anywhere (fetch error handlers, mutations),
 * `<ToastRegion/>` renders it. React Aria's queue drives rendering and the accessible region; the
 * timers are ours so a hover/focus pauses only the toast under it and ids can be replaced.
 */
export const queue = new ToastQueue<ToastData>({ maxVisibleToasts: 1 });
const records = new Map<string, ToastRecord>();
let counter = 0;

function defaultDuration(type: ToastType | undefined): number | null {
  if (type === 'loading') return null;
  return type === 'danger' ? TOAST_DANGER_DURATION_MS : TOAST_DEFAULT_DURATION_MS;
}

function addToast(message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  // One toast at a time (SPEC §4): a new toast, or one with the same id, drops the others.
  for (const existing of [...records.keys()]) dismissToast(existing);
  const duration = options.type === 'loading' ? null : (options.duration ?? defaultDuration(options.type));
  const data: ToastData = {
    id,
    message,
    type: options.type,
    position: options.position ?? 'bottom-center',
    duration,
    action: options.action,
  };
  const record: ToastRecord = { key: '', countdown: null, hovered: false, focused: false };
  record.key = queue.add(data, {
    onClose: () => {
      record.countdown?.cancel();
      if (records.get(id) === record) records.delete(id);
    },
  });
  records.set(id, record);
  if (duration !== null) record.countdown = new Countdown(() => dismissToast(id), duration);
  return id;
}

/** Shows a toast and returns its id. */
export const toast = Object.assign(addToast, {
  positive: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    addToast(message, { ...options, type: 'positive' }),
  danger: (message: string, options?: Omit<ToastOptions, 'type'>) =>
    addToast(message, { ...options, type: 'danger' }),
  /** A loading toast never times out and has no close button: dismiss or replace it by id. */
  loading: (message: string, options?: Omit<ToastOptions, 'type' | 'duration'>) =>
    addToast(message, { ...options, type: 'loading' }),
});

/** Removes a toast by id (no-op when it is already gone). */
export function dismissToast(id: string): void {
  const record = records.get(id);
  if (!record) return;
  record.countdown?.cancel();
  records.delete(id);
  queue.close(record.key);
}

/** Removes every toast (e.g. between tests or on logout). */
export function clearToasts(): void {
  for (const id of [...records.keys()]) dismissToast(id);
}

export function setPaused(id: string, reason: 'hovered' | 'focused', value: boolean): void {
  const record = records.get(id);
  if (!record?.countdown) return;
  record[reason] = value;
  if (record.hovered || record.focused) record.countdown.pause();
  else record.countdown.resume();
}
