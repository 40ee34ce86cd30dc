import { type ReactNode, useEffect, useRef } from 'react';
import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { NotFoundPage } from '#src/ui/not-found-page';

// The states of every list and page of the music UI, in one place: skeletons while loading,
// empty, error (a page's 404 is the not-found page), and loading more.
/** Grey rows shaped like track rows while the first page loads. */
export function TrackRowsSkeleton({ rows = 8, label }: { rows?: number; label?: string }) {
  const { trans } = useTrans();
  return (
    <div role="status" aria-label={label ?? trans('Loading')} className="flex flex-col gap-1">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="flex items-center gap-3 px-2 py-1.5">
          <span className="size-10 shrink-0 animate-pulse rounded-full bg-bg-alt" />
          <span className="size-10 shrink-0 animate-pulse rounded bg-bg-alt" />
          <span className="flex flex-1 flex-col gap-1.5">
            <span className="h-3.5 w-1/3 animate-pulse rounded bg-bg-alt" />
            <span className="h-3 w-1/5 animate-pulse rounded bg-bg-alt" />
          </span>
        </div>
      ))}
    </div>
  );
}

/** One grey card: artwork (round for people), title and subtitle lines. */
export function SkeletonCard({ round }: { round?: boolean }) {
  return (
    <div className="flex flex-col gap-2 p-2">
      <span
        className={cx(
          'aspect-square w-full animate-pulse bg-bg-alt',
          round ? 'rounded-full' : 'rounded-theme',
        )}
      />
      <span className="h-3.5 w-2/3 animate-pulse rounded bg-bg-alt" />
      <span className="h-3 w-1/3 animate-pulse rounded bg-bg-alt" />
    </div>
  );
}

/** Grey cards while a grid loads. */
export function CardGridSkeleton({
  count = 12,
  round,
  label,
}: {
  count?: number;
  round?: boolean;
  label?: string;
}) {
  const { trans } = useTrans();
  return (
    <div role="status" aria-label={label ?? trans('Loading')} className={cardGridClass}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <SkeletonCard key={i} round={round} />
      ))}
    </div>
  );
}

export const cardGridClass =
  'grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-theme border border-dashed border-divider px-6 py-12 text-center">
      <p className="text-base font-semibold">{title}</p>
      {description && <p className="max-w-md text-sm text-muted">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

export function ErrorState({ onRetry }: { onRetry: () => void }) {
  const { trans } = useTrans();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <p className="text-sm text-muted">{trans('There was an issue. Please try again.')}</p>
      <Button variant="outline" onPress={onRetry}>
        {trans('Try again')}
      </Button>
    </div>
  );
}

/**
 * The one infinite-scroll sentinel: loads the next page when it comes near the viewport, and is a
 * button too, for keyboards and for browsers where the observer never fires.
 */
export function LoadMore({
  hasMore,
  isLoading,
  onLoadMore,
}: {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
}) {
  const { trans } = useTrans();
  const ref = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    // 400 px early: the next page is usually there before the end of the list is.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="flex justify-center py-4">
      <Button variant="outline" size="sm" onPress={onLoadMore} isPending={isLoading}>
        {trans('Load more')}
      </Button>
    </div>
  );
}

/** A failed page load: the 404 page for a missing item, otherwise a message and Retry. */
export function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { trans } = useTrans();
  if (error instanceof ApiError && error.status === 404)
    return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-20 text-center">
      <p className="text-lg font-semibold">{trans('This page could not be loaded.')}</p>
      <Button variant="outline" onPress={onRetry}>
        {trans('Retry')}
      </Button>
    </div>
  );
}

export function HeaderSkeleton({ round }: { round?: boolean }) {
  // The layout of CollectionHeader (artwork, kind, title, details, actions), so nothing below moves
  // when the data arrives.
  return (
    <div aria-hidden="true" className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-6 md:flex-row md:items-end">
        <span
          className={cx(
            'size-44 shrink-0 animate-pulse bg-hover md:size-56',
            round ? 'rounded-full' : 'rounded-theme',
          )}
        />
        <span className="flex w-full min-w-0 flex-col items-center gap-2 md:items-start">
          <span className="my-0.5 h-3 w-20 animate-pulse rounded bg-hover" />
          <span className="my-1 h-7 w-2/3 animate-pulse rounded bg-hover md:h-10" />
          <span className="my-0.5 h-4 w-1/3 animate-pulse rounded bg-hover" />
        </span>
      </div>
      <span className="flex justify-center gap-3 md:justify-start">
        <span className="size-12 animate-pulse rounded-full bg-hover" />
        <span className="h-12 w-28 animate-pulse rounded-theme bg-hover" />
      </span>
    </div>
  );
}

/** The part of an infinite query the list ladder reads. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * The one ladder of a paginated list (history, liked songs, a profile's tabs): a skeleton while
 * the first page loads, the error state with Retry (or the caller's own answer for an error, e.g.
 * "private" for a 403), the empty state, and otherwise the items followed by the sentinel that
 * loads the next page.
 */
export function PagedList({
  query,
  isEmpty,
  skeleton,
  empty,
  errorState,
  children,
}: {
  query: PagedQuery;
  isEmpty: boolean;
  skeleton: ReactNode;
  empty: ReactNode;
  /** What to show for this error instead of the generic error state; undefined: the generic one. */
  errorState?: (error: unknown) => ReactNode | undefined;
  children: ReactNode;
}) {
  if (query.isPending) return <>{skeleton}</>;
  if (query.isError) {
    return <>{errorState?.(query.error) ?? <ErrorState onRetry={() => void query.refetch()} />}</>;
  }
  if (isEmpty) return <>{empty}</>;
  return (
    <>
      {children}
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
