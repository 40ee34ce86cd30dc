import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  type QueuedToast,
  Button as RACButton,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastRegion as RACToastRegion,
  Text,
} from 'react-aria-components';
import { useTrans } from '#src/lib/i18n';
import { cx } from './cx';
import { Spinner } from './spinner';
import {
  dismissToast,
  queue,
  setPaused,
  type ToastData,
  type ToastPosition,
  type ToastType,
} from './toast-queue';

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
  loading: <Spinner size="xs" className="text-primary" />,
};

/** The toast region (loaded by `ToastRegion` with the first toast). */
export default function ToastRegionView() {
  const { trans } = useTrans();
  return (
    <RACToastRegion
      queue={queue}
      aria-label={trans('Notifications')}
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
  const { trans } = useTrans();
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
          aria-label={trans('Close')}
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
