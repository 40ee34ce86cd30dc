import { BadgeCheck, Disc3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';

/**
 * The top of a collection page (album, track, genre, artist, playlist, liked songs, history):
 * artwork (or an icon in its place), kind, title, details, actions.
 */
export function CollectionHeader({
  image,
  fallback,
  round,
  kind,
  title,
  verified,
  details,
  actions,
  className,
}: {
  image?: string | null;
  /** Shown in the artwork's place when there is no image (a disc by default). */
  fallback?: ReactNode;
  round?: boolean;
  kind: string;
  title: string;
  verified?: boolean;
  details?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  const { trans } = useTrans();
  return (
    <header className={cx('flex flex-col gap-6', className)}>
      <div className="flex flex-col items-center gap-6 text-center md:flex-row md:items-end md:text-left">
        {image ? (
          // The page's largest image (its LCP element): fetched before the rows' artwork.
          <img
            src={image}
            alt=""
            fetchPriority="high"
            className={cx(
              'size-44 shrink-0 object-cover shadow-xl md:size-56',
              round ? 'rounded-full' : 'rounded-theme',
            )}
          />
        ) : (
          <span
            className={cx(
              'flex size-44 shrink-0 items-center justify-center bg-bg-alt text-muted shadow-xl md:size-56',
              round ? 'rounded-full' : 'rounded-theme',
            )}
          >
            {fallback ?? <Disc3 aria-hidden="true" className="size-16" />}
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <p className="flex items-center justify-center gap-1.5 text-xs font-semibold tracking-wide uppercase md:justify-start">
            {verified && (
              <>
                <BadgeCheck aria-hidden="true" className="size-5 text-primary" />
                <span>{trans('Verified artist')}</span>
                <span aria-hidden="true">·</span>
              </>
            )}
            <span>{kind}</span>
          </p>
          <h1 className="max-w-full text-3xl font-extrabold break-words md:text-5xl">{title}</h1>
          {details && <div className="text-sm text-muted">{details}</div>}
        </div>
      </div>
      {actions && (
        <div className="flex flex-wrap items-center justify-center gap-3 md:justify-start">{actions}</div>
      )}
    </header>
  );
}
