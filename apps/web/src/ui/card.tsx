import type { ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps {
  /** The card's heading; also its accessible name. */
  title?: string;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons on the title's line. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** `md` for the admin's dense forms, `lg` for the backstage's and the workspace's panels. */
  size?: 'md' | 'lg';
  /** Space the children apart (a column with gaps), or leave their spacing to them. */
  stack?: boolean;
}

/**
 * The one titled panel of the app's settings, admin and backstage pages: a bordered section named
 * by its title, the title with its actions on one line (a description under it), then the content.
 */
export function Card({
  title,
  description,
  actions,
  children,
  className,
  size = 'lg',
  stack = true,
}: CardProps) {
  const header = title || description || actions;
  return (
    <section
      aria-label={title}
      className={cx(
        'rounded-theme border border-divider bg-bg p-4 md:p-6',
        stack && 'flex flex-col gap-4',
        className,
      )}
    >
      {header && (
        <div
          className={cx(
            'flex justify-between gap-2',
            size === 'lg' && 'flex-wrap',
            description ? 'items-start' : 'items-center',
            !stack && 'mb-4',
          )}
        >
          {(title || description) && (
            <div className="min-w-0">
              {title && (
                <h2 className={cx('font-semibold', size === 'md' ? 'text-base text-fg' : 'text-lg')}>
                  {title}
                </h2>
              )}
              {description && <p className="mt-1 text-sm text-muted">{description}</p>}
            </div>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
