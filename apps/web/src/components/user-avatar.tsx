import { cx } from '#src/ui/cx';

/** Round avatar, or the first letter of the name on a primary-coloured disc. */
export function UserAvatar({
  name,
  src,
  className,
}: {
  name: string;
  src: string | null;
  className?: string;
}) {
  if (src) return <img src={src} alt="" className={cx('size-8 rounded-full object-cover', className)} />;
  return (
    <span
      aria-hidden="true"
      className={cx(
        'flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-on-primary uppercase',
        className,
      )}
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
