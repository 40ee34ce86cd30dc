import { Radio } from 'lucide-react';
import { cx } from '#src/ui/cx';

/** A station's or a song's picture, or the radio icon in its place. */
export function StationArt({
  src,
  className,
  priority,
}: {
  src: string | null | undefined;
  className?: string;
  /** The page's largest image (its LCP element): fetched first. */
  priority?: boolean;
}) {
  if (src)
    return (
      <img
        src={src}
        alt=""
        fetchPriority={priority ? 'high' : undefined}
        className={cx('shrink-0 rounded-theme object-cover', className)}
      />
    );
  return (
    <span
      className={cx(
        'flex shrink-0 items-center justify-center rounded-theme bg-bg-alt text-muted',
        className,
      )}
    >
      <Radio aria-hidden="true" className="size-1/3" />
    </span>
  );
}
