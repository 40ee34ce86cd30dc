import type { ReactNode } from 'react';
import { cx } from '#src/ui/cx';

/** Header of a collection page: artwork, a kind label ("Playlist"), the title, details, actions. */
export function CollectionHeader({
  image,
  imageFallback,
  round,
  kind,
  title,
  details,
  actions,
}: {
  image?: ReactNode;
  imageFallback?: ReactNode;
  round?: boolean;
  kind: string;
  title: string;
  details?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-5 pb-6">
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-end">
        <div
          className={cx(
            'flex size-44 shrink-0 items-center justify-center overflow-hidden bg-bg-alt text-muted shadow-lg sm:size-52',
            round ? 'rounded-full' : 'rounded-theme',
          )}
        >
          {image ?? imageFallback}
        </div>
        <div className="flex min-w-0 flex-col items-center gap-2 text-center sm:items-start sm:text-left">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted">{kind}</p>
          <h1 className="max-w-full text-3xl font-extrabold tracking-tight break-words sm:text-4xl lg:text-5xl">
            {title}
          </h1>
          {details && <div className="text-sm text-muted">{details}</div>}
        </div>
      </div>
      {actions && (
        <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">{actions}</div>
      )}
    </header>
  );
}
