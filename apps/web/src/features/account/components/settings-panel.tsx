import type { ReactNode } from 'react';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';

export interface SettingsPanelProps {
  /** The SPEC §2 anchor (account-details, two-factor…). */
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Danger zone styling. */
  tone?: 'default' | 'danger';
  className?: string;
}

/** One card of the account settings page: heading, short description, content. */
export function SettingsPanel({
  id,
  title,
  description,
  children,
  tone = 'default',
  className,
}: SettingsPanelProps) {
  const headingId = `${id}-heading`;
  const { trans } = useTrans();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cx(
        'scroll-mt-24 rounded-theme border bg-paper px-4 py-6 shadow-sm sm:px-6',
        tone === 'danger' ? 'border-danger/50' : 'border-divider',
        className,
      )}
    >
      <h2 id={headingId} className={cx('text-lg font-semibold', tone === 'danger' && 'text-danger')}>
        {trans(title)}
      </h2>
      {description && (
        <p className="mt-1 text-sm text-muted">
          {typeof description === 'string' ? trans(description) : description}
        </p>
      )}
      <div className="mt-6">{children}</div>
    </section>
  );
}
