import type { ReactNode } from 'react';
import { cx } from '#src/ui/cx';

/** A titled panel of the workspace page (the backstage's card look). */
export function WorkspaceCard({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={cx('flex flex-col gap-4 rounded-theme border border-divider bg-bg p-4 md:p-6', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{title}</h2>
          {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
