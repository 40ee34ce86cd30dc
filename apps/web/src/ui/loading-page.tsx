import { useTrans } from '#src/lib/i18n';
import { useMarksPageLoading } from '#src/lib/page-ready';
import { cx } from './cx';
import { Spinner, useDelayedVisibility } from './spinner';

export interface LoadingPageProps {
  /** When false the spinner leaves, but only after it has been shown for at least 200 ms. */
  isLoading?: boolean;
  className?: string;
}

/**
 * Full-page loading state (SPEC §2): 'Loading page...' for assistive technology at once, the
 * spinner only after 500 ms so fast loads do not flash, and then for at least 200 ms.
 */
export function LoadingPage({ isLoading = true, className }: LoadingPageProps) {
  const { trans } = useTrans();
  const showSpinner = useDelayedVisibility(isLoading);
  useMarksPageLoading(isLoading);
  return (
    <div
      role="status"
      aria-busy={isLoading}
      className={cx(
        'flex min-h-dvh w-full flex-col items-center justify-center bg-bg text-primary',
        className,
      )}
    >
      <span className="sr-only">{trans('Loading page...')}</span>
      {showSpinner && <Spinner size="lg" label={trans('Loading page...')} />}
    </div>
  );
}
