import { SPINNER_DELAY_MS, SPINNER_MIN_VISIBLE_MS } from '@zema/contracts';
import { useEffect, useRef, useState } from 'react';
import { ProgressBar } from 'react-aria-components';
import { useTrans } from '#src/lib/i18n';
import { cx } from './cx';

const sizes = { xs: 'size-4', sm: 'size-5', md: 'size-8', lg: 'size-12' } as const;

export interface SpinnerProps {
  /** Accessible name of the progressbar; "Loading" (translated) when absent. */
  label?: string;
  size?: keyof typeof sizes;
  className?: string;
}

/** An indeterminate progress circle, exposed as a labelled progressbar. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const { trans } = useTrans();
  return (
    <ProgressBar
      isIndeterminate
      aria-label={label ?? trans('Loading')}
      className={cx('inline-flex shrink-0', className)}
    >
      <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={cx('animate-spin', sizes[size])}>
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </ProgressBar>
  );
}

export interface DelayedVisibilityOptions {
  /** Time the flag must stay active before anything is shown (SPEC §9: 500 ms). */
  delay?: number;
  /** Once shown, the minimum time it stays shown (SPEC §9: 200 ms). */
  minVisible?: number;
}

/**
 * Avoids spinner flashes: visible only after `delay` ms of `active`, and once visible, kept for at
 * least `minVisible` ms even if `active` turns false sooner.
 */
export function useDelayedVisibility(
  active: boolean,
  { delay = SPINNER_DELAY_MS, minVisible = SPINNER_MIN_VISIBLE_MS }: DelayedVisibilityOptions = {},
): boolean {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  useEffect(() => {
    if (active && !visible) {
      const id = setTimeout(() => {
        shownAt.current = Date.now();
        setVisible(true);
      }, delay);
      return () => clearTimeout(id);
    }
    if (!active && visible) {
      const remaining = minVisible - (Date.now() - shownAt.current);
      if (remaining <= 0) {
        setVisible(false);
        return;
      }
      const id = setTimeout(() => setVisible(false), remaining);
      return () => clearTimeout(id);
    }
    return undefined;
  }, [active, visible, delay, minVisible]);

  return visible;
}
