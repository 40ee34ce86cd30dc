import { TOAST_DANGER_DURATION_MS, TOAST_DEFAULT_DURATION_MS } from '@zema/contracts';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  type QueuedToast,
  Button as RACButton,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastQueue as RACToastQueue,
  UNSTABLE_ToastRegion as RACToastRegion,
  Text,
} from 'react-aria-components';
import { cx } from './cx';
import { Spinner } from './spinner';

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
const queue = new RACToastQueue<ToastData>({ maxVisibleToasts: 1 });
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

function setPaused(id: string, reason: 'hovered' | 'focused', value: boolean): void {
  const record = records.get(id);
  if (!record?.countdown) return;
  record[reason] = value;
  if (record.hovered || record.focused) record.countdown.pause();
  else record.countdown.resume();
}

// Bottom toasts sit above a bar fixed to the bottom of the screen (the player, see bottom-inset.ts).
const regionPositions: Record<ToastPosition, string> = {
  'bottom-center': 'bottom-[calc(var(--bottom-bar-inset)+1rem)] left-1/2 -translate-x-1/2 items-center',
  'bottom-left': 'bottom-[calc(var(--bottom-bar-inset)+1rem)] left-4 items-start',
  'bottom-right': 'bottom-[calc(var(--bottom-bar-inset)+1rem)] right-4 items-end',
  'top-center': 'top-4 left-1/2 -translate-x-1/2 items-center',
  'top-left': 'top-4 left-4 items-start',
  'top-right': 'top-4 right-4 items-end',
};

const icons: Record<ToastType, ReactNode> = {
  positive: <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-positive" />,
  danger: <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-danger" />,
  loading: <Spinner size="xs" label="Loading" className="text-primary" />,
};

/** Render once, near the root of the app. F6 moves focus into it (React Aria landmark). */
export function ToastRegion() {
  return (
    <RACToastRegion
      queue={queue}
      aria-label="Notifications"
      className={({ visibleToasts }) =>
        cx(
          'fixed z-[100] flex w-[calc(100%-2rem)] max-w-[560px] flex-col gap-2 outline-none',
          regionPositions[visibleToasts[0]?.content.position ?? 'bottom-center'],
        )
      }
    >
      {({ toast: queued }) => <ToastView toast={queued} />}
    </RACToastRegion>
  );
}

function ToastView({ toast: queued }: { toast: QueuedToast<ToastData> }) {
  const data = queued.content;
  const ref = useRef<HTMLDivElement>(null);
  // RAC's Toast takes no focus props, so listen on the element itself (hover or focus pauses).
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const id = data.id;
    const enter = () => setPaused(id, 'hovered', true);
    const leave = () => setPaused(id, 'hovered', false);
    const focusIn = () => setPaused(id, 'focused', true);
    const focusOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) setPaused(id, 'focused', false);
    };
    el.addEventListener('mouseenter', enter);
    el.addEventListener('mouseleave', leave);
    el.addEventListener('focusin', focusIn);
    el.addEventListener('focusout', focusOut);
    return () => {
      el.removeEventListener('mouseenter', enter);
      el.removeEventListener('mouseleave', leave);
      el.removeEventListener('focusin', focusIn);
      el.removeEventListener('focusout', focusOut);
    };
  }, [data.id]);
  return (
    <RACToast
      toast={queued}
      ref={ref}
      className={cx(
        'flex min-h-12 w-max max-w-full items-center gap-3 rounded-theme border border-divider bg-paper py-2 pr-2 pl-4 text-fg shadow-xl shadow-black/15 dark:shadow-black/50',
      )}
    >
      <RACToastContent className="flex min-w-0 flex-1 items-center gap-3 py-1">
        {data.type && icons[data.type]}
        <Text slot="title" className="min-w-0 text-sm font-medium break-words">
          {data.message}
        </Text>
      </RACToastContent>
      {data.action && (
        <RACButton
          onPress={() => {
            data.action?.onAction();
            dismissToast(data.id);
          }}
          className={cx(
            'shrink-0 cursor-pointer rounded-theme px-3 py-1.5 text-sm font-semibold text-primary data-hovered:bg-hover',
          )}
        >
          {data.action.label}
        </RACButton>
      )}
      {data.type !== 'loading' && (
        <RACButton
          slot="close"
          aria-label="Close"
          className={cx(
            'flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted data-hovered:bg-hover data-hovered:text-fg',
          )}
        >
          <X aria-hidden="true" className="size-4" />
        </RACButton>
      )}
    </RACToast>
  );
}
