import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { NotFoundPage } from '#src/ui/not-found-page';

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
  return (
    <div aria-hidden="true" className="flex items-end gap-6">
      <span
        className={`size-40 shrink-0 animate-pulse bg-hover md:size-52 ${round ? 'rounded-full' : 'rounded-theme'}`}
      />
      <span className="flex flex-1 flex-col gap-3">
        <span className="h-3 w-20 animate-pulse rounded bg-hover" />
        <span className="h-8 w-2/3 animate-pulse rounded bg-hover" />
        <span className="h-3 w-1/3 animate-pulse rounded bg-hover" />
      </span>
    </div>
  );
}
